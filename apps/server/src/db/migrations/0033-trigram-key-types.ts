/**
 * MySQL/MariaDB: each trigram side table's `id` takes the type of its table's key (search-index-
 * sql.ts, trigramTable, says why: with `int` beside an `int unsigned` key, MariaDB sorted every
 * candidate of a search instead of reading the postings in the key's order). The core's keys are
 * `int`, as their side tables' ids were; a generated table's key is `int unsigned`. Altering a
 * side table rewrites it: 23 s for a million products' 19.5 million postings here. Down gives them `int` again.
 * Other databases: nothing.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { trigramIndexes } from './trigram-indexes.js';

async function retype(db: AnyDb, prefix: string, typeOf: (table: string, key: string) => Promise<string>) {
  for (const { names, key } of await trigramIndexes(db, prefix)) {
    const wanted = await typeOf(names.table, key);
    if ((await integerColumnType(db, names.side, 'id')) === wanted) continue;
    await sql`alter table ${sql.id(names.side)} modify id ${sql.raw(wanted)} not null`.execute(db);
  }
}

export function trigramKeyTypesMigration(dialect: Dialect, prefix: string): Migration {
  return {
    up: async (db) => {
      if (dialect === 'mysql') await retype(db, prefix, (table, key) => integerColumnType(db, table, key));
    },
    down: async (db) => {
      if (dialect === 'mysql') await retype(db, prefix, async () => 'int');
    },
  };
}
