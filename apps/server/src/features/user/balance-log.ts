/**
 * user.MoneyLog and user.ScoreLog — changes to a member's balance or points. An adjustment
 * moves the member's value with one atomic UPDATE inside the transaction that writes its
 * log row: the row stays locked until commit, so parallel adjustments queue and every log
 * row's before/after chains to the next. Log rows are never edited or deleted.
 *
 * Balances, points and the logs' amounts are 32-bit integer columns (INTEGER_COLUMN): an
 * amount outside that range is refused before any write, and the UPDATE itself only moves
 * a value that stays inside it, so the check holds however many adjustments run at once.
 */
import { AdminController, INTEGER_COLUMN, inIntegerRange, RANGE_MESSAGES } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { type Row, registerResource } from '../../crud/resource.js';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { claimOnceKey, onceKeyOf, sweepOnceKeys } from '../../http/idempotency.js';
import { defineAction } from '../../http/routes.js';
import { input } from '../../http/validate.js';
import { centsToString } from '../member/index.js';

interface Ledger {
  controller: typeof AdminController.moneyLog | typeof AdminController.scoreLog;
  table: 'user_money_log' | 'user_score_log';
  column: 'money' | 'score';
  /**
   * The amount as sent ("12.50" yuan, "7" points) in stored units (cents, points); null
   * when unreadable. Long enough to read any out-of-range amount exactly, so it is refused
   * as out of range rather than as unreadable.
   */
  parse(amount: string): number | null;
  /** Stored units as shown. */
  show(units: number): string | number;
  /** The refusal of a charge the member cannot afford (amount, what they hold). */
  short: string;
  /** What the list says it keeps ("balance", "points"). */
  noun: string;
}

export const MONEY: Ledger = {
  controller: AdminController.moneyLog,
  table: 'user_money_log',
  column: 'money',
  parse: (amount) => (/^-?\d{1,12}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null),
  show: centsToString,
  short: 'Insufficient balance: %s needed, %s available',
  noun: 'balance',
};

export const SCORE: Ledger = {
  controller: AdminController.scoreLog,
  table: 'user_score_log',
  column: 'score',
  parse: (amount) => (/^-?\d{1,12}$/.test(amount) ? Number(amount) : null),
  show: (units) => units,
  short: 'Insufficient points: %s needed, %s available',
  noun: 'points',
};

export interface BalanceChange {
  userId: number;
  /** In stored units (cents, points); not 0. */
  amount: number;
  /** The log row's remark, as the member will read it. */
  memo: string;
  /**
   * The lowest value the member may be left with (a purchase: 0), checked by the same UPDATE
   * that moves the value, so parallel charges can never take it below. A shortfall is refused
   * with the ledger's own message and nothing is written.
   */
  floor?: number;
}

/**
 * Moves a member's balance or points by `amount` and writes the log row, inside the caller's
 * transaction: the administrator's adjustment and modules (a points reward written together
 * with the module's own rows) go through here, so no one else writes the member's columns or
 * the log tables. Refused (nothing written) when the result would leave the column's range or
 * fall below `floor`, or the member does not exist. Answers the value after the change.
 */
export async function adjustBalance(
  trx: Transaction<Database>,
  ledger: Ledger,
  { userId, amount, memo, floor }: BalanceChange,
): Promise<number> {
  const { column, table } = ledger;
  const { min, max } = INTEGER_COLUMN;
  if (!inIntegerRange(amount)) {
    throw new ApiError(RANGE_MESSAGES.amount, [ledger.show(min), ledger.show(max)]);
  }
  // A floor above the column's minimum raises the bound a decrease must clear; both bounds
  // stay inside the integer range, so the comparison never overflows either.
  const lowest = floor !== undefined && inIntegerRange(floor) ? Math.max(min, floor) : min;
  const bound = amount > 0 ? max - amount : lowest - amount;
  // Only a floor can push the bound past the column's maximum: no member holds that much.
  const unaffordable = bound > max;
  // The result stays in range exactly when the current value is on the right side of
  // this bound. The bound is computed here and is itself in range, so no database ever
  // adds past its integer type, and the row's current value (after any adjustment that
  // committed first) is what the condition sees.
  const moved = unaffordable
    ? 0
    : (
        await trx
          .updateTable('user')
          .set({ [column]: sql`${sql.ref(column)} + ${amount}`, update_time: now() })
          .where('id', '=', userId)
          .where(column, amount > 0 ? '<=' : '>=', bound)
          .executeTakeFirst()
      ).numUpdatedRows;
  if (Number(moved) === 0) {
    const current = await trx.selectFrom('user').select(column).where('id', '=', userId).executeTakeFirst();
    if (!current) throw new ApiError("The user can't find it");
    const held = Number((current as Record<string, number>)[column]);
    const would = held + amount;
    if (floor !== undefined && amount < 0 && would < lowest) {
      throw new ApiError(ledger.short, [ledger.show(-amount), ledger.show(held)]);
    }
    throw new ApiError(RANGE_MESSAGES.result, [ledger.show(would), ledger.show(min), ledger.show(max)]);
  }
  const after = await trx
    .selectFrom('user')
    .select(column)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const afterUnits = Number((after as Record<string, number>)[column]);
  await trx
    .insertInto(table)
    .values({
      user_id: userId,
      [column]: amount,
      before: afterUnits - amount,
      after: afterUnits,
      memo,
      create_time: now(),
    } as never)
    .execute();
  return afterUnits;
}

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
    row,
    addBody,
    add: async (body, w) => {
      // The amount's key is the ledger's column, so zod types the form as a record.
      const data = body as { user_id: number; memo: string } & Record<string, string>;
      const amount = ledger.parse(String(data[column]).trim());
      if (amount === null) throw new ApiError('Parameter %s is invalid', [column]);
      if (amount === 0) throw new ApiError('The change amount cannot be 0');
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
