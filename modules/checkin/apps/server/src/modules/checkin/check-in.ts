/**
 * Checking in: one row per member and site day, and the reward written to the member's
 * points log in the same transaction, through the SDK's ledger (adjustBalance) (this
 * module never writes the member's columns or the log table itself).
 */
import {
  ApiError,
  type AppContext,
  adjustBalance,
  isUniqueViolation,
  type Lang,
  now,
  SCORE,
  translate,
} from '@portico/server-sdk';
import type { CheckInResult, CheckInStatus } from '@portico/shared/modules/checkin';
import { CHECKIN_MESSAGES } from './lang.js';
import { dayBefore, monthBounds, siteDay } from './site-day.js';

/** The range the reward setting accepts: 0 turns the reward off, the check-in still counts. */
export const REWARD_RANGE = { min: 0, max: 100_000 } as const;

export async function rewardPoints(ctx: AppContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('checkin_setting')
    .select('points')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}

export async function setRewardPoints(ctx: AppContext, points: number): Promise<void> {
  await ctx.db.kysely.updateTable('checkin_setting').set({ points, update_time: now() }).execute();
}

/** Checks `userId` in for today (the site's day); refused when they already did. */
export async function checkIn(ctx: AppContext, userId: number, lang: Lang): Promise<CheckInResult> {
  const date = siteDay(await ctx.settings.get('time_zone'));
  const points = await rewardPoints(ctx);
  try {
    return await ctx.db.kysely.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('checkin')
        .select('streak')
        .where('user_id', '=', userId)
        .where('date', '=', dayBefore(date))
        .executeTakeFirst();
      const streak = Number(previous?.streak ?? 0) + 1;
      // First, so a concurrent second request stops here on the unique (user_id, date).
      await trx
        .insertInto('checkin')
        .values({ user_id: userId, date, points, streak, create_time: now() })
        .execute();
      // A reward of 0 (switched off) writes no log row: the log refuses a change of 0.
      const score =
        points > 0
          ? await adjustBalance(trx, SCORE, {
              userId,
              amount: points,
              memo: translate(CHECKIN_MESSAGES.remark, lang, [date]),
            })
          : null;
      return { date, points, streak, score };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(CHECKIN_MESSAGES.already);
    throw error;
  }
}

/** The member centre page: today, the streak and one month's calendar. */
export async function checkInStatus(ctx: AppContext, userId: number, month?: string): Promise<CheckInStatus> {
  const today = siteDay(await ctx.settings.get('time_zone'));
  const shown = month ?? today.slice(0, 7);
  const { first, last } = monthBounds(shown);
  const db = ctx.db.kysely;
  const [recent, inMonth, total, reward] = await Promise.all([
    db
      .selectFrom('checkin')
      .select(['date', 'streak'])
      .where('user_id', '=', userId)
      .where('date', 'in', [today, dayBefore(today)])
      .execute(),
    db
      .selectFrom('checkin')
      .select(['date', 'points'])
      .where('user_id', '=', userId)
      .where('date', '>=', first)
      .where('date', '<=', last)
      .orderBy('date')
      .execute(),
    db
      .selectFrom('checkin')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    rewardPoints(ctx),
  ]);
  const latest = recent.find((row) => row.date === today) ?? recent[0];
  return {
    today,
    checkedToday: recent.some((row) => row.date === today),
    streak: Number(latest?.streak ?? 0),
    reward,
    month: shown,
    days: inMonth.map((row) => row.date),
    monthPoints: inMonth.reduce((sum, row) => sum + Number(row.points), 0),
    total: Number(total.n),
  };
}
