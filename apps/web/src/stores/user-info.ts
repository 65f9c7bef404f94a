/**
 * The signed-in member, persisted under `userInfo` (the original's storage key:
 * docs/architecture.md, "Wire contract").
 */
import type { UserInfo } from '@portico/shared';
import { signedInStore } from './signed-in';

const SIGNED_OUT: UserInfo = {
  id: 0,
  username: '',
  nickname: '',
  email: '',
  mobile: '',
  avatar: '',
  gender: 0,
  birthday: null,
  money: '0',
  score: 0,
  last_login_time: null,
  last_login_ip: '',
  join_time: null,
  motto: '',
  token: '',
  refresh_token: '',
};

export const useUserInfo = signedInStore('userInfo', SIGNED_OUT);
