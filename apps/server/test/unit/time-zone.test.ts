/** Date texts read as wall time in a named zone, across daylight-saving changes. */
import { expect, it } from 'vitest';
import { toUnixSeconds } from '../../src/crud/list-query.js';
import { lastDays } from '../../src/crud/time-zone.js';

it('reads date texts as wall time in the given zone', () => {
  expect(toUnixSeconds('2024-01-02 00:00:00', 'Asia/Shanghai')).toBe(Date.UTC(2024, 0, 1, 16) / 1000);
  expect(toUnixSeconds('2024-01-02', 'UTC')).toBe(Date.UTC(2024, 0, 2) / 1000);
  // New York is UTC-5 in winter and UTC-4 in summer.
  expect(toUnixSeconds('2024-01-15 12:00', 'America/New_York')).toBe(Date.UTC(2024, 0, 15, 17) / 1000);
  expect(toUnixSeconds('2024-07-15 12:00', 'America/New_York')).toBe(Date.UTC(2024, 6, 15, 16) / 1000);
  // Just after the spring-forward gap and the autumn overlap still land on the right side.
  expect(toUnixSeconds('2024-03-10 03:30', 'America/New_York')).toBe(Date.UTC(2024, 2, 10, 7, 30) / 1000);
  expect(toUnixSeconds('2024-11-03 03:00', 'America/New_York')).toBe(Date.UTC(2024, 10, 3, 8) / 1000);
  expect(toUnixSeconds('2024-06-01 10:00', 'Asia/Kolkata')).toBe(Date.UTC(2024, 5, 1, 4, 30) / 1000);
});

it('treats an empty or unknown zone as UTC and leaves unix seconds alone', () => {
  expect(toUnixSeconds('2024-01-02 00:00:00', '')).toBe(Date.UTC(2024, 0, 2) / 1000);
  expect(toUnixSeconds('2024-01-02 00:00:00', 'Not/A_Zone')).toBe(Date.UTC(2024, 0, 2) / 1000);
  expect(toUnixSeconds('1704124800', 'Asia/Shanghai')).toBe(1704124800);
  expect(toUnixSeconds('yesterday', 'Asia/Shanghai')).toBeUndefined();
});

it('lists the last days by their local midnights', () => {
  // 2024-03-10 12:00 UTC is 08:00 in New York, the day clocks spring forward.
  const { days, starts } = lastDays('America/New_York', 3, Date.UTC(2024, 2, 10, 12));
  expect(days).toEqual(['2024-03-08', '2024-03-09', '2024-03-10']);
  expect(starts).toEqual([
    Date.UTC(2024, 2, 8, 5) / 1000,
    Date.UTC(2024, 2, 9, 5) / 1000,
    // After the change midnight is 04:00 UTC.
    Date.UTC(2024, 2, 10, 5) / 1000,
    Date.UTC(2024, 2, 11, 4) / 1000,
  ]);
  // Just after local midnight in Shanghai the new day is already "today".
  expect(lastDays('Asia/Shanghai', 1, Date.UTC(2024, 0, 1, 16, 30)).days).toEqual(['2024-01-02']);
});
