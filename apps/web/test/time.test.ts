import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../src/lang';
import { useSiteConfig } from '../src/stores/site-config';
import { timeFormat, toMilliseconds, wallClockToSeconds, zoneLabel } from '../src/utils/time';

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

describe("in the site's time zone", () => {
  // 1700000000 is 2023-11-14 22:13:20 UTC: 06:13:20 the next day in Shanghai, 17:13:20 in New York.
  const MOMENT = 1700000000;
  afterEach(() => {
    useSiteConfig.getState().set({ timeZone: '' });
  });

  it('shows a moment on the site clocks, whatever the browser zone', () => {
    useSiteConfig.getState().set({ timeZone: 'Asia/Shanghai' });
    expect(timeFormat(MOMENT)).toBe('2023-11-15 06:13:20');
    useSiteConfig.getState().set({ timeZone: 'America/New_York' });
    expect(timeFormat(MOMENT)).toBe('2023-11-14 17:13:20');
  });

  it('reads a date text without a zone as the site clock, and picks back the same instant', () => {
    useSiteConfig.getState().set({ timeZone: 'Asia/Shanghai' });
    expect(toMilliseconds('2023-11-15 06:13:20')).toBe(MOMENT * 1000);
    expect(wallClockToSeconds({ y: 2023, m: 11, d: 15, h: 6, M: 13, s: 20 })).toBe(MOMENT);
    // Across a daylight-saving change: 2024-03-10 03:30 in New York is 07:30 UTC.
    useSiteConfig.getState().set({ timeZone: 'America/New_York' });
    expect(wallClockToSeconds({ y: 2024, m: 3, d: 10, h: 3, M: 30, s: 0 })).toBe(
      Date.UTC(2024, 2, 10, 7, 30) / 1000,
    );
  });

  it('names the zone with its offset, and reads a zone the browser does not know as UTC', () => {
    useSiteConfig.getState().set({ timeZone: 'Asia/Shanghai' });
    expect(zoneLabel(MOMENT * 1000)).toBe('Asia/Shanghai (UTC+8)');
    useSiteConfig.getState().set({ timeZone: 'Asia/Kolkata' });
    expect(zoneLabel(MOMENT * 1000)).toBe('Asia/Kolkata (UTC+5:30)');
    useSiteConfig.getState().set({ timeZone: 'Not/AZone' });
    expect(timeFormat(MOMENT)).toBe('2023-11-14 22:13:20');
    expect(zoneLabel(MOMENT * 1000)).toBe('UTC');
  });
});
