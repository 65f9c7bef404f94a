/** The check-in module's calls: the member's `/api/checkin/*` and the back-office setting. */
import {
  CHECKIN_CONTROLLER,
  CHECKIN_ROUTES,
  type CheckInResult,
  type CheckInStatus,
  type RewardSetting,
} from '@portico/shared/modules/checkin';
import { createAxios } from '@portico/web-sdk/request';

export function checkinStatus(month?: string) {
  return createAxios<CheckInStatus>({
    url: `/api/${CHECKIN_ROUTES.status}`,
    method: 'get',
    params: month ? { month } : {},
  });
}

export function checkIn() {
  return createAxios<CheckInResult>(
    { url: `/api/${CHECKIN_ROUTES.checkIn}`, method: 'post' },
    { showSuccessMessage: true },
  );
}

const CONFIG = `/admin/${CHECKIN_CONTROLLER}/config`;

export function rewardSetting() {
  return createAxios<RewardSetting>({ url: CONFIG, method: 'get' });
}

export function saveRewardSetting(points: number) {
  return createAxios<Pick<RewardSetting, 'points'>>(
    { url: CONFIG, method: 'post', data: { points } },
    { showSuccessMessage: true },
  );
}
