/**
 * `/api/checkin/*`, the member centre side: the page's state (today, streak, a month's
 * calendar) and the check-in itself. Both work on the signed-in member only and need the
 * member rule `checkin/index`, like the core's account pages need theirs.
 */

import { type AppContext, apiRoute, ok, signedInMember } from '@portico/server-sdk';
import { CHECKIN_ROUTES, type CheckInResult, type CheckInStatus } from '@portico/shared/modules/checkin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkIn, checkInStatus } from './check-in.js';
import { CHECKIN_MESSAGES } from './lang.js';

const PERMISSION = 'checkin/index';
const monthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Parameter %s is invalid')
    .optional()
    .describe("The month shown, 'YYYY-MM'; the site's current month when absent."),
});

export function registerCheckinMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: CHECKIN_ROUTES.status,
    action: 'index',
    method: 'GET',
    access: 'permission',
    permission: PERMISSION,
    memberCenter: true,
    schema: {
      summary: "The member's check-in page: today, the streak and a month's calendar",
      query: monthQuery,
      data: z.object({
        today: z.string().describe("The site's day, 'YYYY-MM-DD'."),
        checkedToday: z.boolean(),
        streak: z.number().describe('Consecutive days up to today, or up to yesterday while today is open.'),
        reward: z.number().describe('Points the next check-in gives.'),
        month: z.string().describe("The month shown, 'YYYY-MM'."),
        days: z.array(z.string()).describe('The days of the month the member checked in on.'),
        monthPoints: z.number(),
        total: z.number().describe('Check-ins in all.'),
      }) satisfies z.ZodType<CheckInStatus>,
    },
    handler: async (request) => {
      const { month } = request.query;
      return ok(await checkInStatus(ctx, signedInMember(request).id, month));
    },
  });

  apiRoute(app, ctx, {
    path: CHECKIN_ROUTES.checkIn,
    action: 'checkIn',
    method: 'POST',
    access: 'permission',
    permission: PERMISSION,
    memberCenter: true,
    schema: {
      summary: 'Check the member in for today, rewarding the set points',
      data: z.object({
        date: z.string(),
        points: z.number().describe('Points awarded.'),
        streak: z.number(),
        score: z
          .number()
          .nullable()
          .describe("The member's points after the reward; null when none was given."),
      }) satisfies z.ZodType<CheckInResult>,
    },
    handler: async (request) => {
      const result = await checkIn(ctx, signedInMember(request).id, request.lang);
      const message = result.points > 0 ? CHECKIN_MESSAGES.rewarded : CHECKIN_MESSAGES.checkedIn;
      return ok(result, message, [result.points]);
    },
  });
}
