/**
 * `/admin/index/*`: what the back-office loads at start (`index`), and administrator
 * sign-in and sign-out.
 */
import {
  AdminController,
  type AdminInfo,
  LoginState,
  NPM_REGISTRIES,
  type NpmRegistryName,
  PACKAGE_MANAGER_SETTINGS,
} from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADERS, alreadyLoggedIn, headerToken } from '../../auth/admin-auth.js';
import { recordSignIn, verifyLogin } from '../../auth/login.js';
import { STORED_RULE_FIELDS } from '../../auth/rule-tree.js';
import { clientOf } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { wallClockText } from '../../crud/time-zone.js';
import { ok } from '../../http/envelope.js';
import { ApiError, Code } from '../../http/errors.js';
import { adminController, defineAction } from '../../http/routes.js';
import { isTruthy } from '../../http/validate.js';
import { terminalSettings } from '../../terminal/index.js';
import { captchaFields, checkLoginCaptcha, loginPassword } from '../common/index.js';
import { siteConfig } from '../config/index.js';
import {
  beginEnrolment,
  CODE_FAILURE_LIMIT,
  checkSecondFactor,
  codeBody,
  confirmEnrolment,
  enrolmentAnswer,
  LOCKED_LOG_TITLE,
  lockedError,
  recoveryCodesAnswer,
  secondStepFor,
} from '../two-factor/index.js';
import { adminMenus } from './menus.js';

/** How long the second step of a sign-in may take. */
const SECOND_STEP_SECONDS = 300;

const loginBody = z.object({
  username: z.string().trim().min(3).max(30),
  password: loginPassword(),
  keep: z.unknown().optional().describe('Keep me signed in: true, 1 or on also opens a refresh token.'),
  ...captchaFields,
});

// The web client sends refreshToken (as the original); the original's API documents refresh_token.
const logoutBody = z.object({
  refreshToken: z.string().max(200).optional().describe("The session's refresh token: ends it too."),
  refresh_token: z.string().max(200).optional().describe('The same, as SPEC section 7 names it.'),
});

/** The signed-in administrator as the web app shows them. */
const adminInfo = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  last_login_time: z.string().describe("`Y-m-d H:i:s` in the site's time zone; '' before any login."),
});

/** A back-office menu rule the administrator holds, with the rules below it. */
const menuRule = z
  .object(STORED_RULE_FIELDS)
  .extend({
    type: z.enum(['menu_dir', 'menu', 'button']),
    title: z.string().describe("In the reader's language when seeded."),
    keepalive: z
      .union([z.string(), z.literal(0)])
      .describe('The rule name when the page is kept alive while hidden (its cache key), else 0.'),
    get children(): z.ZodOptional<z.ZodArray<typeof menuRule>> {
      return z.array(menuRule).optional();
    },
  })
  .meta({ id: 'AdminMenuRule' });

const indexAnswer = z.object({
  adminInfo: adminInfo.extend({ super: z.boolean() }),
  menus: z.array(menuRule),
  siteConfig: z.object({
    siteName: z.string(),
    recordNumber: z.string(),
    version: z.string(),
    cdnUrl: z.string(),
    apiUrl: z.string(),
    upload: z.object({
      maxSize: z.number().describe('Bytes.'),
      saveName: z.string(),
      allowedSuffixes: z.string(),
      allowedMimeTypes: z.string(),
      mode: z.string(),
    }),
    timeZone: z.string().describe('The `time_zone` setting: the zone every time on screen is shown in.'),
    homeUrl: z
      .string()
      .describe("The site's public home: `/page/{id}` of the chosen content page, or `/user`."),
  }),
  terminal: z.object({
    phpDevelopmentServer: z.literal(false).describe("Always false: kept for the original client's panel."),
    npmPackageManager: z.enum(PACKAGE_MANAGER_SETTINGS),
    npmRegistry: z
      .enum([...(Object.keys(NPM_REGISTRIES) as NpmRegistryName[]), 'unknown'])
      .describe("The registry the project's npm configuration names."),
    port: z.string(),
  }),
});

const signedInAnswer = z.object({
  userInfo: adminInfo.extend({
    token: z.string(),
    refresh_token: z.string().describe('Blank unless `keep` was asked for.'),
  }),
  routePath: z.string().describe('Where the web app goes next.'),
});

/** The password is right and a second factor is needed: its step, and the ticket that carries the sign-in there. */
const secondStepAnswer = z.object({
  twoFactor: z.object({
    step: z
      .enum(['verify', 'enrol'])
      .describe('verify: ask for a code; enrol: a group requires a second factor not set up yet.'),
    ticket: z.string().describe(`Good for ${SECOND_STEP_SECONDS / 60} minutes, for one sign-in.`),
  }),
});

const loginAnswer = z.union([signedInAnswer, secondStepAnswer]);

const secondStepBody = z.object({
  ticket: z.string().min(20).max(100).describe("The login answer's twoFactor.ticket."),
  code: codeBody.shape.code,
  keep: loginBody.shape.keep,
});

function signInAgain(): ApiError {
  return new ApiError('The sign-in has timed out: please sign in again', [], Code.loginState, {
    type: LoginState.needLogin,
  });
}

export function registerAdminIndexRoutes(app: FastifyInstance, ctx: AppContext): void {
  const captchaOn = async () =>
    ctx.config.adminLoginCaptcha ?? (await ctx.settings.flag('admin_login_captcha'));

  /** Opens the session of a sign-in that passed every check, as the login answer. */
  const signedIn = async (request: FastifyRequest, adminId: number, keep: boolean) => {
    await recordSignIn(ctx.db, 'admin', adminId, request.ip);
    const { token, refreshToken } = await ctx.tokens.openSession(
      adminId,
      { type: 'admin', ttl: ctx.config.adminTokenTtl },
      keep ? { type: 'admin-refresh', ttl: ctx.config.refreshTokenTtl } : null,
      clientOf(request),
    );
    const admin = await ctx.adminAuth.identity(adminId, token);
    if (!admin) throw new ApiError('Account disabled');
    return {
      userInfo: {
        id: admin.id,
        username: admin.username,
        nickname: admin.nickname,
        avatar: admin.avatar,
        last_login_time: wallClockText(admin.last_login_time, await ctx.settings.get('time_zone')),
        token,
        refresh_token: refreshToken,
      } satisfies Omit<AdminInfo, 'super'>,
      routePath: '/admin',
    };
  };

  /** The administrator a second-step ticket names, while it is good. */
  const pendingSignIn = async (ticket: string): Promise<number> => {
    const found = await ctx.tokens.lookup(ticket, ['admin-2fa']);
    if (found.state !== 'valid') throw signInAgain();
    return found.row.user_id;
  };

  adminController(app, ctx, AdminController.index, [
    defineAction({
      action: 'index',
      method: 'GET',
      access: 'login',
      schema: {
        summary: 'What the back-office loads at start: the administrator, their menus and the site settings',
        data: indexAnswer,
      },
      handler: async (request) => {
        const admin = request.admin;
        if (!admin) throw new ApiError('Please login first');
        const menus = await adminMenus(ctx.db, admin, request.lang);
        if (menus.length === 0) throw new ApiError('No background menu, please contact super administrator!');
        return ok({
          adminInfo: {
            id: admin.id,
            username: admin.username,
            nickname: admin.nickname,
            avatar: admin.avatar,
            last_login_time: wallClockText(admin.last_login_time, await ctx.settings.get('time_zone')),
            super: admin.super,
          } satisfies Omit<AdminInfo, 'token' | 'refresh_token'>,
          menus,
          siteConfig: await siteConfig(ctx.settings, ctx.db),
          terminal: await terminalSettings(ctx),
        });
      },
    }),
    defineAction({
      action: 'login',
      method: 'GET',
      access: 'public',
      schema: {
        summary: 'Whether the administrator sign-in form asks for a captcha',
        data: z.object({ captcha: z.boolean() }),
      },
      handler: async (request) => {
        if (request.admin) throw alreadyLoggedIn();
        return ok({ captcha: await captchaOn() });
      },
    }),
    defineAction({
      action: 'login',
      method: 'POST',
      access: 'public',
      rateLimited: true,
      schema: { summary: 'Sign an administrator in', body: loginBody, data: loginAnswer },
      handler: async (request) => {
        if (request.admin) throw alreadyLoggedIn();
        const captcha = await captchaOn();
        request.adminLog.title = 'Login';
        const body = request.body;
        request.adminLog.username = body.username;
        if (captcha) await checkLoginCaptcha(ctx, body);
        const row = await verifyLogin(ctx.db, {
          table: 'admin',
          column: 'username',
          value: body.username,
          password: body.password,
          ip: request.ip,
          enabledStatus: '1',
        });
        request.adminLog.adminId = row.id;
        const step = await secondStepFor(ctx, row.id);
        if (step !== 'none') {
          // The password is right; the session opens once the second factor is too.
          request.adminLog.title = 'Login: second factor asked';
          const ticket = await ctx.tokens.issue(
            'admin-2fa',
            row.id,
            SECOND_STEP_SECONDS,
            undefined,
            clientOf(request),
          );
          const next =
            step === 'verify'
              ? 'Enter the code from your authenticator app'
              : 'Your group requires two-factor sign-in';
          return ok({ twoFactor: { step, ticket } }, next);
        }
        return ok(await signedIn(request, row.id, isTruthy(body.keep)), 'Login succeeded!');
      },
    }),
    defineAction({
      action: 'twoFactor',
      method: 'POST',
      access: 'public',
      rateLimited: true,
      schema: {
        summary:
          "Sign-in's second step: a code from the authenticator app or a recovery code (or, when enrolling at sign-in, the first code of the new secret)",
        body: secondStepBody,
        data: signedInAnswer.extend({
          recoveryCodes: recoveryCodesAnswer.shape.recoveryCodes
            .optional()
            .describe(
              'When the second factor was set up at this sign-in: its recovery codes, shown this once.',
            ),
        }),
      },
      handler: async (request) => {
        if (request.admin) throw alreadyLoggedIn();
        request.adminLog.title = 'Login';
        const { ticket, code, keep } = request.body;
        const adminId = await pendingSignIn(ticket);
        request.adminLog.adminId = adminId;
        let recoveryCodes: string[] | undefined;
        if ((await secondStepFor(ctx, adminId)) === 'enrol') {
          recoveryCodes = await confirmEnrolment(ctx, adminId, code);
        } else {
          const tooMany = async () => {
            await ctx.tokens.endSession(ticket, ['admin-2fa']);
            return new ApiError('Too many wrong codes: please sign in again', [], Code.loginState, {
              type: LoginState.needLogin,
            });
          };
          // Counted before it is checked: of codes sent at once, only the first few are checked.
          if (!(await ctx.tokens.countTry(ticket, 'admin-2fa', CODE_FAILURE_LIMIT))) throw await tooMany();
          const check = await checkSecondFactor(ctx, adminId, code);
          if (check.outcome === 'locked') throw lockedError(check.minutesLeft);
          if (check.outcome === 'wrong') {
            if (check.lockedNow) request.adminLog.title = LOCKED_LOG_TITLE;
            // The last try, or another try has ended the sign-in meanwhile.
            const tries = (await ctx.tokens.triesOf(ticket, 'admin-2fa')) ?? CODE_FAILURE_LIMIT;
            if (tries >= CODE_FAILURE_LIMIT) throw await tooMany();
            throw new ApiError('The code is not correct');
          }
        }
        // One session per ticket, however many requests carried it.
        if ((await ctx.tokens.consume(ticket, 'admin-2fa')).state !== 'valid') throw signInAgain();
        const answer = await signedIn(request, adminId, isTruthy(keep));
        return ok(recoveryCodes ? { ...answer, recoveryCodes } : answer, 'Login succeeded!');
      },
    }),
    defineAction({
      action: 'twoFactorEnrol',
      method: 'POST',
      access: 'public',
      rateLimited: true,
      schema: {
        summary:
          "Sign-in's second step when a group requires a second factor the administrator has not set up: a new secret to scan",
        body: z.object({ ticket: secondStepBody.shape.ticket }),
        data: enrolmentAnswer,
      },
      handler: async (request) => {
        const adminId = await pendingSignIn(request.body.ticket);
        if ((await secondStepFor(ctx, adminId)) !== 'enrol')
          throw new ApiError('Two-factor sign-in is already on');
        const admin = await ctx.db.kysely
          .selectFrom('admin')
          .select(['id', 'username'])
          .where('id', '=', adminId)
          .executeTakeFirstOrThrow();
        return ok(await beginEnrolment(ctx, admin));
      },
    }),
    defineAction({
      action: 'logout',
      method: 'POST',
      access: 'public',
      schema: { summary: "Sign out: end the administrator's session", body: logoutBody, data: z.null() },
      handler: async (request) => {
        // The whole session: tokens from refreshes too. An expired access token still names it.
        const refreshToken = request.body.refreshToken || request.body.refresh_token;
        if (refreshToken) await ctx.tokens.endSession(refreshToken, ['admin-refresh']);
        const token = headerToken(request, ADMIN_TOKEN_HEADERS);
        if (token) await ctx.tokens.endSession(token, ['admin']);
        return ok(null);
      },
    }),
  ]);
}
