/**
 * `/api/ems/send` and `/api/Sms/send`: a verification code by e-mail or SMS. Each needs an
 * answered captcha first (Portico's typed one or the original's click captcha), is
 * rate-limited per IP, and applies the event's rule to the address (free for registration,
 * registered for retrieval, the member's own for verification) before a code is made. A
 * failed delivery is logged, never shown.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { needLogin } from '../../auth/admin-auth.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { translate } from '../../i18n/index.js';
import { captchaFields, checkLoginCaptcha } from '../common/index.js';
import { sendMail, storedMailSettings } from '../mail/index.js';
import { memberPasswordMatches } from '../member/index.js';
import {
  CHANNELS,
  type Channel,
  CODE_EVENTS,
  type CodeEvent,
  channelAvailable,
  channelEvents,
  sendCodeCaptchaOn,
} from './channels.js';

/** The address a code goes to, in the channel's format. */
function addressField(channel: Channel) {
  return z
    .string()
    .trim()
    .max(channel.maxLength)
    .refine((v) => channel.pattern.test(v), channel.formatMessage);
}

/** Why the code is sent; each event has its rule for the address (see CODE_EVENTS). */
function eventField(channel: Channel) {
  return z
    .enum(channelEvents(channel.name) as [CodeEvent, ...CodeEvent[]], 'Unknown event')
    .describe(
      'Why the code is sent: registration (the address must be free), password retrieval (registered), ' +
        "verifying the member's own address (needs their password), or changing to a new address (free).",
    );
}

const sendFields = {
  password: z
    .string()
    .max(64)
    .optional()
    .describe("The signed-in member's password; needed to verify their own address."),
  ...captchaFields,
};

export function registerSendCodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const email = CHANNELS.email;
  apiRoute(app, ctx, {
    path: 'ems/send',
    action: 'send',
    method: 'POST',
    rateLimited: true,
    memberCenter: true,
    schema: {
      summary: 'Send a verification code by e-mail (after a captcha)',
      body: z.object({ email: addressField(email), event: eventField(email), ...sendFields }),
      data: z.null(),
    },
    guard: async () => {
      if (!(await channelAvailable(ctx, 'email'))) throw new ApiError(email.messages.unavailable);
    },
    handler: async (request) => {
      const body = request.body;
      if (sendCodeCaptchaOn(ctx)) await checkLoginCaptcha(ctx, body);
      await checkAddress(ctx, request, email, body.email, body.event, body.password);
      const code = await ctx.codes.issue(body.email, body.event, email.messages.tooSoon);
      const site = await ctx.settings.get('site_name');
      await deliver(ctx, request, body.email, body.event, async () =>
        sendMail(await storedMailSettings(ctx.settings), {
          to: body.email,
          subject: `${translate(body.event, request.lang)}-${site}`,
          html: `<p>${translate('Your verification code is: %s', request.lang, [code])}</p>`,
        }),
      );
      return ok(null, email.messages.sent);
    },
  });

  const mobile = CHANNELS.mobile;
  apiRoute(app, ctx, {
    path: 'Sms/send',
    action: 'send',
    method: 'POST',
    rateLimited: true,
    memberCenter: true,
    schema: {
      summary: 'Send a verification code by SMS (after a captcha)',
      body: z.object({ mobile: addressField(mobile), template_code: eventField(mobile), ...sendFields }),
      data: z.null(),
    },
    guard: async () => {
      if (!(await channelAvailable(ctx, 'mobile'))) throw new ApiError(mobile.messages.unavailable);
    },
    handler: async (request) => {
      const body = request.body;
      if (sendCodeCaptchaOn(ctx)) await checkLoginCaptcha(ctx, body);
      await checkAddress(ctx, request, mobile, body.mobile, body.template_code, body.password);
      const code = await ctx.codes.issue(body.mobile, body.template_code, mobile.messages.tooSoon);
      await deliver(ctx, request, body.mobile, body.template_code, () =>
        ctx.sms.send({ mobile: body.mobile, template: body.template_code, code }),
      );
      return ok(null, mobile.messages.sent);
    },
  });
}

/**
 * Sends the message of a code just issued. When that fails, the code is forgotten (it never
 * arrived, so the minute between codes must not hold the address), the real reason goes to
 * the log, and the caller, who may be anyone, gets only a generic message: transport errors
 * name hosts, ports and the server's replies.
 */
async function deliver(
  ctx: AppContext,
  request: FastifyRequest,
  address: string,
  event: CodeEvent,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    await ctx.codes.discard(address, event);
    request.log.error({ event, reason: reasonOf(error) }, 'verification code not sent');
    throw new ApiError('Failed to send the verification code, please try again later');
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return translate(error.message, 'en', error.params);
  return error instanceof Error ? error.message : String(error);
}

/** The event's rule for the address; `own` also needs the signed-in member's password. */
async function checkAddress(
  ctx: AppContext,
  request: FastifyRequest,
  channel: Channel,
  address: string,
  event: CodeEvent,
  password: string | undefined,
): Promise<void> {
  const owner = await ctx.db.kysely
    .selectFrom('user')
    .select('id')
    .where(channel.name, '=', address)
    .executeTakeFirst();
  const rule = CODE_EVENTS[event];
  if (rule === 'unused' && owner) {
    throw new ApiError(event === 'user_register' ? channel.messages.registered : channel.messages.occupied);
  }
  if (rule === 'registered' && !owner) throw new ApiError(channel.messages.notRegistered);
  if (rule === 'own') {
    const user = request.user;
    if (!user) throw needLogin();
    if (user[channel.name] !== address) throw new ApiError(channel.messages.notYours);
    if (!(await memberPasswordMatches(ctx, user.id, password ?? ''))) throw new ApiError('Password error');
  }
}
