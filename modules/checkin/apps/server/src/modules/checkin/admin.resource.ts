/**
 * `/admin/checkin.Checkin/*`: the back-office list of check-ins (search by member and by
 * date range) and the reward setting. Check-ins are history, like the points log: they are
 * neither edited nor deleted here.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { registerResource } from '../../crud/resource.js';
import type { TableName } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { input, parseInput } from '../../http/validate.js';
import { REWARD_RANGE, rewardPoints, setRewardPoints } from './check-in.js';
import type { CheckinTables } from './tables.js';

const settingBody = z.object({
  points: input.id().pipe(z.number().min(REWARD_RANGE.min).max(REWARD_RANGE.max)),
});

export function registerCheckinAdmin(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: 'checkin.Checkin',
    table: 'checkin' as TableName,
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
        .withTables<CheckinTables>()
        .selectFrom('checkin')
        .leftJoin('user', 'user.id', 'checkin.user_id')
        .selectAll('checkin')
        .select(['user.username as username', 'user.nickname as nickname']),
    actions: [
      {
        action: 'config',
        method: ['GET', 'POST'],
        handler: async (request) => {
          if (request.method === 'GET') return ok({ points: await rewardPoints(ctx), range: REWARD_RANGE });
          const { points } = parseInput(settingBody, request.body);
          await setRewardPoints(ctx, points);
          return ok({ points }, 'Update successful');
        },
      },
    ],
  });
}
