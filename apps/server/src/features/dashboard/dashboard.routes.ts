/** `/admin/dashboard/index`: the dashboard's remark. Its figures are computed in the browser. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routeRemark } from '../../crud/remark.js';
import { ok } from '../../http/envelope.js';
import { adminController } from '../../http/routes.js';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, 'dashboard', [
    {
      action: 'index',
      method: 'GET',
      handler: async (request) => {
        const remark = await routeRemark(ctx, 'dashboard', request.lang);
        return ok({ remark });
      },
    },
  ]);
}
