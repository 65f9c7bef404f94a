/**
 * searchIndex: the substring search index of a module's table, for its migrations (exported
 * by the SDK). Drops whatever search index the table has, then makes one over `columns` (none:
 * only the drop), filled from the rows already there: SQLite an FTS5 trigram table, MySQL and
 * MariaDB a trigram side table, both kept by triggers; PostgreSQL a pg_trgm GIN index per
 * column. The same indexes the core gives the members (search-index-sql.ts). A migration that
 * changes the indexed columns, or alters one of them, calls it again: first with none (SQLite
 * refuses to drop a column a trigger names; MySQL's triggers would fail every insert), then,
 * after the change, with the new columns.
 *
 * The resource declares the same columns (ResourceSpec.searchIndex), and the list engine's
 * quick search and LIKE filters on them read the index.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import {
  postgresColumnStatistics,
  postgresTrigramIndex,
  SEARCHED_COLUMN_STATISTICS,
  sqliteDown,
  sqliteUp,
  trigramNames,
  withPgTrgm,
} from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
import { makeTrigramIndex } from './trigram-index-make.js';

/** Names go into the statements as they are: a module's own identifiers, checked here once more. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export interface SearchIndexOptions {
  /** The table's integer primary key (`id` by default): the index's row ids. */
  key?: string;
}

export async function searchIndex(
  db: AnyDb,
  { dialect, prefix }: { dialect: Dialect; prefix: string },
  table: string,
  columns: readonly string[],
  { key = 'id' }: SearchIndexOptions = {},
): Promise<void> {
  for (const name of [prefix, table, key, ...columns]) {
    if (name !== '' && !NAME.test(name))
      throw new Error(`searchIndex: ${JSON.stringify(name)} is not a plain name`);
  }
  const run = (statement: string) => sql.raw(statement).execute(db);
  const prefixed = `${prefix}${table}`;
  if (dialect === 'sqlite') {
    const fts = `${prefixed}_search`;
    for (const statement of sqliteDown(fts)) await run(statement);
    if (columns.length > 0)
      for (const statement of sqliteUp({ table: prefixed, fts, columns: [...columns], key }))
        await run(statement);
  } else if (dialect === 'mysql') {
    await makeTrigramIndex(db, trigramNames(prefix, table), columns, key);
  } else {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = current_schema() and tablename = ${prefixed} and indexname like ${`${prefixed}\\_%\\_trgm`}`.execute(
      db,
    );
    for (const { name } of rows) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
      // Called before the columns change: the dropped index's column is still there.
      const column = name.slice(prefixed.length + 1, -'_trgm'.length);
      if (NAME.test(column)) await run(postgresColumnStatistics(prefixed, column, -1));
    }
    if (columns.length === 0) return;
    await run(withPgTrgm(columns.map((column) => postgresTrigramIndex(prefixed, column))));
    for (const column of columns)
      await run(postgresColumnStatistics(prefixed, column, SEARCHED_COLUMN_STATISTICS));
    // Rows already there are sampled now, not at autovacuum's next look.
    await run(`analyze "${prefixed}" (${columns.map((column) => `"${column}"`).join(', ')})`);
  }
}
