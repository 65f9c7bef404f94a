/**
 * MySQL/MariaDB: the members' trigram index becomes segments and a pending list
 * (db/trigram-segments.ts) instead of a side table: the triggers write one pending id a
 * write, and the server merges them in batches (db/segment-merge.ts). With the side table a
 * member insert cost 5-6 times PostgreSQL's, its ~57 postings each an InnoDB row
 * (docs/bench-scale.md, "Writes"). Up fills the segments from the members there are (a
 * takeover's million included); down makes the side table again from the rows. Where the
 * server refuses the triggers, the side table stays as it is. Other databases: nothing.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { trigramDown, trigramNames } from '../search-index-sql.js';
import { TRIGRAM_COLUMNS } from '../search-tables.js';
import { mergePending } from '../segment-merge.js';
import { pendingTriggers, segmentNames, segmentsDown, segmentTablesDdl } from '../trigram-segments.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { makeTrigramIndex } from './trigram-index-make.js';

const TABLE = 'user';
const COLUMNS = TRIGRAM_COLUMNS.user;

export function memberSegmentsMigration(dialect: Dialect, prefix: string): Migration {
  const names = segmentNames(prefix, TABLE);
  const run = (db: AnyDb, statements: string[]) =>
    statements.reduce(
      (done, statement) => done.then(() => sql.raw(statement).execute(db)),
      Promise.resolve() as Promise<unknown>,
    );
  return {
    async up(db) {
      if (dialect !== 'mysql') return;
      await run(db, segmentTablesDdl(names, await integerColumnType(db, names.table, 'id')));
      try {
        await run(db, pendingTriggers(names, COLUMNS));
      } catch (error) {
        // Creating triggers needs the TRIGGER privilege (and more where binary logging is on).
        await run(db, segmentsDown(names));
        console.warn(
          `MySQL trigram segments for ${names.table} skipped (${String(error)}); its index stays as it was`,
        );
        return;
      }
      // From here every write is pending: the side table goes, and every member already there
      // is merged into segments from its row.
      await run(db, trigramDown(trigramNames(prefix, TABLE)));
      await sql`insert into ${sql.id(names.pending)} (id) select id from ${sql.id(names.table)}`.execute(db);
      await mergePending(db, { names, columns: COLUMNS });
    },
    async down(db) {
      if (dialect !== 'mysql') return;
      await run(db, segmentsDown(names));
      await makeTrigramIndex(db, trigramNames(prefix, TABLE), COLUMNS, 'id');
    },
  };
}
