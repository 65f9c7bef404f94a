/**
 * Where the per-IP auth budget (AUTH_RATE_LIMIT attempts a minute, http/routes.ts) keeps its
 * counters: in the database, so that every server process on it counts the same attempts.
 * Kept in memory, N processes behind a load balancer would give an attacker N budgets.
 *
 * Only auth POSTs (sign-in, registration, code sending, retrieval) pass through it, and each
 * of them already costs an argon2 hash or a message: two short statements more are lost in
 * that. The same store serves SQLite, so one code path is tested everywhere, and a restart
 * no longer hands out a fresh budget.
 *
 * The window is fixed, as in the plugin's own memory store: the first attempt opens a minute,
 * the attempts within it are counted, and the first attempt after it opens the next.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';

/** Ended windows are swept at most this often (per process). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

type Result = { current: number; ttl: number };

export function authBudgetStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  /** One more attempt for `client`; answers the attempts in its window and the time left. */
  async function count(client: string, windowMs: number): Promise<Result> {
    const time = Date.now();
    const insert = db.kysely
      .insertInto('auth_budget')
      .values({ client, hits: 1, window_end: time + windowMs });
    const bump = (eb: ExpressionBuilder<Database, 'auth_budget'>) => {
      const ended = eb('auth_budget.window_end', '<=', time);
      return {
        // Before window_end changes: MySQL applies the assignments in order.
        hits: eb
          .case()
          .when(ended)
          .then(1)
          .else(eb('auth_budget.hits', '+', 1))
          .end(),
        window_end: eb
          .case()
          .when(ended)
          .then(time + windowMs)
          .else(eb.ref('auth_budget.window_end'))
          .end(),
      };
    };
    // One statement, so attempts arriving together at different processes all count.
    await (db.dialect === 'mysql'
      ? insert.onDuplicateKeyUpdate(bump)
      : insert.onConflict((conflict) => conflict.column('client').doUpdateSet(bump))
    ).execute();
    const row = await db.kysely
      .selectFrom('auth_budget')
      .select(['hits', 'window_end'])
      .where('client', '=', client)
      .executeTakeFirstOrThrow();
    if (time - lastSweep > SWEEP_INTERVAL_MS) {
      lastSweep = time;
      try {
        await db.kysely.deleteFrom('auth_budget').where('window_end', '<', time).execute();
      } catch {
        // Only leftovers are at stake (a deadlock victim on MySQL, say): the next sweep takes them.
      }
    }
    return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_end) - time) };
  }

  return class AuthBudgetStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number): void {
      count(key.slice(0, 100), timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
