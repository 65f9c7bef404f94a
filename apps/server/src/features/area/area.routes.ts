/**
 * `GET /admin/ajax/area` and `/api/ajax/area` (public, as in the original): provinces, the
 * cities of `province`, or the districts of `city`, as `[{value, label}]` options.
 */
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import type { SchemaRequest } from '../../http/route-schema.js';
import { adminController, apiRoute, defineAction } from '../../http/routes.js';

const areaQuery = z.object({
  province: z.coerce.number().int().min(1).max(999_999_999).optional(),
  city: z.coerce.number().int().min(1).max(999_999_999).optional(),
});

export function registerAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const schema = {
    summary: 'Provinces, the cities of a province, or the districts of a city',
    query: areaQuery,
    data: z.array(z.object({ value: z.number(), label: z.string() })),
  };
  const handler = async (request: SchemaRequest<typeof schema>) => {
    const { province, city } = request.query;
    const pid = city ?? province ?? 0;
    const rows = await ctx.db.kysely
      .selectFrom('area')
      .select(['id', 'name'])
      .where('pid', '=', pid)
      .orderBy('id')
      .execute();
    return ok(rows.map((row) => ({ value: row.id, label: row.name })));
  };
  adminController(app, ctx, AdminController.ajax, [
    defineAction({ action: 'area', method: 'GET', access: 'public', schema, handler }),
  ]);
  apiRoute(app, ctx, { path: 'ajax/area', action: 'area', method: 'GET', access: 'public', schema, handler });
}
