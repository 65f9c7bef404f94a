/** The signed-in administrator, persisted under `adminInfo` (SPEC section 3). */
import type { AdminInfo } from '@portico/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AdminInfoStore extends AdminInfo {
  /** Fills in what the server answered (login, /admin/index/index). */
  setInfo(info: Partial<AdminInfo>): void;
  setToken(token: string, kind: 'auth' | 'refresh'): void;
  /** Forgets the administrator (logout, failed refresh). */
  clear(): void;
}

const SIGNED_OUT: AdminInfo = {
  id: 0,
  username: '',
  nickname: '',
  avatar: '',
  last_login_time: null,
  token: '',
  refresh_token: '',
  super: false,
};

export const useAdminInfo = create<AdminInfoStore>()(
  persist(
    (set) => ({
      ...SIGNED_OUT,
      setInfo: (info) => set(info),
      setToken: (token, kind) => set(kind === 'auth' ? { token } : { refresh_token: token }),
      clear: () => set(SIGNED_OUT),
    }),
    { name: 'adminInfo' },
  ),
);
