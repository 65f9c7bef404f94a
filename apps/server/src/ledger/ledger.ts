/**
 * The ledger: a member's balance (money) and points (score), and the one way to change them.
 * An adjustment moves the member's value with one atomic UPDATE inside the transaction that
 * writes its log row: the row stays locked until commit, so parallel adjustments queue and
 * every log row's before/after chains to the next. Log rows are never edited or deleted.
 *
 * Balances, points and the logs' amounts are 32-bit integer columns (INTEGER_COLUMN): an
 * amount outside that range is refused before any write, and the UPDATE itself only moves
 * a value that stays inside it, so the check holds however many adjustments run at once.
 *
 * Core, not the members area: the back-office's adjustments, store orders and modules (a
 * check-in's points reward) all pay through here, and reach it through the SDK.
 */
import { AdminController, INTEGER_COLUMN, inIntegerRange, RANGE_MESSAGES } from '@portico/shared';
import { sql, type Transaction } from 'kysely';
import { now } from '../clock.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';

/** Money is integer cents in the database and a 2-decimal string on the wire. */
export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface Ledger {
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
