/**
 * Substring indexes for the quick searches over tables that grow large (administrators,
 * members, the admin log). A quick search is `%q%` on each field, which no B-tree can
 * serve; without these every search reads the whole table.
 * - SQLite: an FTS5 `trigram` table over the fields, kept in step by triggers; the list
 *   compiler matches against it (ListSpec.quickSearchIndex).
 * - PostgreSQL: pg_trgm GIN indexes, which ILIKE '%q%' uses by itself. Skipped, with a
 *   notice, when the extension cannot be created (the searches still work, by scanning).
 * - MySQL/MariaDB: nothing. MariaDB has no n-gram full-text parser, so LIKE scans there.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { postgresTrigramIndex, sqliteDown, sqliteUp, withPgTrgm } from '../search-index-sql.js';
import { SEARCHED } from '../search-tables.js';
import type { AnyDb } from './columns.js';

export function searchIndexMigration(dialect: Dialect, prefix: string): Migration {
  const entries = Object.entries(SEARCHED).map(([table, columns]) => ({
    table: `${prefix}${table}`,
    fts: `${prefix}${table}_search`,
    columns: [...columns],
  }));
  const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);
  return {
    async up(db) {
      if (dialect === 'sqlite') {
        for (const entry of entries) for (const statement of sqliteUp(entry)) await run(db, statement);
      } else if (dialect === 'postgres') {
        const indexes = entries.flatMap(({ table, columns }) =>
          columns.map((c) => postgresTrigramIndex(table, c)),
        );
        await run(db, withPgTrgm(indexes));
      }
    },
    async down(db) {
      for (const { table, fts, columns } of entries) {
        if (dialect === 'sqlite') {
          for (const statement of sqliteDown(fts)) await run(db, statement);
        } else if (dialect === 'postgres') {
          for (const column of columns) await run(db, `drop index if exists "${table}_${column}_trgm"`);
        }
      }
    },
  };
}
