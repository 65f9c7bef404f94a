/**
 * `/admin/index/*`: what the back-office loads at start (`index`), and administrator
 * sign-in and sign-out.
 */
import type { AdminInfo } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADERS, alreadyLoggedIn, headerToken } from '../../auth/admin-auth.js';
import { verifyLogin } from '../../auth/login.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { adminController } from '../../http/routes.js';
import { isTruthy, parseInput } from '../../http/validate.js';
import { captchaFields, checkLoginCaptcha, loginPassword } from '../common/index.js';
import { siteConfig } from '../config/index.js';
import { terminalSettings } from '../terminal/index.js';
import { adminMenus } from './menus.js';

const loginBody = z.object({
  username: z.string().trim().min(3).max(30),
  password: loginPassword(),
  keep: z.unknown().optional(),
  ...captchaFields,
});

// The web client sends refreshToken (as the original); SPEC section 7 names it refresh_token.
const logoutBody = z.object({
  refreshToken: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
});

export function registerAdminIndexRoutes(app: FastifyInstance, ctx: AppContext): void {
  const captchaOn = async () =>
    ctx.config.adminLoginCaptcha ?? (await ctx.settings.flag('admin_login_captcha'));

  adminController(app, ctx, 'index', [
    {
      action: 'index',
      method: 'GET',
      access: 'login',
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
            last_login_time: admin.last_login_time,
            super: admin.super,
          } satisfies Omit<AdminInfo, 'token' | 'refresh_token'>,
          menus,
          siteConfig: await siteConfig(ctx.settings),
          terminal: await terminalSettings(ctx),
        });
      },
    },
    {
      action: 'login',
      method: ['GET', 'POST'],
      access: 'public',
      rateLimited: true,
      handler: async (request) => {
        if (request.admin) throw alreadyLoggedIn();
        const captcha = await captchaOn();
        if (request.method === 'GET') return ok({ captcha });
        request.adminLog.title = 'Login';
        const body = parseInput(loginBody, request.body);
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
              last_login_time: admin.last_login_time,
              token,
              refresh_token: refreshToken,
            } satisfies Omit<AdminInfo, 'super'>,
            routePath: '/admin',
          },
          'Login succeeded!',
        );
      },
    },
    {
      action: 'logout',
      method: 'POST',
      access: 'public',
      handler: async (request) => {
        const body = parseInput(logoutBody, request.body);
        // The whole session: tokens from refreshes too. An expired access token still names it.
        const refreshToken = body.refreshToken || body.refresh_token;
        if (refreshToken) await ctx.tokens.endSession(refreshToken, ['admin-refresh']);
        const token = headerToken(request, ADMIN_TOKEN_HEADERS);
        if (token) await ctx.tokens.endSession(token, ['admin']);
        return ok(null);
      },
    },
  ]);
}
