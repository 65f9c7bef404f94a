/**
 * user.MoneyLog and user.ScoreLog: the back-office's lists of changes to a member's balance or
 * points, and its form to adjust one, which pays through the core's ledger (`adjustBalance`).
 */

import {
  ApiError,
  type AppContext,
  adjustBalance,
  claimOnceKey,
  defineAction,
  input,
  type Ledger,
  ok,
  onceKeyOf,
  type Row,
  registerResource,
  sweepOnceKeys,
} from '@portico/server-sdk';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MEMBERS_MESSAGES } from './lang.js';

const userQuery = z.object({ userId: input.id().describe('The member whose value is adjusted.') });

export function registerBalanceLog(app: FastifyInstance, ctx: AppContext, ledger: Ledger): void {
  const { column, table, noun } = ledger;
  const unit = column === 'money' ? 'yuan, up to 2 decimals' : 'whole points';
  const addBody = z.object({
    user_id: input.id(),
    [column]: z
      .union([z.string(), z.number()])
      .transform(String)
      .describe(`The change (${unit}): positive adds, negative takes away; not 0.`),
    memo: z.string().trim().min(1).max(255).describe('The remark the member reads in their log.'),
  });
  // As shown: money a 2-decimal string, points a number.
  const amount = column === 'money' ? z.string() : z.number();
  const row = z.looseObject({
    id: z.number(),
    user_id: z.number(),
    [column]: amount.describe('The change.'),
    before: amount,
    after: amount,
    memo: z.string(),
    create_time: z.number().nullable(),
    username: z.string().nullable().describe("The member's username (null once the member is deleted)."),
    nickname: z.string().nullable(),
    // The original client's log lists read the member nested (its `user.username` / `user.nickname` columns).
    user: z
      .object({ username: z.string(), nickname: z.string() })
      .nullable()
      .describe('The member as `{ username, nickname }`; null once the member is deleted.'),
  });
  const present = async (rows: Row[]) =>
    rows.map((row) => ({
      ...row,
      [column]: ledger.show(Number(row[column])),
      before: ledger.show(Number(row.before)),
      after: ledger.show(Number(row.after)),
      user:
        typeof row.username === 'string'
          ? { username: row.username, nickname: String(row.nickname ?? '') }
          : null,
    }));

  registerResource(app, ctx, {
    controller: ledger.controller,
    table,
    list: {
      pk: 'id',
      fields: {
        id: { column: `${table}.id`, type: 'number' },
        user_id: { column: `${table}.user_id`, type: 'number' },
        [column]: { column: `${table}.${column}`, type: 'number' },
        before: { column: `${table}.before`, type: 'number' },
        after: { column: `${table}.after`, type: 'number' },
        memo: { column: `${table}.memo`, type: 'string' },
        create_time: { column: `${table}.create_time`, type: 'time' },
        'user.username': { column: 'user.username', type: 'string' },
        'user.nickname': { column: 'user.nickname', type: 'string' },
      },
      quickSearch: ['user.username', 'user.nickname'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    listQuery: (db) =>
      db
        .selectFrom(table)
        .leftJoin('user', 'user.id', `${table}.user_id`)
        .selectAll(table)
        .select(['user.username as username', 'user.nickname as nickname']),
    present,
    row,
    addBody,
    add: async (body, w) => {
      // The amount's key is the ledger's column, so zod types the form as a record.
      const data = body as { user_id: number; memo: string } & Record<string, string>;
      const amount = ledger.parse(String(data[column]).trim());
      if (amount === null) throw new ApiError('Parameter %s is invalid', [column]);
      if (amount === 0) throw new ApiError(MEMBERS_MESSAGES.zeroChange);
      // A retry of a change already saved (its answer was lost) applies nothing, and is
      // answered as the first was: the resource's own success.
      const once = onceKeyOf(w.request, `admin:${w.request.admin?.id ?? 0}:${ledger.controller}/add`, body);
      if (once && (await claimOnceKey(w.trx, ctx.db.dialect, once))) return;
      await adjustBalance(w.trx, ledger, { userId: data.user_id, amount, memo: data.memo });
      if (once) w.afterCommit(() => sweepOnceKeys(ctx.db.kysely));
    },
    actions: [
      defineAction({
        action: 'add',
        method: 'GET',
        schema: {
          summary: `The member the add form adjusts, with their current ${noun}`,
          query: userQuery,
          data: z.object({
            user: z.object({ id: z.number(), username: z.string(), nickname: z.string(), [column]: amount }),
          }),
        },
        handler: async (request) => {
          const { userId } = request.query;
          const user = await ctx.db.kysely
            .selectFrom('user')
            .select(['id', 'username', 'nickname', column])
            .where('id', '=', userId)
            .executeTakeFirst();
          if (!user) throw new ApiError("The user can't find it");
          return ok({
            user: {
              ...user,
              [column]: ledger.show(Number((user as unknown as Record<string, number>)[column])),
            },
          });
        },
      }),
    ],
  });
}
