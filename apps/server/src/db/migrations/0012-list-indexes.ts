/**
 * Indexes that follow the list screens of the tables that grow large (members, the admin
 * log): every column an administrator can sort on or filter with `=`, `IN` or `RANGE` gets a
 * B-tree index ending in the primary key, so `where col … order by col, id limit 20` and
 * `where col = ? order by id desc limit 20` read twenty index entries instead of the table.
 * The id suffix is the list's tie-breaker (crud/list-query.ts orders by it after any column);
 * MySQL and SQLite append the key to every index anyway, PostgreSQL needs it said.
 *
 * On PostgreSQL the columns filtered with LIKE also get the pg_trgm GIN indexes that
 * 0003-search-index.ts gave the quick-search columns (the quick search already had them).
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { LIST_INDEXES } from '../search-tables.js';
import { type AnyDb, columnKit } from './columns.js';

/** Table → columns filtered with LIKE on the screens, beyond the quick-search ones of 0003. */
export const LIKE_COLUMNS: Record<string, string[]> = {
  user: ['email', 'mobile', 'last_login_ip'],
  admin_log: ['username', 'url', 'ip'],
};

const indexName = (prefix: string, table: string, columns: string[]) =>
  `${prefix}${table}_${columns.join('_')}`;

export function listIndexesMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  // MySQL names an index within its table; the others within the schema.
  const dropIndex = (db: AnyDb, table: string, columns: string[]) => {
    const drop = db.schema.dropIndex(indexName(prefix, table, columns));
    return (dialect === 'mysql' ? drop.on(table) : drop).execute();
  };
  return {
    async up(db: AnyDb) {
      for (const [table, indexes] of Object.entries(LIST_INDEXES)) {
        for (const columns of indexes) await k.index(db, table, columns);
      }
      // The single-column admin_id index of 0001 is the composite's prefix: redundant now.
      await dropIndex(db, 'admin_log', ['admin_id']);
      if (dialect === 'postgres') await postgresTrigrams(db, prefix, 'up');
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') await postgresTrigrams(db, prefix, 'down');
      await k.index(db, 'admin_log', ['admin_id']);
      for (const [table, indexes] of Object.entries(LIST_INDEXES)) {
        for (const columns of indexes) {
          await dropIndex(db, table, columns);
        }
      }
    },
  };
}

/** Named like 0003's (`<table>_<column>_trgm`); skipped where pg_trgm could not be installed. */
async function postgresTrigrams(db: AnyDb, prefix: string, direction: 'up' | 'down'): Promise<void> {
  const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (direction === 'up' && rows.length === 0) return;
  for (const [table, columns] of Object.entries(LIKE_COLUMNS)) {
    for (const column of columns) {
      const name = sql.id(`${prefix}${table}_${column}_trgm`);
      await (direction === 'up'
        ? sql`create index if not exists ${name} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`
        : sql`drop index if exists ${name}`
      ).execute(db);
    }
  }
}
