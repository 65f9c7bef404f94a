/**
 * SQLite and MySQL/MariaDB: an index on the id alone of the tables that grow large, for deep
 * pages in id order.
 *
 * A deep page's ids are read first (crud/list-page-rows.ts), walking the order's index past
 * the skipped rows. In id order that index is the table itself on these two: SQLite's rowid
 * table and InnoDB's clustered primary key hold every column, so the walk reads every skipped
 * row's whole record (400,000 log rows: more than MariaDB's default 128 MB buffer pool keeps,
 * so a deep page read from disk). An index on the id holds nothing else:
 * - SQLite chooses it on its own (an offset of 250,000 log rows: 13 ms → 1 ms);
 * - MariaDB does not (it prefers the primary key for its order), so the deep-page query names
 *   it (FORCE INDEX), only when it reads the table unfiltered (offset 400,000 of a million
 *   rows under load: 200–400 ms → 70–130 ms).
 * PostgreSQL reads the ids from its primary key's index, which is apart from the rows already.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { ID_ORDERED_TABLES as TABLES } from '../large-tables.js';
import { type AnyDb, columnKit } from './columns.js';

export function idOrderIndexesMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  const indexed = dialect === 'sqlite' || dialect === 'mysql';
  return {
    async up(db: AnyDb) {
      if (!indexed) return;
      for (const table of TABLES) await k.index(db, table, ['id']);
    },
    async down(db: AnyDb) {
      if (!indexed) return;
      for (const table of TABLES) {
        const drop = db.schema.dropIndex(`${prefix}${table}_id`);
        // MySQL names an index within its table.
        await (dialect === 'mysql' ? drop.on(table) : drop).execute();
      }
    },
  };
}
