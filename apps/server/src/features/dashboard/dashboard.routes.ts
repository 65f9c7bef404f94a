/**
 * `/admin/dashboard/index`: the dashboard's remark, its figures (dashboard-stats.ts) and
 * the setup notice of a site whose members cannot register yet.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can } from '../../auth/permissions.js';
import { routeRemark } from '../../auth/rule-remarks.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { adminController } from '../../http/routes.js';
import { parseInput } from '../../http/validate.js';
import { verificationChannels } from '../verify/index.js';
import { dashboardStats } from './dashboard-stats.js';

/** The browser's offset from UTC in minutes (UTC+8 → 480). */
const statsQuery = z.object({ tzOffset: z.coerce.number().int().min(-840).max(840).default(0) });

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The member centre is open, but registration needs a code by e-mail or SMS and neither
   * can be sent. Told only to those who can change the config, and only that: no setting's
   * value leaves the server.
   */
  const registrationNeedsSetup = async (request: FastifyRequest): Promise<boolean> => {
    const admin = request.admin;
    if (!admin || !can(admin, 'routine/config/index') || !can(admin, 'routine/config/edit')) return false;
    if (!(await ctx.settings.flag('open_member_center'))) return false;
    return (await verificationChannels(ctx)).length === 0;
  };

  adminController(app, ctx, 'dashboard', [
    {
      action: 'index',
      method: 'GET',
      handler: async (request) => {
        const { tzOffset } = parseInput(statsQuery, request.query);
        const remark = await routeRemark(ctx, 'dashboard', request.lang);
        return ok({
          remark,
          registrationNeedsSetup: await registrationNeedsSetup(request),
          ...(await dashboardStats(ctx.db, now(), tzOffset)),
        });
      },
    },
  ]);
}
