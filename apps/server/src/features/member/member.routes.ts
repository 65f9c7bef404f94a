/** Member sign-in (`/api/user/checkIn`), sign-out and the member centre's start data. */
import { EMAIL_PATTERN, MOBILE_PATTERN } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { alreadyLoggedIn, headerToken, needLogin } from '../../auth/admin-auth.js';
import { verifyLogin } from '../../auth/login.js';
import { USER_TOKEN_HEADERS } from '../../auth/user-auth.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError, Code } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { isTruthy, parseInput } from '../../http/validate.js';
import { captchaFields, checkLoginCaptcha, loginPassword } from '../common/index.js';
import { siteConfig } from '../config/index.js';
import { sendCodeCaptchaOn, verificationChannels } from '../verify/index.js';
import { memberInfo, memberRules } from './member-info.js';
import { registerMember } from './registration.js';

const checkInBody = z.object({ tab: z.enum(['login', 'register'], 'Unknown operation') }).passthrough();
const loginBody = z.object({
  username: z.string().trim().min(1).max(50),
  password: loginPassword(),
  keep: z.unknown().optional(),
  ...captchaFields,
});
// The web client sends refreshToken (as the original); SPEC section 7 names it refresh_token.
const logoutBody = z.object({
  refreshToken: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
});

export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const captchaOn = async () =>
    ctx.config.userLoginCaptcha ?? (await ctx.settings.flag('user_login_captcha'));

  apiRoute(app, ctx, {
    path: 'user/checkIn',
    action: 'checkIn',
    method: ['GET', 'POST'],
    rateLimited: true,
    memberCenter: true,
    handler: async (request) => {
      if (request.user) throw alreadyLoggedIn();
      if (request.method === 'GET') {
        const channels = await verificationChannels(ctx);
        return ok({
          userLoginCaptchaSwitch: await captchaOn(),
          accountVerificationType: channels,
          // Registration needs a code sent by e-mail or SMS: say so before the form is filled in.
          registerAvailable: channels.length > 0,
        });
      }
      const { tab } = parseInput(checkInBody, request.body);
      if (tab === 'register') {
        const userId = await registerMember(ctx, request);
        return signedIn(userId, false);
      }
      const body = parseInput(loginBody, request.body);
      if (await captchaOn()) await checkLoginCaptcha(ctx, body);
      const column = MOBILE_PATTERN.test(body.username)
        ? 'mobile'
        : EMAIL_PATTERN.test(body.username)
          ? 'email'
          : 'username';
      const row = await verifyLogin(ctx.db, {
        table: 'user',
        column,
        value: body.username,
        password: body.password,
        ip: request.ip,
        enabledStatus: 'enable',
      });
      return signedIn(row.id, isTruthy(body.keep));
    },
  });

  /** The answer of a successful login or registration: a new session and the profile. */
  async function signedIn(userId: number, keep: boolean) {
    const { token, refreshToken } = await ctx.tokens.openSession(
      userId,
      { type: 'user', ttl: ctx.config.userTokenTtl },
      keep ? { type: 'user-refresh', ttl: ctx.config.refreshTokenTtl } : null,
    );
    const user = await ctx.userAuth.identity(userId, token);
    if (!user) throw new ApiError('Account disabled');
    return ok({ userInfo: memberInfo(user, token, refreshToken), routePath: '/user' }, 'Login succeeded!');
  }

  apiRoute(app, ctx, {
    path: 'user/logout',
    action: 'logout',
    method: 'POST',
    handler: async (request) => {
      const body = parseInput(logoutBody, request.body);
      // The whole session: tokens from refreshes too. An expired access token still names it.
      const refreshToken = body.refreshToken || body.refresh_token;
      if (refreshToken) await ctx.tokens.endSession(refreshToken, ['user-refresh']);
      const token = headerToken(request, USER_TOKEN_HEADERS);
      if (token) await ctx.tokens.endSession(token, ['user']);
      return ok(null);
    },
  });

  apiRoute(app, ctx, {
    path: 'index/index',
    action: 'index',
    method: 'GET',
    handler: async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      if (!request.user && isTruthy(query.requiredLogin)) {
        // An expired token answers 409, so the member centre refreshes it instead of
        // sending the member to the login page.
        const token = headerToken(request, USER_TOKEN_HEADERS);
        const found = token ? await ctx.tokens.lookup(token, ['user']) : { state: 'missing' as const };
        if (found.state === 'expired') throw new ApiError('Token expiration', [], Code.tokenExpired);
        throw needLogin();
      }
      const site = await siteConfig(ctx.settings);
      const { rules, menus } = await memberRules(ctx.db, request.user, request.lang);
      return ok({
        site: {
          siteName: site.siteName,
          recordNumber: site.recordNumber,
          version: site.version,
          cdnUrl: site.cdnUrl,
          upload: site.upload,
        },
        openMemberCenter: await ctx.settings.flag('open_member_center'),
        sendCodeCaptcha: sendCodeCaptchaOn(ctx),
        userInfo: request.user ? memberInfo(request.user) : null,
        rules,
        menus,
      });
    },
  });
}
