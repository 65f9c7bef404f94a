/**
 * Wrong passwords counted per account and client (the caller's IP), so a lockout stops
 * the client that guessed, not the account's owner signing in from elsewhere.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

export function loginFailuresMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let t = k.str(db.schema.createTable('login_failure'), 'kind', 10);
      t = k.int(t, 'account_id');
      t = k.str(t, 'client', 50);
      t = k.int(t, 'failures');
      t = t.addColumn('last_failure_time', 'bigint', (c) => c.notNull().defaultTo(0));
      // PostgreSQL constraint names are per schema: prefixed like the indexes.
      t = t.addPrimaryKeyConstraint(`${prefix}login_failure_pkey`, ['kind', 'account_id', 'client']);
      await k.finish(t).execute();
      // The sweep of ended counts reads by time.
      await k.index(db, 'login_failure', ['last_failure_time']);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('login_failure').execute();
    },
  };
}
