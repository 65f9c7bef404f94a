/**
 * What a signed-in session shows its owner: the browser that signed in (its
 * User-Agent, clipped), the address it was last used from and when. Kept on the session's
 * token rows, so ending a session (deleting its rows) also takes it off the list.
 *
 * `last_use_time` is written at sign-in, on a refresh and at most once a minute on use
 * (auth/tokens.ts `touch`), not on every request. Rows from before this migration have none
 * of it: their session shows an unknown device until its next use.
 */
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './columns.js';

export function sessionDevicesMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('token')
        .addColumn('user_agent', sql`varchar(255)`, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('token')
        .addColumn('ip', sql`varchar(50)`, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('token').addColumn('last_use_time', 'bigint').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('token').dropColumn('last_use_time').execute();
      await db.schema.alterTable('token').dropColumn('ip').execute();
      await db.schema.alterTable('token').dropColumn('user_agent').execute();
    },
  };
}
