/** Back-office boot, sign-in and sign-out: `/admin/index/*`, plus the cache clearing of the nav bar. */
import type { AdminInfo, ServerRule, SiteConfig, TerminalSettings } from '@portico/shared';
import { AdminController, adminUrl } from '@portico/shared';
import { createAxios } from '../request';
import type { SecondStep, SignedIn } from './two-factor';

export interface AdminIndex {
  adminInfo: Omit<AdminInfo, 'token' | 'refresh_token'>;
  menus: ServerRule[];
  siteConfig: SiteConfig;
  terminal: TerminalSettings;
}

export function adminIndex() {
  return createAxios<AdminIndex>({ url: adminUrl(AdminController.index, 'index'), method: 'get' });
}

export function loginConfig() {
  return createAxios<{ captcha: boolean }>({ url: adminUrl(AdminController.index, 'login'), method: 'get' });
}

export interface LoginForm {
  username: string;
  password: string;
  keep: boolean;
  captchaId?: string;
  captcha?: string;
}

/**
 * Signed in, or the password is right and a second factor is asked for (two-factor.ts). No
 * success toast here: the sign-in has not succeeded while a second factor is still asked for.
 */
export function login(data: LoginForm) {
  return createAxios<SignedIn | { twoFactor: SecondStep }>({
    url: adminUrl(AdminController.index, 'login'),
    method: 'post',
    data,
  });
}

export function logout(refreshToken: string) {
  return createAxios({
    url: adminUrl(AdminController.index, 'logout'),
    method: 'post',
    data: { refreshToken },
  });
}

export function clearCache(type: 'tp' | 'all') {
  return createAxios(
    { url: adminUrl(AdminController.ajax, 'clearCache'), method: 'post', data: { type } },
    { showSuccessMessage: true },
  );
}
