/**
 * MySQL/MariaDB: the members' trigram index becomes segments and a pending list
 * (db/trigram-segments.ts) instead of a side table: the triggers write one pending id a
 * write, and the server merges them in batches (db/segment-merge.ts). With the side table a
 * member insert cost 5-6 times PostgreSQL's, its ~57 postings each an InnoDB row
 * (docs/bench-scale.md, "Writes"). Up fills the segments from the members there are (a
 * takeover's million included); down makes the side table again from the rows. Where the
 * server refuses the triggers, a side table made under an earlier grant stays (below); without
 * one, the searches scan. Other databases: nothing.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { trigramBackfill, trigramDown, trigramNames } from '../search-index-sql.js';
import { TRIGRAM_COLUMNS } from '../search-tables.js';
import { mergePending } from '../segment-merge.js';
import { pendingTriggers, segmentNames, segmentsDown, segmentTablesDdl } from '../trigram-segments.js';
import { MAX_LENGTH } from './0013-like-indexes.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { makeTrigramIndex } from './trigram-index-make.js';
import { trigramNumbers } from './trigram-numbers.js';

const TABLE = 'user';
const COLUMNS = TRIGRAM_COLUMNS.user;

const run = (db: AnyDb, statements: string[]) =>
  statements.reduce(
    (done, statement) => done.then(() => sql.raw(statement).execute(db)),
    Promise.resolve() as Promise<unknown>,
  );

export function memberSegmentsMigration(dialect: Dialect, prefix: string): Migration {
  const names = segmentNames(prefix, TABLE);
  return {
    async up(db) {
      if (dialect !== 'mysql') return;
      // A run cut off before it was recorded left its triggers and a part of the segments:
      // made again whole (every member is merged below).
      await run(db, segmentsDown(names));
      await run(db, segmentTablesDdl(names, await integerColumnType(db, names.table, 'id')));
      try {
        await run(db, pendingTriggers(names, COLUMNS));
      } catch (error) {
        // Creating triggers needs the TRIGGER privilege (and more where binary logging is on).
        await run(db, segmentsDown(names));
        await fillSideTable(db, prefix);
        console.warn(
          `MySQL trigram segments for ${names.table} skipped (${String(error)}); its side table stays where it has one, else LIKE will scan`,
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

/**
 * Where the server refuses the triggers now but granted them to 0013, the side table 0013 made
 * stays: its triggers run as their definer, and dropping them would need the privilege refused.
 * 0013 left it without the rows there were then, for this migration to merge (a takeover's
 * members): they are posted here. `insert ignore`: postings there already stay as they are.
 */
async function fillSideTable(db: AnyDb, prefix: string): Promise<void> {
  const side = trigramNames(prefix, TABLE);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from information_schema.tables
    where table_schema = database() and table_name = ${side.side}`.execute(db);
  if (Number(rows[0]?.n) === 0) return;
  await run(db, [trigramBackfill(side, COLUMNS, MAX_LENGTH, await trigramNumbers(db))]);
}
