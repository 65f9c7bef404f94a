/**
 * `/admin/index/*`: what the back-office loads at start (`index`), and administrator
 * sign-in and sign-out.
 */
import {
  type AdminInfo,
  NPM_REGISTRIES,
  type NpmRegistryName,
  PACKAGE_MANAGER_SETTINGS,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADERS, alreadyLoggedIn, headerToken } from '../../auth/admin-auth.js';
import { verifyLogin } from '../../auth/login.js';
import { STORED_RULE_FIELDS } from '../../auth/rule-tree.js';
import { clientOf } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { wallClockText } from '../../crud/time-zone.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { adminController, defineAction } from '../../http/routes.js';
import { isTruthy } from '../../http/validate.js';
import { captchaFields, checkLoginCaptcha, loginPassword } from '../common/index.js';
import { siteConfig } from '../config/index.js';
import { terminalSettings } from '../terminal/index.js';
import { adminMenus } from './menus.js';

const loginBody = z.object({
  username: z.string().trim().min(3).max(30),
  password: loginPassword(),
  keep: z.unknown().optional().describe('Keep me signed in: true, 1 or on also opens a refresh token.'),
  ...captchaFields,
});

// The web client sends refreshToken (as the original); SPEC section 7 names it refresh_token.
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

const loginAnswer = z.object({
  userInfo: adminInfo.extend({
    token: z.string(),
    refresh_token: z.string().describe('Blank unless `keep` was asked for.'),
  }),
  routePath: z.string().describe('Where the web app goes next.'),
});

export function registerAdminIndexRoutes(app: FastifyInstance, ctx: AppContext): void {
  const captchaOn = async () =>
    ctx.config.adminLoginCaptcha ?? (await ctx.settings.flag('admin_login_captcha'));

  adminController(app, ctx, 'index', [
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
          siteConfig: await siteConfig(ctx.settings),
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
        const { token, refreshToken } = await ctx.tokens.openSession(
          row.id,
          { type: 'admin', ttl: ctx.config.adminTokenTtl },
          isTruthy(body.keep) ? { type: 'admin-refresh', ttl: ctx.config.refreshTokenTtl } : null,
          clientOf(request),
        );
        const admin = await ctx.adminAuth.identity(row.id, token);
        if (!admin) throw new ApiError('Account disabled');
        return ok(
          {
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
          },
          'Login succeeded!',
        );
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
