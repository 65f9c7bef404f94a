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
 * over millions of rows, where every trigram's postings are most of the table.
 *
 * Creating triggers needs the TRIGGER privilege (and SUPER or log_bin_trust_function_creators
 * where binary logging is on): when refused, the side tables are dropped again with a
 * warning, and the searches scan as before.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SEARCHED, SQLITE_SEARCH_COLUMNS, TRIGRAM_COLUMNS } from '../search-tables.js';
import { type Entry, sqliteUp } from './0003-search-index.js';
import type { AnyDb } from './columns.js';

/** Longest joined value indexed: the searched columns' widths and separators, with room. */
const MAX_LENGTH = 400;

/** The row's searched values as one lower-cased text; char(1) never occurs in a search. */
const joined = (columns: readonly string[], row: string) =>
  `lower(concat_ws(char(1), ${columns.map((c) => `${row}.\`${c}\``).join(', ')}))`;

export function likeIndexesMigration(dialect: Dialect, prefix: string): Migration {
  const members = (columns: readonly string[]): Entry => ({
    table: `${prefix}user`,
    fts: `${prefix}user_search`,
    columns: [...columns],
  });
  return {
    async up(db) {
      if (dialect === 'sqlite')
        return rebuildFts(db, members(SEARCHED.user), members(SQLITE_SEARCH_COLUMNS.user ?? []));
      if (dialect !== 'mysql') return;
      for (const [table, columns] of Object.entries(TRIGRAM_COLUMNS)) {
        const names = namesOf(prefix, table);
        await run(db, createTable(names.side));
        try {
          for (const statement of routines(names, columns)) await run(db, statement);
        } catch (error) {
          await dropAll(db, names);
          console.warn(`MySQL trigram index for ${names.table} skipped (${String(error)}); LIKE will scan`);
          continue;
        }
        await run(db, backfill(names, columns));
      }
    },
    async down(db) {
      if (dialect === 'sqlite')
        return rebuildFts(db, members(SQLITE_SEARCH_COLUMNS.user ?? []), members(SEARCHED.user));
      if (dialect !== 'mysql') return;
      for (const table of Object.keys(TRIGRAM_COLUMNS)) await dropAll(db, namesOf(prefix, table));
    },
  };
}

interface Names {
  table: string;
  side: string;
  put: string;
}

function namesOf(prefix: string, table: string): Names {
  return {
    table: `${prefix}${table}`,
    side: `${prefix}${table}_trigram`,
    put: `${prefix}${table}_trigram_put`,
  };
}

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

function createTable(side: string): string {
  // Trigrams compare byte for byte: they are already lower-cased, and a collation that equates
  // accents or widths would merge postings that LIKE, checking afterwards, tells apart anyway.
  return `create table if not exists \`${side}\` (
    trigram varchar(3) character set utf8mb4 collate utf8mb4_bin not null,
    id int not null,
    primary key (trigram, id),
    key (id)
  ) engine=InnoDB`;
}

function routines({ table, side, put }: Names, columns: readonly string[]): string[] {
  // Byte comparison: a change of case or accent changes the trigrams too.
  const changed = columns.map((c) => `not (binary old.\`${c}\` <=> binary new.\`${c}\`)`).join(' or ');
  return [
    `create procedure \`${put}\`(in row_id int, in val varchar(${MAX_LENGTH}))
     begin
       declare i int default 1;
       while i <= char_length(val) - 2 do
         insert ignore into \`${side}\` (trigram, id) values (substring(val, i, 3), row_id);
         set i = i + 1;
       end while;
     end`,
    `create trigger \`${side}_ai\` after insert on \`${table}\` for each row
       call \`${put}\`(new.id, ${joined(columns, 'new')})`,
    `create trigger \`${side}_au\` after update on \`${table}\` for each row
     if old.id <> new.id or ${changed} then
       delete from \`${side}\` where id = old.id;
       call \`${put}\`(new.id, ${joined(columns, 'new')});
     end if`,
    `create trigger \`${side}_ad\` after delete on \`${table}\` for each row
       delete from \`${side}\` where id = old.id`,
  ];
}

/** One set-based insert for the rows already there (numbers from a recursive CTE). */
function backfill({ table, side }: Names, columns: readonly string[]): string {
  return `insert ignore into \`${side}\` (trigram, id)
    with recursive n (i) as (select 1 union all select i + 1 from n where i < ${MAX_LENGTH})
    select substring(v.val, n.i, 3), v.id
    from (select t.id, ${joined(columns, 't')} as val from \`${table}\` t) v
    join n on n.i <= char_length(v.val) - 2`;
}

/** Replaces an FTS5 index and its triggers by one over other columns, filled from the table. */
async function rebuildFts(db: AnyDb, from: Entry, to: Entry): Promise<void> {
  for (const suffix of ['ai', 'ad', 'au']) await run(db, `drop trigger if exists "${from.fts}_${suffix}"`);
  await run(db, `drop table if exists "${from.fts}"`);
  for (const statement of sqliteUp(to)) await run(db, statement);
}

async function dropAll(db: AnyDb, { side, put }: Names): Promise<void> {
  for (const suffix of ['ai', 'au', 'ad']) await run(db, `drop trigger if exists \`${side}_${suffix}\``);
  await run(db, `drop procedure if exists \`${put}\``);
  await run(db, `drop table if exists \`${side}\``);
}
