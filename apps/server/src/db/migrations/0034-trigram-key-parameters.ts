/**
 * MySQL/MariaDB: each trigram index's procedures take the row's key in its table's key type
 * (search-index-sql.ts, trigramRoutines). They took an `int`: a generated table whose key is
 * `int unsigned` or `bigint` could not insert, update or delete a row whose key is past
 * 2,147,483,647 (the server refused the call: out of range). 0033 gave the side tables' `id`
 * that type; this gives it to the procedures, renewing the routines of every index whose key is
 * not an `int` (the core's are). Down gives them `int` again. Other databases: nothing.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { AnyDb } from './columns.js';
import { integerColumnType, integerParameterType } from './integer-types.js';
import { renewTrigramRoutines } from './trigram-indexes.js';

async function retype(db: AnyDb, prefix: string, typeOf: (table: string, key: string) => Promise<string>) {
  await renewTrigramRoutines(db, prefix, async ({ names, key }) => {
    const keyType = await typeOf(names.table, key);
    if ((await integerParameterType(db, names.put, 'row_id')) === keyType) return null;
    // The removal of this version (0036 joins it).
    return { keyType, removal: 'derived' };
  });
}

export function trigramKeyParametersMigration(dialect: Dialect, prefix: string): Migration {
  return {
    up: async (db) => {
      if (dialect === 'mysql') await retype(db, prefix, (table, key) => integerColumnType(db, table, key));
    },
    down: async (db) => {
      if (dialect === 'mysql') await retype(db, prefix, async () => 'int');
    },
  };
}
