/**
 * Wall clocks in a named time zone (the site's `time_zone` setting), the same on the server
 * (exports, the last sign-in, date searches) and in the browser (every time shown), so both
 * read one moment as one time.
 */

/** A moment's wall-clock reading: y year, m month (1-12), d day, h hour, M minute, s second. */
export interface WallClock {
  y: number;
  m: number;
  d: number;
  h: number;
  M: number;
  s: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for `zone`, or null when the runtime's ICU data does not know the zone. */
function formatter(zone: string): Intl.DateTimeFormat | null {
  let found = formatters.get(zone);
  if (found === undefined) {
    try {
      found = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      found = null;
    }
    // Bounded: the setting changes rarely, but it is free text.
    if (formatters.size > 100) formatters.clear();
    formatters.set(zone, found);
  }
  return found;
}

/** Whether the runtime knows `zone` (an unknown one is read as UTC, as the server always has). */
export const isKnownTimeZone = (zone: string): boolean => formatter(zone) !== null;

/** The clocks of `zone` at the instant `ms`, or null when the zone is unknown. */
export function wallClockIn(zone: string, ms: number): WallClock | null {
  const format = formatter(zone);
  if (!format) return null;
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    y: part('year'),
    m: part('month'),
    d: part('day'),
    h: part('hour'),
    M: part('minute'),
    s: part('second'),
  };
}

/** A wall-clock reading written as if it were UTC, in milliseconds. */
export const wallClockAsUtc = (wall: WallClock): number =>
  Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.M, wall.s);

/**
 * How far `zone` is ahead of UTC at the instant `ms`, in milliseconds. An empty or unknown
 * zone counts as UTC.
 */
export function offsetAt(zone: string, ms: number): number {
  const wall = wallClockIn(zone, ms);
  return wall ? wallClockAsUtc(wall) - Math.floor(ms / 1000) * 1000 : 0;
}

/**
 * The instant (ms) at which clocks in `zone` show the wall time `wallMs` (that wall time
 * written as if it were UTC). Two passes settle daylight-saving edges: the offset is
 * taken again at the first guess.
 */
export function zonedToInstant(wallMs: number, zone: string): number {
  const first = wallMs - offsetAt(zone, wallMs);
  return wallMs - offsetAt(zone, first);
}
