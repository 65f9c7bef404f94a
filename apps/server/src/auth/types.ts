/**
 * Who a request is signed in as, for the administrator and the member area. Declared apart
 * from admin-auth.ts and user-auth.ts because http/request-context.ts puts them on every
 * request and the auth services import that declaration: kept in the services, each imported
 * the other back (no import cycles: docs/architecture.md, "Layers"). Only types, importing nothing but leaves.
 */
import type { AdminInfo } from '@portico/shared';
import type { User } from '../db/schema.js';
import type { Grants } from './permissions.js';

/** The signed-in administrator: what the wire's AdminInfo tells of them, their grants and groups. */
export interface AdminIdentity extends Pick<AdminInfo, 'id' | 'username' | 'nickname' | 'avatar'>, Grants {
  /** Unix seconds, as stored (the wire shows it as text: AdminInfo). */
  last_login_time: number | null;
  /** The access token this request came with. */
  token: string;
  groupIds: number[];
}

export type UserIdentity = Omit<User, 'password' | 'salt' | 'login_failure' | 'login_failure_time'> &
  Grants & { token: string };
