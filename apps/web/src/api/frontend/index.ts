/** Member centre boot and sign-in: `/api/index/index`, `/api/user/*`. */
import type { MemberRule, SiteConfig, UserInfo } from '@portico/shared';
import { ApiController, apiUrl } from '@portico/shared';
import { createAxios } from '../request';

export interface FrontIndex {
  site: Pick<SiteConfig, 'siteName' | 'recordNumber' | 'version' | 'cdnUrl' | 'upload'>;
  openMemberCenter: boolean;
  sendCodeCaptcha: boolean;
  userInfo: Omit<UserInfo, 'token' | 'refresh_token'> | null;
  rules: MemberRule[];
  menus: MemberRule[];
}

export function frontIndex(requiredLogin = false) {
  return createAxios<FrontIndex>({
    url: apiUrl(ApiController.index, 'index'),
    method: 'get',
    params: requiredLogin ? { requiredLogin: 1 } : {},
  });
}

export function checkInConfig() {
  return createAxios<{
    userLoginCaptchaSwitch: boolean;
    accountVerificationType: string[];
    /** A code can be sent by e-mail or SMS, which registration needs. */
    registerAvailable: boolean;
  }>({
    url: apiUrl(ApiController.user, 'checkIn'),
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
    { url: apiUrl(ApiController.user, 'checkIn'), method: 'post', data: { ...data, tab: 'login' } },
    { showSuccessMessage: true },
  );
}

export interface MemberRegisterForm {
  username: string;
  password: string;
  registerType: 'email' | 'mobile';
  email?: string;
  mobile?: string;
  /** The code sent to the e-mail address or mobile number. */
  captcha: string;
}

export function memberRegister(data: MemberRegisterForm) {
  return createAxios<{ userInfo: UserInfo; routePath: string }>(
    { url: apiUrl(ApiController.user, 'checkIn'), method: 'post', data: { ...data, tab: 'register' } },
    { showSuccessMessage: true },
  );
}
