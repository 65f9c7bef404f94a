/** Member sign-in (`/api/user/checkIn`), sign-out and the member centre's start data. */
import { EMAIL_PATTERN, MOBILE_PATTERN } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { alreadyLoggedIn, headerToken, needLogin } from '../../auth/admin-auth.js';
import { recordSignIn, verifyLogin } from '../../auth/login.js';
import { type ClientInfo, clientOf } from '../../auth/tokens.js';
import { USER_TOKEN_HEADERS } from '../../auth/user-auth.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError, Code } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { isTruthy } from '../../http/validate.js';
import { captchaFields, checkLoginCaptcha, loginPassword } from '../common/index.js';
import { siteConfig } from '../config/index.js';
import { sendCodeCaptchaOn, verificationChannels } from '../verify/index.js';
import { memberInfo, memberRuleSchema, memberRules, userInfoSchema } from './member-info.js';
import { registerFields, registerMember } from './registration.js';

/** `tab` picks the form: sign in (`login`) or create an account (`register`). */
const checkInBody = z.discriminatedUnion(
  'tab',
  [
    z.object({
      tab: z.literal('login'),
      username: z.string().trim().min(1).max(50).describe('The username, e-mail address or mobile number.'),
      password: loginPassword(),
      keep: z
        .unknown()
        .optional()
        .describe('Keep me signed in (1, true or on): the answer carries a refresh token too.'),
      ...captchaFields,
    }),
    z.object({ tab: z.literal('register'), ...registerFields }),
  ],
  // An unknown or missing tab is refused as before (an unsupported value of `tab`).
  {
    error: (issue) => (issue.code === 'invalid_union' ? 'Parameter %s has an unsupported value' : undefined),
  },
);
// The web client sends refreshToken (as the original); the original's API documents refresh_token.
const logoutBody = z.object({
  refreshToken: z.string().max(200).optional().describe('The refresh token of the session, if it has one.'),
  refresh_token: z.string().max(200).optional().describe('The same, under its other name.'),
});
const channels = z.array(z.enum(['email', 'mobile']));
const signedInAnswer = z.object({
  userInfo: userInfoSchema,
  routePath: z.string().describe('Where the member centre goes next.'),
});
const uploadSchema = z.object({
  maxSize: z.number().describe('Bytes.'),
  saveName: z.string(),
  allowedSuffixes: z.string(),
  allowedMimeTypes: z.string(),
  mode: z.string(),
});

export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const captchaOn = async () =>
    ctx.config.userLoginCaptcha ?? (await ctx.settings.flag('user_login_captcha'));

  apiRoute(app, ctx, {
    path: 'user/checkIn',
    action: 'checkIn',
    method: 'GET',
    memberCenter: true,
    schema: {
      summary: 'What the sign-in and registration forms need to know',
      data: z.object({
        userLoginCaptchaSwitch: z.boolean().describe('Whether signing in takes an image captcha.'),
        accountVerificationType: channels.describe('The channels that can deliver a code now.'),
        registerAvailable: z.boolean().describe('Whether registration is possible (a channel is open).'),
      }),
    },
    handler: async (request) => {
      if (request.user) throw alreadyLoggedIn();
      const open = await verificationChannels(ctx);
      return ok({
        userLoginCaptchaSwitch: await captchaOn(),
        accountVerificationType: open,
        // Registration needs a code sent by e-mail or SMS: say so before the form is filled in.
        registerAvailable: open.length > 0,
      });
    },
  });

  apiRoute(app, ctx, {
    path: 'user/checkIn',
    action: 'checkIn',
    method: 'POST',
    rateLimited: true,
    memberCenter: true,
    schema: {
      summary: 'Sign in, or register and sign in (a new session)',
      body: checkInBody,
      data: signedInAnswer,
    },
    guard: (request) => {
      if (request.user) throw alreadyLoggedIn();
    },
    handler: async (request) => {
      const body = request.body;
      if (body.tab === 'register') {
        const userId = await registerMember(ctx, request, body);
        return signedIn(userId, false, clientOf(request), 'Registered successfully, you are signed in');
      }
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
      await recordSignIn(ctx.db, 'user', row.id, request.ip);
      return signedIn(row.id, isTruthy(body.keep), clientOf(request));
    },
  });

  /** The answer of a successful login or registration: a new session and the profile. */
  async function signedIn(userId: number, keep: boolean, client: ClientInfo, message = 'Login succeeded!') {
    const { token, refreshToken } = await ctx.tokens.openSession(
      userId,
      { type: 'user', ttl: ctx.config.userTokenTtl },
      keep ? { type: 'user-refresh', ttl: ctx.config.refreshTokenTtl } : null,
      client,
    );
    const user = await ctx.userAuth.identity(userId, token);
    if (!user) throw new ApiError('Account disabled');
    return ok({ userInfo: memberInfo(user, token, refreshToken), routePath: '/user' }, message);
  }

  apiRoute(app, ctx, {
    path: 'user/logout',
    action: 'logout',
    method: 'POST',
    schema: { summary: "End the member's session", body: logoutBody, data: z.null() },
    handler: async (request) => {
      const body = request.body;
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
    schema: {
      summary: "The member centre's start data: the site, the member and their menus",
      query: z.object({
        requiredLogin: z
          .unknown()
          .optional()
          .describe('1: refuse visitors (please log in; 409 when the token has expired).'),
      }),
      data: z.object({
        site: z.object({
          siteName: z.string(),
          recordNumber: z.string(),
          version: z.string(),
          cdnUrl: z.string(),
          upload: uploadSchema,
          timeZone: z
            .string()
            .describe('The `time_zone` setting: the zone every time on screen is shown in.'),
          homeUrl: z
            .string()
            .describe(
              'Where Home leads: `/page/{id}` of the chosen content page, or the member centre `/user`.',
            ),
        }),
        openMemberCenter: z.boolean(),
        sendCodeCaptcha: z.boolean().describe('Whether sending a code takes an image captcha.'),
        userInfo: userInfoSchema.nullable().describe('null for a visitor.'),
        rules: z.array(memberRuleSchema).describe('Routes, navigation and buttons, as a tree.'),
        menus: z.array(memberRuleSchema).describe('Menu directories with their pages (members only).'),
      }),
    },
    handler: async (request) => {
      if (!request.user && isTruthy(request.query.requiredLogin)) {
        // An expired token answers 409, so the member centre refreshes it instead of
        // sending the member to the login page.
        const token = headerToken(request, USER_TOKEN_HEADERS);
        const found = token ? await ctx.tokens.lookup(token, ['user']) : { state: 'missing' as const };
        if (found.state === 'expired') throw new ApiError('Token expiration', [], Code.tokenExpired);
        throw needLogin();
      }
      const site = await siteConfig(ctx.settings, ctx.db);
      const { rules, menus } = await memberRules(ctx.db, request.user, request.lang);
      return ok({
        site: {
          siteName: site.siteName,
          recordNumber: site.recordNumber,
          version: site.version,
          cdnUrl: site.cdnUrl,
          upload: site.upload,
          timeZone: site.timeZone,
          homeUrl: site.homeUrl,
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
