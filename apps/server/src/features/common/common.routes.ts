/**
 * `/api/common/*`: the captchas (Portico's typed image captcha and the original product's click
 * captcha) and token refresh, open to both areas.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADERS, headerToken } from '../../auth/admin-auth.js';
import { CAPTCHA_ID_PATTERN } from '../../auth/captcha.js';
import { CLICK_CAPTCHA_TARGETS } from '../../auth/click-captcha.js';
import { clientOf } from '../../auth/tokens.js';
import { USER_TOKEN_HEADERS } from '../../auth/user-auth.js';
import type { AppContext } from '../../context.js';
import type { TokenType } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { input } from '../../http/validate.js';

const captchaId = () =>
  z
    .string()
    .regex(CAPTCHA_ID_PATTERN, 'Parameter %s is invalid')
    .describe('An id the client makes up; the answer is checked later against it.');
const captchaQuery = z.object({ id: captchaId() });

/** A click captcha as the original client reads it. */
const clickCaptcha = z.object({
  id: z.string().describe('The id asked for.'),
  text: z
    .array(z.string())
    .length(CLICK_CAPTCHA_TARGETS)
    .describe("What to click, in order: a character, or an icon's name in angle brackets (<apple>, <苹果>)."),
  base64: z.string().startsWith('data:image/png;base64,').describe('The picture (PNG) as a data URL.'),
  width: z.number().int().describe("The picture's natural width in pixels."),
  height: z.number().int().describe("The picture's natural height in pixels."),
});

const clickInfo = z
  .string()
  .max(200)
  .describe(
    'The clicks, measured on the picture as shown, and the size it was shown at: "x1,y1-x2,y2;<width>;<height>".',
  );
const refreshBody = z.object({
  refreshToken: z.string().max(200).optional().describe('The refresh token of the session.'),
  refresh_token: z.string().max(200).optional().describe('The same, under its other name.'),
});

/** Refresh type → the access-token type it renews, where that token travels, and its lifetime. */
const REFRESH_KINDS = {
  'admin-refresh': { access: 'admin', headers: ADMIN_TOKEN_HEADERS },
  'user-refresh': { access: 'user', headers: USER_TOKEN_HEADERS },
} as const satisfies Record<string, { access: TokenType; headers: readonly string[] }>;

export function registerCommonRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'common/captcha',
    action: 'captcha',
    method: 'GET',
    schema: {
      summary: 'An image captcha (SVG) for the given id',
      query: captchaQuery,
      data: z.null(),
      produces: 'image/svg+xml',
    },
    handler: async (request, reply) => {
      const { id } = request.query;
      const svg = await ctx.captcha.create(id);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  });

  apiRoute(app, ctx, {
    path: 'common/clickCaptcha',
    action: 'clickCaptcha',
    method: 'GET',
    schema: {
      summary: 'A click captcha for the given id: a picture and the labels to click in it, in order',
      query: captchaQuery,
      data: clickCaptcha,
    },
    handler: async (request) => {
      const { id } = request.query;
      return ok({ id, ...(await ctx.captcha.createClick(id, request.lang)) });
    },
  });

  apiRoute(app, ctx, {
    path: 'common/clickCaptcha',
    action: 'clickCaptcha',
    method: 'POST',
    schema: {
      summary: 'The same, the id in the query or the body',
      query: z.object({ id: captchaId().optional() }),
      body: z.object({ id: captchaId().optional() }),
      data: clickCaptcha,
    },
    handler: async (request) => {
      const id = request.body.id ?? request.query.id;
      if (!id) throw new ApiError('Parameter %s can not be empty', ['id']);
      return ok({ id, ...(await ctx.captcha.createClick(id, request.lang)) });
    },
  });

  apiRoute(app, ctx, {
    path: 'common/checkClickCaptcha',
    action: 'checkClickCaptcha',
    method: 'POST',
    schema: {
      summary:
        "Whether the clicks answer a click captcha (the original client's check before it sends its form)",
      body: z.object({
        id: z.string().max(64).describe('The id of the captcha.'),
        info: clickInfo,
        unset: input
          .flag()
          .optional()
          .describe(
            'Use the captcha up when the answer is right (default false: it stays for the form that follows). A wrong answer always uses it up.',
          ),
      }),
      data: z.null(),
    },
    handler: async (request) => {
      const { id, info, unset } = request.body;
      if (!(await ctx.captcha.checkClick(id, info, unset ?? false))) throw new ApiError('Captcha error');
      return ok(null);
    },
  });

  apiRoute(app, ctx, {
    path: 'common/refreshToken',
    action: 'refreshToken',
    method: 'POST',
    schema: {
      summary: 'Exchange a refresh token for a new access token and a new refresh token',
      body: refreshBody,
      data: z.object({
        type: z
          .enum(['admin-refresh', 'user-refresh'])
          .describe('Whose session: an administrator or a member.'),
        token: z.string().describe('The new access token.'),
        refresh_token: z.string().describe('The refresh token to send next time (the one sent is spent).'),
      }),
    },
    handler: async (request) => {
      const body = request.body;
      const refreshToken = body.refreshToken || body.refresh_token || '';
      const found = await ctx.tokens.findRefresh(refreshToken, ['admin-refresh', 'user-refresh']);
      if (found.state !== 'valid') throw new ApiError('Login expired, please login again.');
      const { row } = found;
      const type = row.type as keyof typeof REFRESH_KINDS;
      const kind = REFRESH_KINDS[type];
      // The access token being replaced, if sent, must belong to the same account.
      const old = headerToken(request, kind.headers);
      if (old) {
        const current = await ctx.tokens.lookup(old, [kind.access]);
        if (current.state !== 'missing' && current.row.user_id !== row.user_id) {
          throw new ApiError('Invalid token');
        }
      }
      const rotation = await ctx.tokens.rotate(refreshToken, row, clientOf(request));
      if (rotation.state === 'reused') {
        // Someone holds an exchanged refresh token: a copy of it was taken, or a client
        // went back to an old one. The session is ended either way.
        request.log.warn(
          { userId: row.user_id, type },
          'an exchanged refresh token was used again after its successor; its session is revoked',
        );
        throw new ApiError('Login expired, please login again.');
      }
      if (old) await ctx.tokens.revoke(old);
      const ttl = kind.access === 'admin' ? ctx.config.adminTokenTtl : ctx.config.userTokenTtl;
      const client = { ip: request.ip, userAgent: row.user_agent };
      const token = await ctx.tokens.issue(kind.access, row.user_id, ttl, row.family, client);
      // `type` and `token` as the original; clients that store refresh_token use it next time.
      return ok({ type, token, refresh_token: rotation.refreshToken });
    },
  });
}
