/**
 * Image captchas: the client picks an id, fetches the image for it, and sends the answer
 * with that id. The answer is stored only as an HMAC, expires after 10 minutes and is
 * consumed by the first check, right or wrong, so it cannot be guessed repeatedly.
 *
 * Click captchas (the original product's, see click-captcha.ts) live in the same table under
 * keys of their own: the challenge's target boxes are kept in `captcha` for 10 minutes. A wrong
 * or malformed answer spends the challenge too; a right one is spent unless the caller only
 * asks whether it is right (the original client's check before it submits the form).
 */
import { createHmac } from 'node:crypto';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { Lang } from '../i18n/index.js';
import { randomCaptchaText, renderCaptchaSvg } from './captcha-image.js';
import { clickAnswerMatches, drawClickCaptcha, readClickChallenge } from './click-captcha.js';

const CAPTCHA_TTL_SECONDS = 600;
export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const CAPTCHA_LENGTH = 4;

/** What the original client reads for a click captcha. */
export interface ClickCaptchaImage {
  /** Labels to click, in order. */
  text: string[];
  /** The picture as a data URL (PNG). */
  base64: string;
  width: number;
  height: number;
}

/** The row key of the click captcha `id` (tests read the stored challenge with it). */
export function clickCaptchaKey(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`click-captcha-id:${id}`).digest('hex');
}

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
    await this.store(this.key(id), { code: this.answerHash(id, text) });
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

  /** Creates (or replaces) the click captcha of `id`, its labels in `lang`. */
  async createClick(id: string, lang: Lang): Promise<ClickCaptchaImage> {
    const { labels, png, challenge } = drawClickCaptcha(lang);
    await this.store(clickCaptchaKey(this.secret, id), { captcha: JSON.stringify(challenge) });
    return {
      text: labels,
      base64: `data:image/png;base64,${png.toString('base64')}`,
      width: challenge.width,
      height: challenge.height,
    };
  }

  /** Replaces the challenge under `key`, clearing expired ones of every kind on the way. */
  private async store(key: string, answer: { code?: string; captcha?: string }): Promise<void> {
    const time = now();
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('captcha')
        .where((eb) => eb.or([eb('key', '=', key), eb('expire_time', '<', time)]))
        .execute();
      await trx
        .insertInto('captcha')
        .values({ key, ...answer, create_time: time, expire_time: time + CAPTCHA_TTL_SECONDS })
        .execute();
    });
  }

  /**
   * True when `info` clicks the targets of `id`'s click captcha in order. A right answer is
   * used up when `consume` is set; a wrong one, or the captcha expired, always.
   */
  async checkClick(id: string, info: string, consume: boolean): Promise<boolean> {
    if (!CAPTCHA_ID_PATTERN.test(id) || info.length > 200) return false;
    const key = clickCaptchaKey(this.secret, id);
    const row = await this.db.kysely
      .selectFrom('captcha')
      .select(['captcha', 'expire_time'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return false;
    const challenge = readClickChallenge(row.captcha);
    const right = (row.expire_time ?? 0) >= now() && !!challenge && clickAnswerMatches(challenge, info);
    if (right && !consume) return true;
    const deleted = await this.db.kysely.deleteFrom('captcha').where('key', '=', key).executeTakeFirst();
    // Two concurrent checks: only the one that actually deleted the row may succeed.
    return right && Number(deleted.numDeletedRows) === 1;
  }

  private key(id: string): string {
    return createHmac('sha256', this.secret).update(`captcha-id:${id}`).digest('hex');
  }

  private answerHash(id: string, answer: string): string {
    return createHmac('sha256', this.secret).update(`captcha-answer:${id}:${answer}`).digest('hex');
  }
}
