/**
 * Wall-clock times in a named time zone (the `time_zone` setting). The original sets PHP's
 * default zone from that setting, so `strtotime('2024-01-02 08:00')` in a datetime search
 * means 08:00 there. Everything else here is unix seconds and needs no zone. The zone
 * arithmetic itself is shared with the web (`@portico/shared` time-zone.ts).
 */
import { offsetAt, zonedToInstant } from '@portico/shared';

/**
 * Unix seconds as the original renders an administrator's last login: `Y-m-d H:i:s` on the
 * clocks of `zone`; '' for none (null or 0).
 */
export function wallClockText(seconds: number | null, zone: string): string {
  if (!seconds) return '';
  const ms = seconds * 1000;
  const wall = new Date(ms + offsetAt(zone, ms));
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
  );
}

/**
 * The starts (unix seconds) of the last `count` days in `zone`, oldest first, with their
 * dates as 'YYYY-MM-DD', and the start of tomorrow closing the last one.
 */
export function lastDays(zone: string, count: number, nowMs = Date.now()) {
  const wallNow = nowMs + offsetAt(zone, nowMs);
  const todayWall = Math.floor(wallNow / 86_400_000) * 86_400_000;
  const days: string[] = [];
  const starts: number[] = [];
  for (let i = count - 1; i >= -1; i--) {
    const wall = todayWall - i * 86_400_000;
    starts.push(Math.floor(zonedToInstant(wall, zone) / 1000));
    if (i >= 0) days.push(new Date(wall).toISOString().slice(0, 10));
  }
  return { days, starts };
}
