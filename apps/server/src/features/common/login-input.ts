/** Input pieces shared by the administrator and member sign-in forms. */
import { CAPTCHA_LENGTH, MESSAGES, PASSWORD_PATTERN } from '@portico/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';

export const loginPassword = () => z.string().regex(PASSWORD_PATTERN, MESSAGES.password);

/** `captcha` is the typed answer; `captchaInfo` is accepted too for clients of the original. */
export const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
  captchaInfo: z.string().max(200).optional(),
};

export async function checkLoginCaptcha(
  ctx: AppContext,
  body: { captchaId?: string | undefined; captcha?: string | undefined; captchaInfo?: string | undefined },
): Promise<void> {
  const answer = (body.captcha ?? body.captchaInfo ?? '').trim();
  if (!body.captchaId || answer.length < CAPTCHA_LENGTH.min || answer.length > CAPTCHA_LENGTH.max) {
    throw new ApiError('Captcha error');
  }
  if (!(await ctx.captcha.check(body.captchaId, answer))) throw new ApiError('Captcha error');
}
