/**
 * Password sign-in shared by administrators and members: lockout after repeated failures,
 * argon2id verification with one-time upgrade of legacy hashes, and last-login bookkeeping
 * that happens on successful logins only.
 */
import { now } from '../context.js';
import type { Db } from '../db/connection.js';
import { ApiError } from '../http/errors.js';
import { checkPassword, hashPassword } from './passwords.js';

/** Wrong passwords in a row that lock an account, and for how long. */
export const LOGIN_RETRY_LIMIT = 10;
export const LOCK_SECONDS = 24 * 3600;

export interface LoginRow {
  id: number;
  password: string;
  salt: string;
  status: string;
  login_failure: number;
  login_failure_time: number | null;
}

export interface LoginAttempt {
  /** 'admin' or 'user' (their sign-in columns are the same). */
  table: 'admin' | 'user';
  /** The column the login name is matched against. */
  column: 'username' | 'email' | 'mobile';
  value: string;
  password: string;
  ip: string;
  /** The status value of an enabled account ('1' for admins, 'enable' for members). */
  enabledStatus: string;
}

export async function verifyLogin(db: Db, attempt: LoginAttempt): Promise<LoginRow> {
  // Both tables share these columns; the cast only narrows Kysely's table union.
  const table = attempt.table as 'admin';
  const row = await db.kysely
    .selectFrom(table)
    .select(['id', 'password', 'salt', 'status', 'login_failure', 'login_failure_time'])
    .where(attempt.column, '=', attempt.value)
    .executeTakeFirst();
  if (!row) throw new ApiError('Incorrect user name or password!');
  const time = now();
  if (row.login_failure >= LOGIN_RETRY_LIMIT && time - (row.login_failure_time ?? 0) < LOCK_SECONDS) {
    throw new ApiError('Please try again after 1 day');
  }
  if (row.status !== attempt.enabledStatus) throw new ApiError('Account disabled');
  const check = await checkPassword(attempt.password, row.password, row.salt);
  if (!check.ok) {
    // A lock that has run out starts a fresh count.
    const expired = row.login_failure >= LOGIN_RETRY_LIMIT;
    await db.kysely
      .updateTable(table)
      .set((eb) => ({
        login_failure: expired ? 1 : eb('login_failure', '+', 1),
        login_failure_time: time,
      }))
      .where('id', '=', row.id)
      .execute();
    throw new ApiError('Incorrect user name or password!');
  }
  const upgrade = check.needsRehash ? { password: await hashPassword(attempt.password), salt: '' } : {};
  await db.kysely
    .updateTable(table)
    .set({
      login_failure: 0,
      login_failure_time: null,
      last_login_time: time,
      last_login_ip: attempt.ip,
      ...upgrade,
    })
    .where('id', '=', row.id)
    .execute();
  return row;
}
