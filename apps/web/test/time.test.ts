import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/lang';
import { timeFormat, toMilliseconds } from '../src/utils/time';

// Built from local parts so the expectations hold in any time zone.
const LOCAL = new Date(2024, 0, 5, 3, 4, 5);
const SECONDS = LOCAL.getTime() / 1000;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toMilliseconds', () => {
  it('treats 10-digit values as seconds', () => {
    expect(toMilliseconds(1700000000)).toBe(1700000000000);
    expect(toMilliseconds('1700000000')).toBe(1700000000000);
  });

  it('leaves millisecond timestamps alone', () => {
    expect(toMilliseconds(1700000000123)).toBe(1700000000123);
    expect(toMilliseconds('1700000000123')).toBe(1700000000123);
  });

  it('parses date strings and dates', () => {
    expect(toMilliseconds('2024-01-05 03:04:05')).toBe(LOCAL.getTime());
    expect(toMilliseconds(LOCAL)).toBe(LOCAL.getTime());
  });
});

describe('timeFormat', () => {
  it('formats 10-digit seconds with the default format', () => {
    expect(timeFormat(SECONDS)).toBe('2024-01-05 03:04:05');
    expect(timeFormat(String(SECONDS))).toBe('2024-01-05 03:04:05');
  });

  it('formats milliseconds the same way', () => {
    expect(timeFormat(LOCAL.getTime())).toBe('2024-01-05 03:04:05');
  });

  it('pads repeated tokens and leaves single ones bare', () => {
    expect(timeFormat(SECONDS, 'y-m-d h:M:s')).toBe('2024-1-5 3:4:5');
    expect(timeFormat(SECONDS, 'yyyy/mm/dd')).toBe('2024/01/05');
    expect(timeFormat(SECONDS, 'hh:MM')).toBe('03:04');
  });

  it("answers 'none' with the translated None", () => {
    expect(timeFormat('none')).toBe('None');
  });

  it('formats now for an empty value', () => {
    vi.useFakeTimers();
    vi.setSystemTime(LOCAL);
    expect(timeFormat()).toBe('2024-01-05 03:04:05');
    expect(timeFormat(null)).toBe('2024-01-05 03:04:05');
    expect(timeFormat('')).toBe('2024-01-05 03:04:05');
  });

  it('returns an unparseable value as given', () => {
    expect(timeFormat('not a date')).toBe('not a date');
  });
});
