/** Member centre boot and sign-in: `/api/index/index`, `/api/user/*`. */
import type { UserInfo } from '../../stores/user-info';
import { createAxios } from '../request';

export interface FrontIndex {
  site: { siteName: string; recordNumber: string; version: string; cdnUrl: string };
  openMemberCenter: boolean;
  userInfo: Omit<UserInfo, 'token' | 'refresh_token'> | null;
  rules: unknown[];
  menus: unknown[];
}

export function frontIndex(requiredLogin = false) {
  return createAxios<FrontIndex>({
    url: '/api/index/index',
    method: 'get',
    params: requiredLogin ? { requiredLogin: 1 } : {},
  });
}

export function checkInConfig() {
  return createAxios<{ userLoginCaptchaSwitch: boolean; accountVerificationType: string[] }>({
    url: '/api/user/checkIn',
    method: 'get',
  });
}

export interface MemberLoginForm {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captcha?: string;
}

export function memberLogin(data: MemberLoginForm) {
  return createAxios<{ userInfo: UserInfo; routePath: string }>(
    { url: '/api/user/checkIn', method: 'post', data: { ...data, tab: 'login' } },
    { showSuccessMessage: true },
  );
}
