/**
 * Dates as the original shows them (reference web §8 "Date helper", SPEC section 9): the
 * server sends unix seconds, so 10-digit values are seconds; the default format is
 * yyyy-mm-dd hh:MM:ss (y year, m month, d day, h hour, M minute, s second; a repeated
 * letter is zero-padded to its length); an empty value means now.
 */
import { t } from '../lang';

export const DEFAULT_TIME_FORMAT = 'yyyy-mm-dd hh:MM:ss';

/** Epoch milliseconds of a timestamp (seconds when it has 10 digits) or a date string. */
export function toMilliseconds(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value).trim();
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
  const date = new Date(ms);
  // An unparseable value is shown as given rather than as "NaN-NaN-NaN".
  if (Number.isNaN(date.getTime())) return String(value);
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    M: date.getMinutes(),
    s: date.getSeconds(),
  };
  return format.replace(/y+|m+|d+|h+|M+|s+/g, (token) => {
    const part = String(parts[token.charAt(0)]);
    return token.length > 1 ? part.padStart(token.length, '0') : part;
  });
}
