/**
 * `/api/user/info`: the market member's account, which the original client's market asks the
 * vendor store for when the member panel opens (with the market token). Portico's member
 * centre answers the same account on `/api/index/index?requiredLogin=1`; this route asks it in
 * process and passes its `userInfo` on, with the market's login codes (301, 408), because the
 * client fills the whole member panel from it (the token included) and would sign the
 * administrator out on Portico's 303.
 */
import { type AppContext, apiRoute, ok } from '@portico/server-sdk';
import type { UserInfo } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answered, callStore } from './portico-call.js';

export function registerOriginalMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'user/info',
    action: 'info',
    method: 'GET',
    schema: {
      summary: "The original client's market: the market member's account (points, balance, token)",
      data: z.object({
        userInfo: z
          .object({
            id: z.number(),
            username: z.string(),
            score: z.number(),
            money: z.string(),
            token: z.string(),
          })
          .passthrough(),
      }),
    },
    handler: async (request) => {
      const { userInfo } = answered(
        await callStore<{ userInfo: UserInfo }>(app, request, {
          method: 'GET',
          path: 'index/index',
          query: { requiredLogin: '1' },
        }),
      );
      return ok({ userInfo });
    },
  });
}
