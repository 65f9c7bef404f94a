/**
 * Dates as the original shows them (the original's "Date helper"): the
 * server sends unix seconds, so 10-digit values are seconds; the default format is
 * yyyy-mm-dd hh:MM:ss (y year, m month, d day, h hour, M minute, s second; a repeated
 * letter is zero-padded to its length); an empty value means now.
 *
 * Every time is shown on the clocks of the site's `time_zone` setting, as the server writes
 * exports, the profile's last sign-in and the check-in dates: a browser elsewhere would
 * otherwise show the same moment as another time, with nothing to tell which.
 */
import { isKnownTimeZone, type WallClock, wallClockAsUtc, wallClockIn } from '@portico/shared';
import { t } from '../lang';
import { useSiteConfig } from '../stores/site-config';

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';

/**
 * The zone times are shown in: the site's. Before the site config has arrived (nothing shows a
 * time then) the browser's own; a zone the browser does not know is read as UTC, as the server does.
 */
function siteTimeZone(): string | undefined {
  const zone = useSiteConfig.getState().timeZone;
  if (!zone) return undefined;
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

/** The wall clock of the site's zone at the instant `ms` (the browser's before the site config came). */
export function wallClockAt(ms: number): WallClock {
  const zone = siteTimeZone();
  const wall = zone ? wallClockIn(zone, ms) : null;
  if (wall) return wall;
  const date = new Date(ms);
  return {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    M: date.getMinutes(),
    s: date.getSeconds(),
  };
}

/** How far the site's clocks are ahead of UTC at the instant `ms`, in minutes. */
export function siteOffsetMinutes(ms = Date.now()): number {
  return Math.round((wallClockAsUtc(wallClockAt(ms)) - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant (unix seconds) at which the site's clocks read `wall`. Two passes settle
 * daylight-saving edges: the offset is taken again at the first guess.
 */
export function wallClockToSeconds(wall: WallClock): number {
  const asUtc = wallClockAsUtc(wall);
  const first = asUtc - siteOffsetMinutes(asUtc) * 60_000;
  return Math.floor((asUtc - siteOffsetMinutes(first) * 60_000) / 1000);
}

/** The site's zone as people read it, e.g. "Asia/Shanghai (UTC+8)", for where a time could be doubted. */
export function zoneLabel(ms = Date.now()): string {
  const offset = siteOffsetMinutes(ms);
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const utc = `UTC${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  const zone = siteTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone === 'UTC' ? 'UTC' : `${zone} (${utc})`;
}

/** Epoch milliseconds of a timestamp (seconds when it has 10 digits) or a date string. */
export function toMilliseconds(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value).trim();
  // A date text without a zone is the site's wall clock, as the server writes it.
  const wall = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(text);
  if (wall) {
    const [y, m, d, h, M, s] = wall.slice(1).map((part) => Number(part ?? 0));
    return wallClockToSeconds({ y, m, d, h, M, s } as WallClock) * 1000;
  }
  // Digit strings are timestamps too: `new Date('1700000000')` would not parse them.
  if (!/^-?\d+(\.\d+)?$/.test(text)) return Date.parse(text);
  const n = Number(text);
  return String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n;
}

export function timeFormat(
  value?: number | string | Date | null,
  format: string = DEFAULT_TIME_FORMAT,
): string {
  if (value === 'none') return t('utils.None');
  // As the original: null, '' and 0 all mean "now".
  const ms =
    value === undefined || value === null || value === '' || value === 0 ? Date.now() : toMilliseconds(value);
  // An unparseable value is shown as given rather than as "NaN-NaN-NaN".
  if (Number.isNaN(new Date(ms).getTime())) return String(value);
  const parts: Record<string, number> = { ...wallClockAt(ms) };
  return format.replace(/y+|m+|d+|h+|M+|s+/g, (token) => {
    const part = String(parts[token.charAt(0)]);
    return token.length > 1 ? part.padStart(token.length, '0') : part;
  });
}
