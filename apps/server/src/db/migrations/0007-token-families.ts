/**
 * Session families for tokens: every token issued by one sign-in (its access tokens, its
 * refresh token and that token's rotated successors) shares a `family`, so a sign-out or a
 * detected reuse of a rotated refresh token ends the whole session. `rotated_time` marks a
 * refresh token that has been exchanged; such rows stay until they expire, so a later
 * reuse is recognised instead of looking like an unknown token.
 *
 * Rows from before this migration cannot be linked to each other (a sign-in stored its
 * access and refresh token as unrelated rows), so each becomes a family of its own: its
 * stored form, unique already. They keep working, and age out within their lifetime.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';

export function tokenFamiliesMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  const familyIndex = `${prefix}token_family`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('token')
        .addColumn('family', sql`varchar(64)`, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('token').addColumn('rotated_time', 'bigint').execute();
      await db
        .updateTable('token')
        .set((eb) => ({ family: eb.ref('token') }))
        .execute();
      await k.index(db, 'token', ['family']);
    },
    async down(db: AnyDb) {
      // SQLite cannot drop an indexed column; MySQL names the table an index belongs to.
      let drop = db.schema.dropIndex(familyIndex);
      if (dialect === 'mysql') drop = drop.on('token');
      await drop.execute();
      await db.schema.alterTable('token').dropColumn('rotated_time').execute();
      await db.schema.alterTable('token').dropColumn('family').execute();
    },
  };
}
