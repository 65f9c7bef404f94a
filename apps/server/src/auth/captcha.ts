/**
 * Image captchas: the client picks an id, fetches the image for it, and sends the answer
 * with that id. The answer is stored only as an HMAC, expires after 10 minutes and is
 * consumed by the first check, right or wrong, so it cannot be guessed repeatedly.
 */
import { createHmac } from 'node:crypto';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { randomCaptchaText, renderCaptchaSvg } from './captcha-image.js';

export const CAPTCHA_TTL_SECONDS = 600;
export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const CAPTCHA_LENGTH = 4;

export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** Creates (or replaces) the captcha of `id` and returns its SVG image. */
  async create(id: string): Promise<string> {
    return renderCaptchaSvg(await this.issue(id));
  }

  /** Stores a new answer for `id` and returns it (tests read it here instead of from the image). */
  async issue(id: string): Promise<string> {
    const text = randomCaptchaText(CAPTCHA_LENGTH);
    const time = now();
    const key = this.key(id);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('captcha')
        .where((eb) => eb.or([eb('key', '=', key), eb('expire_time', '<', time)]))
        .execute();
      await trx
        .insertInto('captcha')
        .values({
          key,
          code: this.answerHash(id, text),
          create_time: time,
          expire_time: time + CAPTCHA_TTL_SECONDS,
        })
        .execute();
    });
    return text;
  }

  /** True when `answer` matches; the captcha is used up either way. */
  async check(id: string, answer: string): Promise<boolean> {
    if (!CAPTCHA_ID_PATTERN.test(id) || answer.length === 0 || answer.length > 16) return false;
    const key = this.key(id);
    const row = await this.db.kysely
      .selectFrom('captcha')
      .select(['code', 'expire_time'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return false;
    const deleted = await this.db.kysely.deleteFrom('captcha').where('key', '=', key).executeTakeFirst();
    // Two concurrent checks: only the one that actually deleted the row may succeed.
    if (Number(deleted.numDeletedRows) !== 1) return false;
    if ((row.expire_time ?? 0) < now()) return false;
    return row.code === this.answerHash(id, answer.trim().toUpperCase());
  }

  private key(id: string): string {
    return createHmac('sha256', this.secret).update(`captcha-id:${id}`).digest('hex');
  }

  private answerHash(id: string, answer: string): string {
    return createHmac('sha256', this.secret).update(`captcha-answer:${id}:${answer}`).digest('hex');
  }
}
