/**
 * user.MoneyLog and user.ScoreLog — changes to a member's balance or points. An adjustment
 * moves the member's value with one atomic UPDATE inside the transaction that writes its
 * log row: the row stays locked until commit, so parallel adjustments queue and every log
 * row's before/after chains to the next. Log rows are never edited or deleted.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type AppContext, now } from '../../context.js';
import { type Row, registerResource } from '../../crud/resource.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { input, parseInput } from '../../http/validate.js';
import { centsToString } from '../member/member-info.js';

interface Ledger {
  controller: 'user.MoneyLog' | 'user.ScoreLog';
  table: 'user_money_log' | 'user_score_log';
  column: 'money' | 'score';
  /** The amount as sent ("12.50" yuan, "7" points) in stored units (cents, points). */
  parse(amount: string): number | null;
  /** Stored units as shown. */
  show(units: number): string | number;
}

export const MONEY: Ledger = {
  controller: 'user.MoneyLog',
  table: 'user_money_log',
  column: 'money',
  parse: (amount) => (/^-?\d{1,9}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null),
  show: centsToString,
};

export const SCORE: Ledger = {
  controller: 'user.ScoreLog',
  table: 'user_score_log',
  column: 'score',
  parse: (amount) => (/^-?\d{1,9}$/.test(amount) ? Number(amount) : null),
  show: (units) => units,
};

const userQuery = z.object({ userId: input.id() });

export function registerBalanceLog(app: FastifyInstance, ctx: AppContext, ledger: Ledger): void {
  const { column, table } = ledger;
  const addBody = z.object({
    user_id: input.id(),
    [column]: z.union([z.string(), z.number()]).transform(String),
    memo: z.string().trim().min(1).max(255),
  });
  const present = async (rows: Row[]) =>
    rows.map((row) => ({
      ...row,
      [column]: ledger.show(Number(row[column])),
      before: ledger.show(Number(row.before)),
      after: ledger.show(Number(row.after)),
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
    add: async (body, w) => {
      const data = parseInput(addBody, body) as { user_id: number; memo: string } & Record<string, string>;
      const amount = ledger.parse(String(data[column]).trim());
      if (amount === null) throw new ApiError('Parameter %s is invalid', [column]);
      if (amount === 0) throw new ApiError('The change amount cannot be 0');
      const moved = await w.trx
        .updateTable('user')
        .set({ [column]: sql`${sql.ref(column)} + ${amount}`, update_time: now() })
        .where('id', '=', data.user_id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw new ApiError("The user can't find it");
      const after = await w.trx
        .selectFrom('user')
        .select(column)
        .where('id', '=', data.user_id)
        .executeTakeFirstOrThrow();
      const afterUnits = Number((after as Record<string, number>)[column]);
      await w.trx
        .insertInto(table)
        .values({
          user_id: data.user_id,
          [column]: amount,
          before: afterUnits - amount,
          after: afterUnits,
          memo: data.memo,
          create_time: now(),
        } as never)
        .execute();
    },
    actions: [
      {
        action: 'add',
        method: 'GET',
        handler: async (request) => {
          const { userId } = parseInput(userQuery, request.query);
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
      },
    ],
  });
}
