/**
 * Wall-clock times in a named time zone (the `time_zone` setting). The original sets PHP's
 * default zone from that setting, so `strtotime('2024-01-02 08:00')` in a datetime search
 * means 08:00 there. Everything else here is unix seconds and needs no zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter for `zone`, or null when the zone is unknown to this Node's ICU data. */
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

/**
 * How far `zone` is ahead of UTC at the instant `ms`, in milliseconds. An empty or unknown
 * zone counts as UTC, the zone this server has always read date texts in.
 */
export function offsetAt(zone: string, ms: number): number {
  const format = formatter(zone);
  if (!format) return 0;
  const parts = format.formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

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
 * The instant (ms) at which clocks in `zone` show the wall time `wallMs` (that wall time
 * written as if it were UTC). Two passes settle daylight-saving edges: the offset is
 * taken again at the first guess.
 */
export function zonedToInstant(wallMs: number, zone: string): number {
  const first = wallMs - offsetAt(zone, wallMs);
  return wallMs - offsetAt(zone, first);
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
