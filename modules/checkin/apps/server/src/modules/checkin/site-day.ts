/**
 * Days as the site counts them: a check-in belongs to the date clocks show in the `time_zone`
 * setting, not the server's zone nor UTC, so a member in Shanghai checking in at 07:00 gets
 * today's date, not yesterday's.
 */
import { offsetAt } from '@portico/shared';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' in `zone` at the instant `nowMs`. */
export function siteDay(zone: string, nowMs = Date.now()): string {
  return new Date(nowMs + offsetAt(zone, nowMs)).toISOString().slice(0, 10);
}

/** The calendar day before `day` (plain date arithmetic: no zone, so no daylight-saving gaps). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** First and last day of the month 'YYYY-MM'. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}
