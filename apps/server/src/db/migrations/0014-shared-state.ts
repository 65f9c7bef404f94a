/**
 * State that every server process on one database must share: the version of each
 * in-memory cache area, bumped by a process that changed what the area caches so the others
 * drop their copy (db/cache-versions.ts), and the per-IP auth budget's counters
 * (http/auth-budget-store.ts), which in memory would give each process a budget of its own;
 * and a row to lock while a process does its start-up writes (db/startup-lock.ts).
 */
import type { Migration } from 'kysely';
import { CACHE_AREAS } from '../cache-areas.js';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

/** The cache areas (db/cache-areas.ts) get a row each, so a bump is a plain UPDATE. */
export function sharedStateMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let versions = k.str(db.schema.createTable('cache_version'), 'area', 30);
      versions = k.int(versions, 'version');
      versions = versions.addPrimaryKeyConstraint(`${prefix}cache_version_pkey`, ['area']);
      await k.finish(versions).execute();
      await db
        .insertInto('cache_version')
        .values(CACHE_AREAS.map((area) => ({ area, version: 0 })))
        .execute();

      let budget = k.str(db.schema.createTable('auth_budget'), 'client', 100);
      budget = k.int(budget, 'hits');
      // Milliseconds: the budget's window is a minute, and its reset is told in seconds.
      budget = budget.addColumn('window_end', 'bigint', (c) => c.notNull().defaultTo(0));
      budget = budget.addPrimaryKeyConstraint(`${prefix}auth_budget_pkey`, ['client']);
      await k.finish(budget).execute();
      await k.index(db, 'auth_budget', ['window_end']);

      let locks = k.str(db.schema.createTable('process_lock'), 'name', 30);
      locks = locks.addPrimaryKeyConstraint(`${prefix}process_lock_pkey`, ['name']);
      await k.finish(locks).execute();
      await db.insertInto('process_lock').values({ name: 'startup' }).execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('process_lock').execute();
      await db.schema.dropTable('auth_budget').execute();
      await db.schema.dropTable('cache_version').execute();
    },
  };
}
