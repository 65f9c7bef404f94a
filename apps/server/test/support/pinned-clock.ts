/**
 * Stops the clock at `iso` for the test and the server it runs in-process alike (Date only:
 * timers, drivers and pools keep real time), for tests that compute a day ("today", the last
 * seven days) in the test and again in the server: on the real clock a run across midnight (UTC,
 * or 16:00 UTC, the site's in Asia/Shanghai) sees two days. Pick a past instant: a later one
 * would expire the tokens the suite issued in real time. Undone after each test of the file.
 */
import { afterEach, vi } from 'vitest';

export function pinClockPerTest(): (iso: string) => void {
  afterEach(() => {
    vi.useRealTimers();
  });
  return (iso) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };
}
