/**
 * Administrators' second factor: a TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) enrolled
 * from the profile or, when a group requires it, at sign-in, and ten single-use recovery
 * codes for a lost phone.
 *
 * A code is accepted once: the step it belongs to is remembered, and a code of that step or
 * an earlier one is refused even within its window. A pending sign-in checks at most
 * CODE_FAILURE_LIMIT codes (its ticket counts each before it is checked, so codes sent at
 * once cannot outrun the count), so a guesser must pass the password (and its lockout) again
 * for every few tries. Across sign-ins, ACCOUNT_CODE_FAILURE_LIMIT wrong codes within
 * FAILURE_WINDOW_SECONDS lock the administrator's second factor for LOCK_SECONDS: someone
 * who has the password cannot go on guessing by signing in again and again.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  APP_CODE_PATTERN,
  type Enrolment,
  normaliseSecondFactorCode as normalise,
  RECOVERY_CODE_PATTERN,
  type TwoFactorStatus,
  type SecondStep as WireSecondStep,
} from '@portico/shared';
import type { Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { groupRequiresTwoFactor } from '../auth/index.js';
import { SecretBox } from './secret-box.js';

export const RECOVERY_CODE_COUNT = 10;
export const CODE_FAILURE_LIMIT = 5;
export const ACCOUNT_CODE_FAILURE_LIMIT = 10;
const FAILURE_WINDOW_SECONDS = 3600;
const LOCK_SECONDS = 3600;
const PERIOD = 30;
/** One step either side: a phone's clock a little off still signs in. */
const WINDOW = 1;
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

export type SecondStep = 'none' | WireSecondStep['step'];
export type CodeCheck =
  | { outcome: 'accepted' }
  /** lockedNow: this wrong code filled the window and locked the second factor. */
  | { outcome: 'wrong'; lockedNow: boolean }
  | { outcome: 'locked'; minutesLeft: number };

const boxes = new Map<string, { box: SecretBox; recoveryKey: Buffer }>();
function keysOf(ctx: AppContext) {
  const secret = ctx.config.appSecret;
  let keys = boxes.get(secret);
  if (!keys) {
    keys = {
      box: new SecretBox(secret),
      recoveryKey: Buffer.from(hkdfSync('sha256', secret, '', 'portico/admin-recovery-code/v1', 32)),
    };
    boxes.set(secret, keys);
  }
  return keys;
}

function totp(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

async function stored(ctx: AppContext, adminId: number) {
  return ctx.db.kysely
    .selectFrom('admin_two_factor')
    .selectAll()
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
}

export async function twoFactorStatus(ctx: AppContext, adminId: number): Promise<TwoFactorStatus> {
  const [row, required, left] = await Promise.all([
    stored(ctx, adminId),
    groupRequiresTwoFactor(ctx.db, adminId),
    ctx.db.kysely
      .selectFrom('admin_recovery_code')
      .select((eb) => eb.fn.countAll<number>().as('left'))
      .where('admin_id', '=', adminId)
      .where('used_time', 'is', null)
      .executeTakeFirst(),
  ]);
  return { enabled: row?.enabled === '1', required, recoveryCodesLeft: Number(left?.left ?? 0) };
}

/** What a sign-in that passed the password still needs. */
export async function secondStepFor(ctx: AppContext, adminId: number): Promise<SecondStep> {
  const row = await stored(ctx, adminId);
  if (row?.enabled === '1') return 'verify';
  return (await groupRequiresTwoFactor(ctx.db, adminId)) ? 'enrol' : 'none';
}

/**
 * Starts (or starts again) an enrolment: a new secret, kept pending until a code from it is
 * confirmed. Refused while a second factor is on: turning it off comes first.
 */
export async function beginEnrolment(
  ctx: AppContext,
  admin: { id: number; username: string },
): Promise<Enrolment> {
  const existing = await stored(ctx, admin.id);
  if (existing?.enabled === '1') throw new ApiError('Two-factor sign-in is already on');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = keysOf(ctx).box.seal(secret);
  const time = now();
  if (existing) {
    await ctx.db.kysely
      .updateTable('admin_two_factor')
      .set({ secret: sealed, last_step: 0, failures: 0, update_time: time })
      .where('admin_id', '=', admin.id)
      .where('enabled', '=', '0')
      .execute();
  } else {
    await ctx.db.kysely
      .insertInto('admin_two_factor')
      .values({ admin_id: admin.id, secret: sealed, enabled: '0', create_time: time, update_time: time })
      .execute();
  }
  const issuer = (await ctx.settings.get('site_name')) || 'Portico';
  return { secret, uri: totp(secret, issuer, admin.username).toString() };
}

/**
 * Confirms a pending enrolment with a code from the new secret: the second factor is on, and
 * the answer is the new recovery codes, which are shown this once.
 */
export async function confirmEnrolment(ctx: AppContext, adminId: number, code: string): Promise<string[]> {
  const row = await stored(ctx, adminId);
  if (!row || row.enabled === '1') throw new ApiError('Start the two-factor set-up again');
  const step = acceptedStep(ctx, row.secret, normalise(code));
  if (step === null) throw new ApiError('The code is not correct');
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('admin_two_factor')
      .set({ enabled: '1', last_step: step, failures: 0, update_time: now() })
      .where('admin_id', '=', adminId)
      .where('enabled', '=', '0')
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new ApiError('Start the two-factor set-up again');
    return replaceRecoveryCodes(ctx, trx, adminId);
  });
}

/**
 * New recovery codes for an administrator whose second factor is on, confirmed with a code:
 * the old ones stop working. Answers the new ones, shown this once.
 */
export async function renewRecoveryCodes(
  ctx: AppContext,
  adminId: number,
  code: string,
  adminLog: { title?: string },
): Promise<string[]> {
  await confirmWithCode(ctx, adminId, code, adminLog);
  return ctx.db.kysely.transaction().execute((trx) => replaceRecoveryCodes(ctx, trx, adminId));
}

async function replaceRecoveryCodes(
  ctx: AppContext,
  trx: Transaction<Database>,
  adminId: number,
): Promise<string[]> {
  await trx.deleteFrom('admin_recovery_code').where('admin_id', '=', adminId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await trx
    .insertInto('admin_recovery_code')
    .values(codes.map((c) => ({ admin_id: adminId, code_hash: recoveryHash(ctx, adminId, normalise(c)) })))
    .execute();
  return codes;
}

/** Checks a sign-in's second factor: a code from the app, or one of the recovery codes. */
export async function checkSecondFactor(ctx: AppContext, adminId: number, code: string): Promise<CodeCheck> {
  const row = await stored(ctx, adminId);
  if (row?.enabled !== '1') return { outcome: 'wrong', lockedNow: false };
  const time = now();
  const lockedUntil = Number(row.locked_until);
  if (lockedUntil > time) return { outcome: 'locked', minutesLeft: Math.ceil((lockedUntil - time) / 60) };
  if (await accept(ctx, adminId, row, code)) {
    await ctx.db.kysely
      .updateTable('admin_two_factor')
      .set({ failures: 0, failure_since: 0 })
      .where('admin_id', '=', adminId)
      .execute();
    return { outcome: 'accepted' };
  }
  return { outcome: 'wrong', lockedNow: await countWrongCode(ctx, adminId, time) };
}

/**
 * One more wrong code in the administrator's window (a window over starts again at one);
 * the code that fills it locks the second factor. Whether this one did.
 */
async function countWrongCode(ctx: AppContext, adminId: number, time: number): Promise<boolean> {
  const windowOver = time - FAILURE_WINDOW_SECONDS;
  await ctx.db.kysely
    .updateTable('admin_two_factor')
    .set((eb) => ({
      // Before failure_since changes: MySQL applies the assignments in order.
      failures: eb
        .case()
        .when('failure_since', '<=', windowOver)
        .then(1)
        .else(eb('failures', '+', 1))
        .end(),
      failure_since: eb
        .case()
        .when('failure_since', '<=', windowOver)
        .then(time)
        .else(eb.ref('failure_since'))
        .end(),
    }))
    .where('admin_id', '=', adminId)
    .execute();
  // Of wrong codes counted at once, the one whose UPDATE finds the window full locks, once.
  const locked = await ctx.db.kysely
    .updateTable('admin_two_factor')
    .set({ locked_until: time + LOCK_SECONDS, failures: 0, failure_since: 0 })
    .where('admin_id', '=', adminId)
    .where('failures', '>=', ACCOUNT_CODE_FAILURE_LIMIT)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

async function accept(
  ctx: AppContext,
  adminId: number,
  row: { secret: string; last_step: number },
  code: string,
): Promise<boolean> {
  const typed = normalise(code);
  if (RECOVERY_CODE_PATTERN.test(typed)) {
    const used = await ctx.db.kysely
      .updateTable('admin_recovery_code')
      .set({ used_time: now() })
      .where('admin_id', '=', adminId)
      .where('code_hash', '=', recoveryHash(ctx, adminId, typed))
      .where('used_time', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  const step = acceptedStep(ctx, row.secret, typed);
  if (step === null || step <= Number(row.last_step)) return false;
  // Of two sign-ins sending the same code at once, one moves the step on; the other finds it moved.
  const moved = await ctx.db.kysely
    .updateTable('admin_two_factor')
    .set({ last_step: step })
    .where('admin_id', '=', adminId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The time step of a code valid now for the sealed secret; null when it is not. */
function acceptedStep(ctx: AppContext, sealed: string, code: string): number | null {
  if (!APP_CODE_PATTERN.test(code)) return null;
  const secret = keysOf(ctx).box.open(sealed);
  if (secret === null) return null;
  const timestamp = now() * 1000;
  const delta = totp(secret, '', 'x').validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/**
 * Turns the second factor off, recovery codes too: the owner, a super administrator's reset,
 * or `npm run reset-admin-password` (the machine owner's way back in). Whether there was one.
 */
export async function removeTwoFactor(db: Db, adminId: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('admin_two_factor')
      .where('admin_id', '=', adminId)
      .executeTakeFirst();
    await trx.deleteFrom('admin_recovery_code').where('admin_id', '=', adminId).execute();
    return Number(removed.numDeletedRows) > 0;
  });
}

/**
 * Checks the owner's code before they turn their own second factor off or renew the recovery
 * codes; a wrong code that locks the second factor retitles the request's admin-log entry.
 */
export async function confirmWithCode(
  ctx: AppContext,
  adminId: number,
  code: string,
  adminLog: { title?: string },
): Promise<void> {
  const check = await checkSecondFactor(ctx, adminId, code);
  if (check.outcome === 'locked') throw lockedError(check.minutesLeft);
  if (check.outcome === 'wrong') {
    if (check.lockedNow) adminLog.title = LOCKED_LOG_TITLE;
    throw new ApiError('The code is not correct');
  }
}

export function lockedError(minutesLeft: number): ApiError {
  return new ApiError('Too many wrong codes: two-factor sign-in is locked for %s minutes', [minutesLeft]);
}

/** The admin-log title of the request whose wrong code locked the second factor. */
export const LOCKED_LOG_TITLE = 'Two-factor sign-in locked: too many wrong codes';

function recoveryCode(): string {
  const letters = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

function recoveryHash(ctx: AppContext, adminId: number, code: string): string {
  return createHmac('sha256', keysOf(ctx).recoveryKey).update(`${adminId}:${code}`).digest('hex');
}
