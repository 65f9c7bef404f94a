/**
 * PostgreSQL: a BRIN index on the id of the tables that grow large, so a text search's
 * trigram matches can be narrowed to a stretch of ids without reading them all.
 *
 * A broad search whose matches lie far from the list's end (crud/match-stretch.ts) asks for
 * the matches past one it sampled: `id > h` ANDed with the trigram index's bitmap. The primary
 * key's B-tree would add every id past h to the bitmap (800,000 entries, as slow as rechecking
 * the matches), and without either the heap rechecks all 100,000 matches before filtering on the
 * id. A BRIN index holds a min and max per 128 pages: the pages past h cost a few hundred
 * entries, and only the matches on them are rechecked. It stays cheap to write: an insert
 * touches at most one summary (none on pages not yet summarised), and it is a few pages large.
 *
 * It indexes `id + 0`, not `id`: only a query naming that expression can use it. On the id
 * itself the planner took it for `id = any(…)` (a thousand sampled ids: a lossy bitmap of
 * the whole table, 500 ms) where the primary key reads a thousand entries.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { BLOCKED_TABLES as TABLES } from '../large-tables.js';
import type { AnyDb } from './columns.js';

export function idBrinMigration(dialect: Dialect, prefix: string): Migration {
  const name = (table: string) => sql.id(`${prefix}${table}_id_brin`);
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of TABLES)
        await sql`create index if not exists ${name(table)} on ${sql.table(table)} using brin ((id + 0))`.execute(
          db,
        );
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of TABLES) await sql`drop index if exists ${name(table)}`.execute(db);
    },
  };
}
