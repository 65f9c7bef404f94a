/**
 * `/admin/checkin.Checkin/*`: the back-office list of check-ins (search by member and by
 * date range) and the reward setting. Check-ins are history, like the points log: they are
 * neither edited nor deleted here.
 */

import { type AppContext, defineAction, input, ok, registerResource } from '@portico/server-sdk';
import { CHECKIN_CONTROLLER } from '@portico/shared/modules/checkin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REWARD_RANGE, rewardPoints, setRewardPoints } from './check-in.js';

const settingBody = z.object({
  points: input.id().pipe(z.number().min(REWARD_RANGE.min).max(REWARD_RANGE.max)),
});

export function registerCheckinAdmin(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: CHECKIN_CONTROLLER,
    table: 'checkin',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'checkin.id', type: 'number' },
        user_id: { column: 'checkin.user_id', type: 'number' },
        'user.username': { column: 'user.username', type: 'string' },
        'user.nickname': { column: 'user.nickname', type: 'string' },
        // 'YYYY-MM-DD' texts: a RANGE search compares them as dates.
        date: { column: 'checkin.date', type: 'string' },
        points: { column: 'checkin.points', type: 'number' },
        streak: { column: 'checkin.streak', type: 'number' },
        create_time: { column: 'checkin.create_time', type: 'time' },
      },
      quickSearch: ['user.username', 'user.nickname'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: (db) =>
      db
        .selectFrom('checkin')
        .leftJoin('user', 'user.id', 'checkin.user_id')
        .selectAll('checkin')
        .select(['user.username as username', 'user.nickname as nickname']),
    row: z.looseObject({
      id: z.number(),
      user_id: z.number(),
      username: z.string().nullable(),
      nickname: z.string().nullable(),
      date: z.string().describe("The site's day, 'YYYY-MM-DD'."),
      points: z.number(),
      streak: z.number(),
      create_time: z.number(),
    }),
    actions: [
      defineAction({
        action: 'config',
        method: 'GET',
        schema: {
          summary: 'The points a check-in gives, and the range the setting accepts',
          data: z.object({ points: z.number(), range: z.object({ min: z.number(), max: z.number() }) }),
        },
        handler: async () => ok({ points: await rewardPoints(ctx), range: REWARD_RANGE }),
      }),
      defineAction({
        action: 'config',
        method: 'POST',
        schema: {
          summary: 'Set the points a check-in gives (0 turns the reward off)',
          body: settingBody,
          data: z.object({ points: z.number() }),
        },
        handler: async (request) => {
          const { points } = request.body;
          await setRewardPoints(ctx, points);
          return ok({ points }, 'Update successful');
        },
      }),
    ],
  });
}
