/** The check-in module's calls: the member's `/api/checkin/*` and the back-office setting. */
import { createAxios } from '@portico/web-sdk/request';

export interface CheckinStatus {
  /** The site's day, 'YYYY-MM-DD'. */
  today: string;
  checkedToday: boolean;
  streak: number;
  /** Points the next check-in gives. */
  reward: number;
  /** 'YYYY-MM' and the days of it the member checked in on. */
  month: string;
  days: string[];
  monthPoints: number;
  total: number;
}

export interface CheckinResult {
  date: string;
  points: number;
  streak: number;
  /** The member's points afterwards; null when the reward is switched off. */
  score: number | null;
}

export function checkinStatus(month?: string) {
  return createAxios<CheckinStatus>({
    url: '/api/checkin/index',
    method: 'get',
    params: month ? { month } : {},
  });
}

export function checkIn() {
  return createAxios<CheckinResult>(
    { url: '/api/checkin/checkIn', method: 'post' },
    { showSuccessMessage: true },
  );
}

const CONFIG = '/admin/checkin.Checkin/config';

export function rewardSetting() {
  return createAxios<{ points: number; range: { min: number; max: number } }>({ url: CONFIG, method: 'get' });
}

export function saveRewardSetting(points: number) {
  return createAxios<{ points: number }>(
    { url: CONFIG, method: 'post', data: { points } },
    { showSuccessMessage: true },
  );
}
