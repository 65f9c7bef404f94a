/** Input pieces shared by the administrator and member sign-in forms. */
import { CAPTCHA_LENGTH, MESSAGES, PASSWORD_PATTERN } from '@portico/shared';
import { z } from 'zod';
import { isClickAnswer } from '../../auth/click-captcha.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';

export const loginPassword = () => z.string().regex(PASSWORD_PATTERN, MESSAGES.password);

/**
 * `captcha` is the typed answer of Portico's image captcha. `captchaInfo` is what clients of the
 * original send: the clicks of a click captcha ("x1,y1-x2,y2;w;h"), or a typed answer too.
 */
export const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
  captchaInfo: z.string().max(200).optional(),
};

/**
 * Refuses the form unless its captcha is answered, and uses the captcha up. Which captcha is
 * decided by the answer's shape: clicks are checked against the click captcha of `captchaId`,
 * anything else as the typed answer of its image captcha.
 */
export async function checkLoginCaptcha(
  ctx: AppContext,
  body: { captchaId?: string | undefined; captcha?: string | undefined; captchaInfo?: string | undefined },
): Promise<void> {
  const id = body.captchaId ?? '';
  // The original's member form also sends an empty `captcha` (its registration code field).
  if (body.captchaInfo !== undefined && isClickAnswer(body.captchaInfo)) {
    if (!(await ctx.captcha.checkClick(id, body.captchaInfo, true))) throw new ApiError('Captcha error');
    return;
  }
  const answer = (body.captcha || body.captchaInfo || '').trim();
  if (!id || answer.length < CAPTCHA_LENGTH.min || answer.length > CAPTCHA_LENGTH.max) {
    throw new ApiError('Captcha error');
  }
  if (!(await ctx.captcha.check(id, answer))) throw new ApiError('Captcha error');
}
