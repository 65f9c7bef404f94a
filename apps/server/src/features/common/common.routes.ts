/** `/api/common/*`: the image captcha and token refresh, open to both areas. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_TOKEN_HEADERS, headerToken } from '../../auth/admin-auth.js';
import { CAPTCHA_ID_PATTERN } from '../../auth/captcha.js';
import { USER_TOKEN_HEADERS } from '../../auth/user-auth.js';
import type { AppContext } from '../../context.js';
import type { TokenType } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { parseInput } from '../../http/validate.js';

const captchaQuery = z.object({ id: z.string().regex(CAPTCHA_ID_PATTERN, 'Parameter %s is invalid') });
const refreshBody = z.object({
  refreshToken: z.string().max(200).optional(),
  refresh_token: z.string().max(200).optional(),
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
    handler: async (request, reply) => {
      const { id } = parseInput(captchaQuery, request.query);
      const svg = await ctx.captcha.create(id);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  });

  apiRoute(app, ctx, {
    path: 'common/refreshToken',
    action: 'refreshToken',
    method: 'POST',
    handler: async (request) => {
      const body = parseInput(refreshBody, request.body);
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
      const rotation = await ctx.tokens.rotate(refreshToken, row);
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
      const token = await ctx.tokens.issue(kind.access, row.user_id, ttl, row.family);
      // `type` and `token` as the original; clients that store refresh_token use it next time.
      return ok({ type, token, refresh_token: rotation.refreshToken });
    },
  });
}
