/**
 * Durations read as English does: the dashboard's working time says "1 day" and "2 days",
 * never "1 days".
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { WorkingTimeCard } from '../src/components/dashboard/working-time';
import { initI18n, loadBackendTexts } from '../src/lang';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The card after working `seconds` today (started that long ago, no breaks). */
function workedFor(seconds: number): string {
  vi.useFakeTimers({ toFake: ['Date'] });
  const now = new Date(2024, 0, 5, 23, 59, 0);
  vi.setSystemTime(now);
  const date = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
  const startTime = Math.floor(now.getTime() / 1000) - seconds;
  localStorage.setItem('workingTime', JSON.stringify({ date, startTime, pauseTime: 0, startPauseTime: 0 }));
  render(<WorkingTimeCard />);
  const text = screen.getByTestId('working-time').textContent ?? '';
  cleanup();
  return text;
}

it('says "1 day" and "2 days" in English', () => {
  expect(workedFor(86_400 + 3600 + 61)).toBe('1 day 1h 01m 01s');
  expect(workedFor(2 * 86_400)).toBe('2 days 0h 00m 00s');
  expect(workedFor(59)).toBe('0h 00m 59s');
});
