/**
 * Password sign-in shared by administrators and members: a lockout per account and client,
 * argon2id verification with one-time upgrade of legacy hashes, and last-login bookkeeping
 * (recordSignIn) once the sign-in is complete: for an administrator with a second factor, after
 * the code, so a right password alone from an attacker's address is not shown as a sign-in.
 *
 * The lockout stops the client that guessed, never the owner: ten wrong passwords from one
 * client (its IP as Fastify sees it, an IPv6 client by its /64 network) lock that client
 * out of that account until a day after the last of them; the owner signing in from
 * elsewhere is not affected. A success clears the client's count, and so does any later
 * change to the account (a new password above all, whoever sets it): failures from
 * before the account's update_time no longer count. There is deliberately no account-wide lock, since that is
 * what let anyone lock the owner out; guessing from many addresses is slowed by the
 * per-IP auth budget (AUTH_RATE_LIMIT) and the argon2id cost, and the account's
 * `login_failure` keeps counting every wrong password since the last successful sign-in,
 * whichever the client, so the back office sees an attack. A name no account has is refused
 * as slowly as a wrong password (the same argon2 check and count), so timing tells no names.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { ExpressionBuilder, Transaction } from 'kysely';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { checkPassword, checkPasswordOfNoAccount, hashPassword } from './passwords.js';

/** Wrong passwords from one client that lock it out of the account, and for how long. */
export const LOGIN_RETRY_LIMIT = 10;
export const LOCK_SECONDS = 24 * 3600;
/** Ended counts are swept at most this often (per process). */
const SWEEP_INTERVAL_SECONDS = 600;

export interface LoginRow {
  id: number;
  password: string;
  salt: string;
  status: string;
  login_failure: number;
  login_failure_time: number | null;
  update_time: number | null;
}

export interface LoginAttempt {
  /** 'admin' or 'user' (their sign-in columns are the same). */
  table: 'admin' | 'user';
  /** The column the login name is matched against. */
  column: 'username' | 'email' | 'mobile';
  value: string;
  password: string;
  /** The caller's IP (request.ip): the client whose failures are counted. */
  ip: string;
  /** The status value of an enabled account ('1' for admins, 'enable' for members). */
  enabledStatus: string;
}

export async function verifyLogin(db: Db, attempt: LoginAttempt): Promise<LoginRow> {
  // Both tables share these columns; the cast only narrows Kysely's table union.
  const table = attempt.table as 'admin';
  const row = await db.kysely
    .selectFrom(table)
    .select(['id', 'password', 'salt', 'status', 'login_failure', 'login_failure_time', 'update_time'])
    .where(attempt.column, '=', attempt.value)
    .executeTakeFirst();
  const time = now();
  if (!row) {
    // As slow as a wrong password, with the same reads and the same write transaction as it
    // (below): the argon2 check, a count under account 0 and the account's own count, for
    // account 0 too (no account has that id: it locks nobody out and changes no row). One
    // commit fewer showed on a busy machine: 60 ms against 104; one statement fewer in it,
    // 86 against 103 on PostgreSQL (medians on a loaded machine, where CI once saw 70 against 123).
    const key = { kind: attempt.table, account_id: 0, client: clientOf(attempt.ip) };
    await failureCount(db, key);
    await checkPasswordOfNoAccount(attempt.password);
    await recordFailure(db, key, time, time - LOCK_SECONDS, (trx) => countOnAccount(trx, table, 0, time));
    await sweepEndedCounts(db, time);
    throw new ApiError('Incorrect user name or password!');
  }
  const key = { kind: attempt.table, account_id: row.id, client: clientOf(attempt.ip) };
  // Failures at or before this moment no longer count: their lock ran out, or the account
  // was changed after them (a change in the same second as a failure does not lift it).
  const countsAfter = Math.max(time - LOCK_SECONDS, (row.update_time ?? 0) - 1);
  const failures = await failureCount(db, key);
  if (failures && failures.failures >= LOGIN_RETRY_LIMIT && failures.last_failure_time > countsAfter) {
    throw lockedFor(failures.last_failure_time + LOCK_SECONDS - time);
  }
  if (row.status !== attempt.enabledStatus) throw new ApiError('Account disabled');
  const check = await checkPassword(attempt.password, row.password, row.salt);
  if (!check.ok) {
    await recordFailure(db, key, time, countsAfter, (trx) => countOnAccount(trx, table, row.id, time));
    await sweepEndedCounts(db, time);
    throw new ApiError('Incorrect user name or password!');
  }
  const upgrade = check.needsRehash ? { password: await hashPassword(attempt.password), salt: '' } : {};
  await db.kysely
    .updateTable(table)
    .set({ login_failure: 0, login_failure_time: null, ...upgrade })
    .where('id', '=', row.id)
    .execute();
  await db.kysely
    .deleteFrom('login_failure')
    .where('kind', '=', key.kind)
    .where('account_id', '=', key.account_id)
    .where('client', '=', key.client)
    .execute();
  return row;
}

/** The account's last sign-in: when and from where (the profile and the lists show it). */
export async function recordSignIn(db: Db, table: 'admin' | 'user', id: number, ip: string): Promise<void> {
  // Both tables share these columns; the cast only narrows Kysely's table union.
  await db.kysely
    .updateTable(table as 'admin')
    .set({ last_login_time: now(), last_login_ip: ip })
    .where('id', '=', id)
    .execute();
}

/** The client a failure is counted for: the IP, an IPv6 address by its /64 (one subscriber's network). */
function clientOf(ip: string): string {
  return normalizeIP(ip, 64).slice(0, 50);
}

function lockedFor(seconds: number): ApiError {
  return seconds > 3600
    ? new ApiError('Too many wrong passwords, please try again in %s hours', [Math.ceil(seconds / 3600)])
    : new ApiError('Too many wrong passwords, please try again in %s minutes', [
        Math.max(1, Math.ceil(seconds / 60)),
      ]);
}

type FailureKey = { kind: 'admin' | 'user'; account_id: number; client: string };

/** The client's count of failures on the account, when there is one. */
function failureCount(db: Db, key: FailureKey) {
  return db.kysely
    .selectFrom('login_failure')
    .select(['failures', 'last_failure_time'])
    .where('kind', '=', key.kind)
    .where('account_id', '=', key.account_id)
    .where('client', '=', key.client)
    .executeTakeFirst();
}

/** One more wrong password on the account's own count (the lists show it). */
function countOnAccount(trx: Transaction<Database>, table: 'admin', id: number, time: number) {
  return trx
    .updateTable(table)
    .set((eb) => ({ login_failure: eb('login_failure', '+', 1), login_failure_time: time }))
    .where('id', '=', id)
    .execute();
}

/**
 * One more failure for the client, and whatever else the account records of it (`also`), in
 * one transaction: a refusal costs one commit whether the name has an account or not.
 */
function recordFailure(
  db: Db,
  key: FailureKey,
  time: number,
  countsAfter: number,
  also?: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await countFailure(trx, db.dialect, key, time, countsAfter);
    await also?.(trx);
  });
}

/**
 * One more failure for the client, in a single statement, so wrong passwords sent at the
 * same moment all count. A count whose failures no longer count starts again at one.
 */
async function countFailure(
  trx: Transaction<Database>,
  dialect: Db['dialect'],
  key: FailureKey,
  time: number,
  countsAfter: number,
): Promise<void> {
  const insert = trx.insertInto('login_failure').values({ ...key, failures: 1, last_failure_time: time });
  const bump = (eb: ExpressionBuilder<Database, 'login_failure'>) => ({
    // Before last_failure_time changes: MySQL applies the assignments in order.
    failures: eb
      .case()
      .when('login_failure.last_failure_time', '<=', countsAfter)
      .then(1)
      .else(eb('login_failure.failures', '+', 1))
      .end(),
    last_failure_time: time,
  });
  await (dialect === 'mysql'
    ? insert.onDuplicateKeyUpdate(bump)
    : insert.onConflict((conflict) => conflict.columns(['kind', 'account_id', 'client']).doUpdateSet(bump))
  ).execute();
}

const lastSweeps = new WeakMap<Db, number>();

async function sweepEndedCounts(db: Db, time: number): Promise<void> {
  if ((lastSweeps.get(db) ?? 0) > time - SWEEP_INTERVAL_SECONDS) return;
  lastSweeps.set(db, time);
  try {
    await sweepLoginFailures(db, time);
  } catch {
    // Only leftovers are at stake (say MySQL chose this delete as a deadlock victim):
    // the next failure tries again rather than failing this sign-in.
    lastSweeps.delete(db);
  }
}

/** Removes counts whose lock has run out, so the table holds about a day of failures. */
export async function sweepLoginFailures(db: Db, time = now()): Promise<void> {
  await db.kysely
    .deleteFrom('login_failure')
    .where('last_failure_time', '<=', time - LOCK_SECONDS)
    .execute();
}
