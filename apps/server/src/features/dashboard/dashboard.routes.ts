/**
 * `/admin/dashboard/index`: the dashboard's remark, its figures (dashboard-stats.ts), the
 * first-run checklist (first-run.ts) and the setup notice of a site whose members cannot
 * register yet.
 */
import { AdminController } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can } from '../../auth/permissions.js';
import { routeRemark } from '../../auth/rule-remarks.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { adminController, defineAction } from '../../http/routes.js';
import { verificationChannels } from '../verify/index.js';
import { ATTACHMENT_KINDS, dashboardStats, GROWTH_DAYS } from './dashboard-stats.js';
import { firstRunChecklist, firstRunFor } from './first-run.js';

const statsQuery = z.object({
  tzOffset: z.coerce
    .number()
    .int()
    .min(-840)
    .max(840)
    .default(0)
    .describe("The browser's offset from UTC in minutes (UTC+8 → 480): the days are the caller's days."),
});

const perDay = z.array(z.number()).length(GROWTH_DAYS);
const dashboardAnswer = z.object({
  remark: z.string().describe("The page's help text."),
  registrationNeedsSetup: z
    .boolean()
    .describe(
      'True when the member centre is open but no verification code can be sent, so members cannot register (told only to those who may change the config).',
    ),
  firstRun: firstRunChecklist,
  tiles: z.object({
    members: z.number(),
    membersToday: z.number(),
    attachments: z.number(),
    attachmentsToday: z.number(),
    admins: z.number(),
  }),
  days: z
    .array(z.string())
    .length(GROWTH_DAYS)
    .describe(`The last ${GROWTH_DAYS} days, YYYY-MM-DD, oldest first.`),
  memberGrowth: perDay.describe('Members joined on each of those days.'),
  attachmentGrowth: z
    .record(z.enum(ATTACHMENT_KINDS), perDay)
    .describe('Attachments uploaded on each of those days, by kind.'),
});

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

  adminController(app, ctx, AdminController.dashboard, [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: {
        summary: "The dashboard's figures: totals, today's additions, and growth over the last days",
        query: statsQuery,
        data: dashboardAnswer,
      },
      handler: async (request) => {
        const { tzOffset } = request.query;
        const remark = await routeRemark(ctx, 'dashboard', request.lang);
        return ok({
          remark,
          registrationNeedsSetup: await registrationNeedsSetup(request),
          firstRun: request.admin ? await firstRunFor(ctx, request.admin) : null,
          ...(await dashboardStats(ctx.db, now(), tzOffset)),
        });
      },
    }),
  ]);
}
