/** The member centre's own account calls: `/api/account/*`, codes by e-mail and SMS, sign-out. */
import type { UserInfo } from '@portico/shared';
import { ApiController, apiUrl } from '@portico/shared';
import { createAxios } from '../request';

export type Channel = 'email' | 'mobile';

export function accountOverview() {
  return createAxios<{ days: string[]; score: number[]; money: string[] }>({
    url: apiUrl(ApiController.account, 'overview'),
    method: 'get',
  });
}

export function profileConfig() {
  return createAxios<{ accountVerificationType: Channel[] }>({
    url: apiUrl(ApiController.account, 'profile'),
    method: 'get',
  });
}

export type Profile = Pick<UserInfo, 'avatar' | 'username' | 'nickname' | 'gender' | 'birthday' | 'motto'>;

export function saveProfile(data: Profile) {
  return createAxios<{ userInfo: UserInfo }>(
    { url: apiUrl(ApiController.account, 'profile'), method: 'post', data },
    { showSuccessMessage: true },
  );
}

export function changePassword(data: { oldPassword: string; newPassword: string }) {
  return createAxios(
    { url: apiUrl(ApiController.account, 'changePassword'), method: 'post', data },
    { showSuccessMessage: true },
  );
}

export interface LedgerRow {
  id: number;
  money?: string;
  score?: number;
  before: string | number;
  after: string | number;
  memo: string;
  create_time: number;
}

export function ledger(kind: 'balance' | 'integral', page: number, limit: number) {
  return createAxios<{ list: LedgerRow[]; total: number }>({
    url: apiUrl(ApiController.account, kind),
    method: 'get',
    params: { page, limit },
  });
}

/** Proves the current address with its code; answers a token for changeBind. */
export function verifyAccount(data: { type: Channel; captcha: string }) {
  return createAxios<{ type: Channel; accountVerificationToken: string }>({
    url: apiUrl(ApiController.account, 'verification'),
    method: 'post',
    data,
  });
}

export function changeBind(data: {
  type: Channel;
  email?: string;
  mobile?: string;
  captcha: string;
  accountVerificationToken?: string;
  password?: string;
}) {
  return createAxios<{ userInfo: UserInfo }>(
    { url: apiUrl(ApiController.account, 'changeBind'), method: 'post', data },
    { showSuccessMessage: true },
  );
}

export function retrievePassword(data: {
  type: Channel;
  account: string;
  captcha: string;
  password: string;
}) {
  return createAxios(
    { url: apiUrl(ApiController.account, 'retrievePassword'), method: 'post', data },
    { showSuccessMessage: true },
  );
}

export interface CodeRequest {
  channel: Channel;
  address: string;
  event: string;
  /** The account password, for events that verify the member's own address. */
  password?: string;
}

/** Sends a verification code; the image captcha answer travels with it. */
export function sendCode(request: CodeRequest, captcha: { captchaId?: string; captcha?: string }) {
  const data =
    request.channel === 'email'
      ? { email: request.address, event: request.event }
      : { mobile: request.address, template_code: request.event };
  return createAxios(
    {
      url:
        request.channel === 'email' ? apiUrl(ApiController.ems, 'send') : apiUrl(ApiController.sms, 'send'),
      method: 'post',
      data: { ...data, password: request.password, ...captcha },
    },
    { showSuccessMessage: true },
  );
}

export function memberLogout(refreshToken: string) {
  return createAxios({ url: apiUrl(ApiController.user, 'logout'), method: 'post', data: { refreshToken } });
}
