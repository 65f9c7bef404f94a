/** Date texts read as wall time in a named zone, across daylight-saving changes. */
import { expect, it } from 'vitest';
import { toUnixSeconds } from '../../src/crud/list-query.js';

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
