/**
 * One-time codes sent by e-mail or SMS (registration, password retrieval, changing the bound
 * address). A code belongs to one address and one event, is stored only as an HMAC,
 * expires after 10 minutes, cannot be re-sent within 60 seconds, and allows 5 checks in
 * all: the sixth is refused even when right, so codes cannot be guessed.
 */
import { createHmac, randomInt } from 'node:crypto';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { ApiError } from '../http/errors.js';

const CODE_TTL_SECONDS = 600;
const CODE_RESEND_SECONDS = 60;
const CODE_MAX_CHECKS = 5;
const CODE_DIGITS = 6;

export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /**
   * A new code for `address` and `event`, replacing any earlier one. `tooSoon` is the
   * message when the last code is younger than a minute.
   */
  async issue(address: string, event: string, tooSoon: string): Promise<string> {
    const key = this.key(address, event);
    const time = now();
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    await this.db.kysely.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('captcha')
        .select('create_time')
        .where('key', '=', key)
        .executeTakeFirst();
      if (last && (last.create_time ?? 0) > time - CODE_RESEND_SECONDS) throw new ApiError(tooSoon);
      await trx
        .deleteFrom('captcha')
        .where((eb) => eb.or([eb('key', '=', key), eb('expire_time', '<', time)]))
        .execute();
      await trx
        .insertInto('captcha')
        .values({
          key,
          code: this.hash(key, code),
          attempts: 0,
          create_time: time,
          expire_time: time + CODE_TTL_SECONDS,
        })
        .execute();
    });
    return code;
  }

  /** Forgets a code whose message could not be sent, so the member may ask again at once. */
  async discard(address: string, event: string): Promise<void> {
    await this.db.kysely.deleteFrom('captcha').where('key', '=', this.key(address, event)).execute();
  }

  /**
   * True when `code` is the live code of `address` and `event`; a right code is used up.
   * Each call spends one of the code's checks first, atomically, so parallel guesses
   * cannot exceed the limit either.
   */
  async check(address: string, event: string, code: string): Promise<boolean> {
    const answer = code.trim();
    if (answer === '' || answer.length > 16) return false;
    const key = this.key(address, event);
    const spent = await this.db.kysely
      .updateTable('captcha')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('key', '=', key)
      .where('attempts', '<', CODE_MAX_CHECKS)
      .where('expire_time', '>=', now())
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    const row = await this.db.kysely
      .selectFrom('captcha')
      .select('code')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || row.code !== this.hash(key, answer)) return false;
    const used = await this.db.kysely.deleteFrom('captcha').where('key', '=', key).executeTakeFirst();
    // Two parallel right answers: only the one that removed the code wins.
    return Number(used.numDeletedRows) === 1;
  }

  /** Like check, but failing with the member-facing message. */
  async require(address: string, event: string, code: string): Promise<void> {
    if (!(await this.check(address, event, code))) {
      throw new ApiError('Please enter the correct verification code');
    }
  }

  private key(address: string, event: string): string {
    return createHmac('sha256', this.secret)
      .update(`code-id:${event}:${address.trim().toLowerCase()}`)
      .digest('hex');
  }

  private hash(key: string, code: string): string {
    return createHmac('sha256', this.secret).update(`code:${key}:${code}`).digest('hex');
  }
}
