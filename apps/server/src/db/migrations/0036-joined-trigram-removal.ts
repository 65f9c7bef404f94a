/**
 * MySQL/MariaDB: a row's gone trigrams are deleted by joining its value's positions straight
 * onto the postings' key (search-index-sql.ts, trigramRoutines' `removal`). The remove procedure
 * collected them in a derived table first, which MariaDB materializes as a temporary table on
 * every call, for every update of a searched column and every delete: an update of the log's
 * title cost 3.8 times PostgreSQL's, a member's nickname 3.7 times; joined, 2.0–2.6 and 2.7–2.8
 * times (docs/bench-scale.md, "Writes"). Up gives every trigram index (the core's and each
 * module table's, found as 0031 finds them) the new routines, in its key's type as 0034 gave
 * them; the postings stay. Down writes the derived form again. Other databases: nothing.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { TrigramRoutineOptions } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { renewTrigramRoutines } from './trigram-indexes.js';

export function joinedTrigramRemovalMigration(dialect: Dialect, prefix: string): Migration {
  const renew = async (db: AnyDb, removal: TrigramRoutineOptions['removal']) => {
    if (dialect !== 'mysql') return;
    await renewTrigramRoutines(db, prefix, async ({ names, key }) => ({
      keyType: await integerColumnType(db, names.table, key),
      removal,
    }));
  };
  return {
    up: (db) => renew(db, 'joined'),
    down: (db) => renew(db, 'derived'),
  };
}
