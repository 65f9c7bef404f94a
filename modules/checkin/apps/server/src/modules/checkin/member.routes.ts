/**
 * `/api/checkin/*`, the member centre side: the page's state (today, streak, a month's
 * calendar) and the check-in itself. Both work on the signed-in member only and need the
 * member rule `checkin/index`, like the core's account pages need theirs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { apiRoute } from '../../http/routes.js';
import { parseInput } from '../../http/validate.js';
import { checkIn, checkInStatus } from './check-in.js';
import { CHECKIN_MESSAGES } from './lang.js';

const PERMISSION = 'checkin/index';
const monthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Parameter %s is invalid')
    .optional(),
});

function memberId(request: FastifyRequest): number {
  if (!request.user) throw new ApiError('Please login first');
  return request.user.id;
}

export function registerCheckinMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'checkin/index',
    action: 'index',
    method: 'GET',
    access: 'permission',
    permission: PERMISSION,
    memberCenter: true,
    handler: async (request) => {
      const { month } = parseInput(monthQuery, request.query);
      return ok(await checkInStatus(ctx, memberId(request), month));
    },
  });

  apiRoute(app, ctx, {
    path: 'checkin/checkIn',
    action: 'checkIn',
    method: 'POST',
    access: 'permission',
    permission: PERMISSION,
    memberCenter: true,
    handler: async (request) => {
      const result = await checkIn(ctx, memberId(request), request.lang);
      const message = result.points > 0 ? CHECKIN_MESSAGES.rewarded : CHECKIN_MESSAGES.checkedIn;
      return ok(result, message, [result.points]);
    },
  });
}
