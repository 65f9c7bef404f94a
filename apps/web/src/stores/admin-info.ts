/**
 * The signed-in administrator, persisted under `adminInfo` (the original's storage key:
 * docs/architecture.md, "Wire contract").
 */
import type { AdminInfo } from '@portico/shared';
import { signedInStore } from './signed-in';
import { ADMIN_INFO_STORAGE_KEY } from './storage-keys';

const SIGNED_OUT: AdminInfo = {
  id: 0,
  username: '',
  nickname: '',
  avatar: '',
  last_login_time: '',
  token: '',
  refresh_token: '',
  super: false,
};

export const useAdminInfo = signedInStore(ADMIN_INFO_STORAGE_KEY, SIGNED_OUT);
