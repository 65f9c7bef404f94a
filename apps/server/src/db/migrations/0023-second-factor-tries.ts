/**
 * Counting second-factor guesses so that codes sent at once cannot outrun the count: each
 * pending sign-in's ticket counts its codes (one is counted before it is checked), and an
 * administrator's wrong codes are counted across sign-ins in a window that, when full, locks
 * the second factor for a while.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './columns.js';

export function secondFactorTriesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('token')
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('admin_two_factor')
        .addColumn('failure_since', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('admin_two_factor')
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('admin_two_factor').dropColumn('locked_until').execute();
      await db.schema.alterTable('admin_two_factor').dropColumn('failure_since').execute();
      await db.schema.alterTable('token').dropColumn('tries').execute();
    },
  };
}
