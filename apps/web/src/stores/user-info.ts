/** The signed-in member, persisted under `userInfo` (SPEC section 3). */
import type { UserInfo } from '@portico/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface UserInfoStore extends UserInfo {
  setInfo(info: Partial<UserInfo>): void;
  setToken(token: string, kind: 'auth' | 'refresh'): void;
  clear(): void;
}

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

export const useUserInfo = create<UserInfoStore>()(
  persist(
    (set) => ({
      ...SIGNED_OUT,
      setInfo: (info) => set(info),
      setToken: (token, kind) => set(kind === 'auth' ? { token } : { refresh_token: token }),
      clear: () => set(SIGNED_OUT),
    }),
    { name: 'userInfo' },
  ),
);
