/**
 * `POST /admin/ajax/clearCache`: drops what the server keeps in memory (settings, grants,
 * page remarks) so a change made straight in the database shows at once, in every server
 * process on the database.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { adminController } from '../../http/routes.js';

const CACHE_TYPES: unknown[] = ['tp', 'all'];

export function registerClearCacheRoute(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, 'ajax', [
    {
      action: 'clearCache',
      method: 'POST',
      access: 'login',
      handler: async (request) => {
        const type = (request.body as { type?: unknown } | undefined)?.type;
        if (!CACHE_TYPES.includes(type)) throw new ApiError('Parameter error');
        await ctx.caches.changed('settings', 'rules');
        return ok(null, 'Cache cleaned~');
      },
    },
  ]);
}
