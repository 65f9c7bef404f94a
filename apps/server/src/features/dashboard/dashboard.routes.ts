/** `/admin/dashboard/index`: the dashboard's remark and its figures (dashboard-stats.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AppContext, now } from '../../context.js';
import { routeRemark } from '../../crud/remark.js';
import { ok } from '../../http/envelope.js';
import { adminController } from '../../http/routes.js';
import { parseInput } from '../../http/validate.js';
import { dashboardStats } from './dashboard-stats.js';

/** The browser's offset from UTC in minutes (UTC+8 → 480). */
const statsQuery = z.object({ tzOffset: z.coerce.number().int().min(-840).max(840).default(0) });

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminController(app, ctx, 'dashboard', [
    {
      action: 'index',
      method: 'GET',
      handler: async (request) => {
        const { tzOffset } = parseInput(statsQuery, request.query);
        const remark = await routeRemark(ctx, 'dashboard', request.lang);
        return ok({ remark, ...(await dashboardStats(ctx.db, now(), tzOffset)) });
      },
    },
  ]);
}
