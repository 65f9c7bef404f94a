/**
 * `POST /admin/ajax/clearCache`: drops what the server keeps in memory (settings, grants,
 * page remarks) so a change made straight in the database shows at once, in every server
 * process on the database.
 */
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { adminController, defineAction } from '../../http/routes.js';

const CACHE_TYPES: unknown[] = ['tp', 'all'];

// Any other value (or none) is refused with the original's plain 'Parameter error'.
const clearCacheBody = z.object({
  type: z
    .unknown()
    .refine((type) => CACHE_TYPES.includes(type), 'Parameter error')
    .describe("'tp' or 'all' (the original's cache kinds): either clears every cache."),
});

export function registerClearCacheRoute(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, AdminController.ajax, [
    defineAction({
      action: 'clearCache',
      method: 'POST',
      access: 'login',
      schema: {
        summary: 'Clear the cached settings, grants and page remarks in every server process',
        body: clearCacheBody,
        data: z.null(),
      },
      handler: async () => {
        await ctx.caches.changed('settings', 'rules');
        return ok(null, 'Cache cleaned~');
      },
    }),
  ]);
}
