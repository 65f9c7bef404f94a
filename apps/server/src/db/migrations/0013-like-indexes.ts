/**
 * Substring indexes for the columns the member list filters with LIKE, beside the quick-search
 * ones of 0003-search-index.ts (PostgreSQL's are pg_trgm indexes in 0012-list-indexes.ts).
 *
 * SQLite: the members' FTS5 trigram index `user_search` is rebuilt over the LIKE columns too;
 * the compiler matches a column filter (`{email} : "text"`) for candidates, which LIKE checks.
 *
 * MySQL/MariaDB, which have no index of their own that fits (MariaDB has no n-gram full-text
 * parser): a side table `<table>_trigram` holding, for each row, every
 * three-character piece of its searched columns' values (lower-cased, joined by a separator
 * no search contains), kept in step by triggers. A search for `%text%` of three characters or
 * more reads the postings of the text's own trigrams — a row can contain the text only if it
 * holds all of them — and checks the candidates with LIKE (crud/trigram-search.ts), so the
 * answers are LIKE's. One posting list per row rather than per column: the quick search
 * (username OR nickname) stays one lookup, and LIKE on one column checks its candidates anyway.
 *
 * Covered: the member and administrator columns searched with LIKE or the quick search. Not
 * the admin log: its titles, addresses and URLs are a few hundred distinct values repeated
 * over millions of rows, where every trigram's postings are most of the table (0029 added the
 * title's postings after all, for its rare titles).
 *
 * Creating triggers needs the TRIGGER privilege (and SUPER or log_bin_trust_function_creators
 * where binary logging is on): when refused, the side tables are dropped again with a
 * warning, and the searches scan as before.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import {
  type FtsEntry,
  sqliteDown,
  sqliteUp,
  type TrigramNames,
  trigramBackfill,
  trigramDown,
  trigramNames,
  trigramRoutines,
  trigramTable,
} from '../search-index-sql.js';
import { SEARCHED, SQLITE_SEARCH_COLUMNS, TRIGRAM_COLUMNS } from '../search-tables.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { trigramNumbers } from './trigram-numbers.js';

/**
 * Side tables left empty of the rows already there: the members' index becomes segments in
 * 0037, which fills them from the rows themselves. Filling this side table first cost a
 * takeover of a million members most of its 291 s, for 0037 to drop it. Rows written from here
 * on are posted by the triggers as ever.
 */
const FILLED_LATER: readonly string[] = ['user'];

/** Longest joined value indexed: the searched columns' widths and separators, with room. */
export const MAX_LENGTH = 400;

export function likeIndexesMigration(dialect: Dialect, prefix: string): Migration {
  const members = (columns: readonly string[]): FtsEntry => ({
    table: `${prefix}user`,
    fts: `${prefix}user_search`,
    columns: [...columns],
  });
  return {
    async up(db) {
      if (dialect === 'sqlite')
        return rebuildFts(db, members(SEARCHED.user), members(SQLITE_SEARCH_COLUMNS.user ?? []));
      if (dialect !== 'mysql') return;
      const numbers = await trigramNumbers(db);
      for (const [table, columns] of Object.entries(TRIGRAM_COLUMNS)) {
        const names = trigramNames(prefix, table);
        // The postings' id in the key's own type from the start, as 0033 wants it: a database
        // taken over from BuildAdmin has `int unsigned` keys, and 0033 rewrote the side table
        // it found in `int` (1,000,000 members' postings: a copy of 1.3 GB during the takeover).
        // Portico's own keys are `int`, as the side tables' ids always were.
        await run(db, trigramTable(names.side, await integerColumnType(db, names.table, 'id')));
        try {
          for (const statement of trigramRoutines(names, columns, MAX_LENGTH, numbers))
            await run(db, statement);
        } catch (error) {
          await dropAll(db, names);
          console.warn(`MySQL trigram index for ${names.table} skipped (${String(error)}); LIKE will scan`);
          continue;
        }
        if (!FILLED_LATER.includes(table))
          await run(db, trigramBackfill(names, columns, MAX_LENGTH, numbers));
      }
    },
    async down(db) {
      if (dialect === 'sqlite')
        return rebuildFts(db, members(SQLITE_SEARCH_COLUMNS.user ?? []), members(SEARCHED.user));
      if (dialect !== 'mysql') return;
      for (const table of Object.keys(TRIGRAM_COLUMNS)) await dropAll(db, trigramNames(prefix, table));
    },
  };
}

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** Replaces an FTS5 index and its triggers by one over other columns, filled from the table. */
async function rebuildFts(db: AnyDb, from: FtsEntry, to: FtsEntry): Promise<void> {
  for (const statement of sqliteDown(from.fts)) await run(db, statement);
  for (const statement of sqliteUp(to)) await run(db, statement);
}

async function dropAll(db: AnyDb, names: TrigramNames): Promise<void> {
  for (const statement of trigramDown(names)) await run(db, statement);
}
