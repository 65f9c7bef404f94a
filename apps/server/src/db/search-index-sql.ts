/**
 * The statements of the substring search indexes, per database, shared by the core's dated
 * migrations (0003, 0013: the members, administrators and admin log) and the one helper a
 * module's migration calls for its own table (searchIndex, migrations/search-index.ts). They
 * live here, not in a dated migration, so the runtime never imports one; a migration that
 * calls them with its own constants writes what it always wrote.
 *
 * - SQLite: an FTS5 `trigram` table `<table>_search` over the columns, kept by triggers.
 * - MySQL/MariaDB: a side table `<table>_trigram` of every row's trigrams, kept by triggers.
 * - PostgreSQL: one pg_trgm GIN index per column, `<table>_<column>_trgm`.
 *
 * Every name here is the code's own (a core constant, or a generated module's table and
 * columns, checked against the designer's name pattern), never a client's.
 */

/** SQLite: the FTS5 index, its triggers and its first fill. */
export interface FtsEntry {
  table: string;
  fts: string;
  columns: string[];
  /** The integer primary key the index's rowids are (`id` for the core's tables). */
  key?: string;
}

export function sqliteUp({ table, fts, columns, key = 'id' }: FtsEntry): string[] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  // The core's tables name `id` bare, as their statements always did.
  const rowid = key === 'id' ? 'id' : `"${key}"`;
  const remove = `insert into "${fts}"("${fts}", rowid, ${list}) values ('delete', old.${rowid}, ${values('old')});`;
  const add = `insert into "${fts}"(rowid, ${list}) values (new.${rowid}, ${values('new')});`;
  return [
    `create virtual table "${fts}" using fts5(${list}, content='${table}', content_rowid='${key}', tokenize='trigram')`,
    `create trigger "${fts}_ai" after insert on "${table}" begin ${add} end`,
    `create trigger "${fts}_ad" after delete on "${table}" begin ${remove} end`,
    `create trigger "${fts}_au" after update of ${rowid}, ${list} on "${table}" begin ${remove} ${add} end`,
    `insert into "${fts}"("${fts}") values ('rebuild')`,
  ];
}

export function sqliteDown(fts: string): string[] {
  return [
    ...['ai', 'ad', 'au'].map((suffix) => `drop trigger if exists "${fts}_${suffix}"`),
    `drop table if exists "${fts}"`,
  ];
}

/** MySQL/MariaDB: the side table, its procedures and triggers, named after the table. */
export interface TrigramNames {
  table: string;
  side: string;
  /** Adds a row's postings. The migration that renews the routines finds the indexes by it. */
  put: string;
  /** Deletes a row's postings. */
  remove: string;
  /** The triggers are this with `_ai`, `_au` and `_ad`. */
  triggers: string;
}

export function trigramNames(prefix: string, table: string): TrigramNames {
  const side = `${prefix}${table}_trigram`;
  return { table: `${prefix}${table}`, side, put: `${side}_put`, remove: `${side}_remove`, triggers: side };
}

/**
 * The names a renewal of the index's routines gives its bridge: the new routines under these
 * names keep the postings beside the old ones, then beside the new ones under their own names,
 * so that no write goes unposted while they are replaced (migrations/trigram-indexes.ts,
 * replaceRoutines). No longer than the index's own names (a generated table's name may take
 * 40 of MySQL's 64 characters), and none ends in `_put`, by which the indexes are found.
 */
export function renewalBridge({ table, side }: TrigramNames): TrigramNames {
  return { table, side, put: `${side}_bput`, remove: `${side}_brm`, triggers: `${side}_b` };
}

/**
 * Where a statement takes the positions 1, 2, … of a value's trigrams from. MariaDB's built-in
 * sequence engine (`seq_1_to_N`, no table to keep) is cheapest; MySQL has none, so a recursive
 * CTE counts them there (migrations/trigram-numbers.ts asks the server which it has).
 */
export type TrigramNumbers = 'sequence' | 'recursive';

/** The positions 1 … `last` (an expression) as `from`, each as `i`; `with` goes before the select. */
function positions(numbers: TrigramNumbers, last: string, maxLength: number) {
  if (numbers === 'sequence') return { with: '', from: `seq_1_to_${maxLength}`, i: 'seq' };
  return {
    with: `with recursive n (i) as (select 1 union all select i + 1 from n where i < ${last}) `,
    from: 'n',
    i: 'i',
  };
}

/** The row's searched values as one lower-cased text; char(1) never occurs in a search. */
export const joined = (columns: readonly string[], row: string) =>
  `lower(concat_ws(char(1), ${columns.map((c) => `${row}.\`${c}\``).join(', ')}))`;

/**
 * The postings' table. Its primary key is all a search reads (a trigram's ids in order) and all
 * the triggers need: they delete a row's postings by its old value's trigrams, so no second
 * key on `id` doubles the cost of every posting written (migration 0028 drops the one earlier
 * versions had).
 *
 * `id` has the type of the table's key (`keyType`): MariaDB orders a page by the table's key
 * through the postings' `(trigram, id)` only when the two compare as the same type. With an
 * `int` beside an `int unsigned` key it read every candidate and sorted them: 100,000 clustered
 * products, 500 ms a list request where the postings in order answer in 15-20. No default: a
 * default `int` is how 0013 gave a taken-over site's members `int` postings beside their
 * `int unsigned` key, which 0033 then copied whole to retype.
 */
export function trigramTable(side: string, keyType: string): string {
  // Trigrams compare byte for byte: they are already lower-cased, and a collation that equates
  // accents or widths would merge postings that LIKE, checking afterwards, tells apart anyway.
  return `create table if not exists \`${side}\` (
    trigram varchar(3) character set utf8mb4 collate utf8mb4_bin not null,
    id ${keyType} not null,
    primary key (trigram, id)
  ) engine=InnoDB`;
}

/** How trigramRoutines writes an index's routines beyond its names, columns and length. */
export interface TrigramRoutineOptions {
  /** The table's integer primary key. */
  key?: string;
  /**
   * The key's type (`int unsigned`, `bigint`, …), which the procedures' `row_id` takes: with
   * an `int` parameter, a row whose key is past 2,147,483,647 could not be written at all.
   */
  keyType?: string;
  form?: 'changed-trigrams' | 'every-trigram';
  /**
   * How the remove procedure finds the postings to delete. `joined` (migration 0036): the
   * value's positions joined straight onto the postings' key. `derived`, the form before it:
   * the gone trigrams collected first in a derived table, which MariaDB materializes as a
   * temporary table on every call: an update of the log's title cost 110–119 µs a row against
   * 72–73 joined, a member's nickname 175–188 against 129–131 (docs/bench-scale.md, "Writes").
   */
  removal?: 'joined' | 'derived';
}

/**
 * The procedures and triggers; `maxLength` is the longest joined value indexed (the columns'
 * widths and separators).
 *
 * Each procedure is one set-based statement over the value's positions, not a loop of one
 * insert per trigram: a member's ~80 postings cost one statement. An update touches only the
 * trigrams that changed: it deletes those the new value lacks (`kept`: a trigram is kept when it
 * occurs in the new value) and inserts those the old value lacked (`had`: its trigrams are
 * posted already), so a nickname edited or a sign-in's new address writes a few postings, not
 * the row's ~55 again (each a key lookup even when `insert ignore` skips it: half an update's
 * cost on MariaDB). A row whose key changed has all its postings written under the new key.
 *
 * `form: 'every-trigram'` is the earlier form (migration 0031's down), whose update offered
 * every trigram of the new value again.
 */
/** A trigger's condition: one of the columns changed. Byte comparison: a change of case or accent changes the trigrams too. */
export const anyChanged = (columns: readonly string[]) =>
  columns.map((c) => `not (binary old.\`${c}\` <=> binary new.\`${c}\`)`).join(' or ');

export function trigramRoutines(
  { table, side, put, remove, triggers }: TrigramNames,
  columns: readonly string[],
  maxLength: number,
  numbers: TrigramNumbers,
  { key = 'id', keyType = 'int', form = 'changed-trigrams', removal = 'joined' }: TrigramRoutineOptions = {},
): string[] {
  const changed = anyChanged(columns);
  const [newKey, oldKey] = key === 'id' ? ['new.id', 'old.id'] : [`new.\`${key}\``, `old.\`${key}\``];
  const n = positions(numbers, 'char_length(val) - 2', maxLength);
  const piece = `substring(val, ${n.i}, 3)`;
  const notIn = (other: string) => `locate(cast(${piece} as binary), cast(${other} as binary)) = 0`;
  const sameKey = (value: string) => `if(${oldKey} = ${newKey}, ${value}, '')`;
  const onlyNew = form === 'changed-trigrams';
  // The value the new one is put after: '' for a new row (every trigram written).
  const had = (value: string) => (onlyNew ? `, ${value}` : '');
  const unposted = onlyNew ? ` and ${notIn('had')}` : '';
  return [
    `create procedure \`${put}\`(in row_id ${keyType}, in val varchar(${maxLength})${had(`in had varchar(${maxLength})`)})
       insert ignore into \`${side}\` (trigram, id)
       ${n.with}select ${piece}, row_id from ${n.from} where ${n.i} <= char_length(val) - 2${unposted}`,
    `create procedure \`${remove}\`(in row_id ${keyType}, in val varchar(${maxLength}), in kept varchar(${maxLength}))
       ${removal === 'joined' ? removeJoined(side, n, piece, notIn('kept')) : removeDerived(side, n, piece, notIn('kept'))}`,
    `create trigger \`${triggers}_ai\` after insert on \`${table}\` for each row
       call \`${put}\`(${newKey}, ${joined(columns, 'new')}${had("''")})`,
    `create trigger \`${triggers}_au\` after update on \`${table}\` for each row
     if ${oldKey} <> ${newKey} or ${changed} then
       call \`${remove}\`(${oldKey}, ${joined(columns, 'old')}, ${sameKey(joined(columns, 'new'))});
       call \`${put}\`(${newKey}, ${joined(columns, 'new')}${had(sameKey(joined(columns, 'old')))});
     end if`,
    `create trigger \`${triggers}_ad\` after delete on \`${table}\` for each row
       call \`${remove}\`(${oldKey}, ${joined(columns, 'old')}, '')`,
  ];
}

type Positions = ReturnType<typeof positions>;

/**
 * The remove procedure's statement: a multi-table DELETE, not `trigram in (select …)`, which
 * MariaDB's single-table DELETE answers by reading the whole side table. Each position whose
 * trigram is gone (`gone`, a condition on the position alone) looks its posting up by the key; a
 * trigram at two positions finds its posting deleted the second time.
 * The pieces are converted to the column's collation to compare.
 */
function removeJoined(side: string, n: Positions, piece: string, gone: string): string {
  // MariaDB takes no WITH before a DELETE: MySQL's counted positions go in a derived table.
  const from = n.with ? `(${n.with}select ${n.i} from ${n.from}) positions` : n.from;
  return `delete s from ${from} join \`${side}\` s
         on s.trigram = convert(${piece} using utf8mb4) collate utf8mb4_bin and s.id = row_id
       where ${n.i} <= char_length(val) - 2 and ${gone}`;
}

/** The remove statement before migration 0036 (its down writes it again). */
function removeDerived(side: string, n: Positions, piece: string, gone: string): string {
  return `delete s from \`${side}\` s join (
         ${n.with}select distinct convert(${piece} using utf8mb4) collate utf8mb4_bin as trigram
         from ${n.from} where ${n.i} <= char_length(val) - 2
           and ${gone}
       ) gone on s.trigram = gone.trigram and s.id = row_id`;
}

/**
 * One set-based insert for the rows already there.
 *
 * MariaDB's bulk load into an empty table (`unique_checks=0`, which sorts the rows and builds the
 * key bottom-up) would suit this fill, but not with duplicates, and a value's repeated trigram is
 * one. On 10.11.19 a plain INSERT failed at COMMIT, and `insert ignore` with one duplicate
 * committed none of its rows, with no error and no warning.
 */
export function trigramBackfill(
  { table, side }: TrigramNames,
  columns: readonly string[],
  maxLength: number,
  numbers: TrigramNumbers,
  key = 'id',
): string {
  const id = key === 'id' ? 't.id' : `t.\`${key}\``;
  const n = positions(numbers, String(maxLength), maxLength);
  return `insert ignore into \`${side}\` (trigram, id)
    ${n.with}select substring(v.val, ${n.i}, 3), v.id
    from (select ${id}${key === 'id' ? '' : ' as id'}, ${joined(columns, 't')} as val from \`${table}\` t) v
    join ${n.from} on ${n.i} <= char_length(v.val) - 2`;
}

/** Drops the triggers, then the procedures they call. */
export function trigramRoutinesDown({ put, remove, triggers }: TrigramNames): string[] {
  return [
    ...['ai', 'au', 'ad'].map((suffix) => `drop trigger if exists \`${triggers}_${suffix}\``),
    `drop procedure if exists \`${put}\``,
    `drop procedure if exists \`${remove}\``,
  ];
}

/** The index whole: its routines, a renewal's bridge left by one cut off, and the side table. */
export function trigramDown(names: TrigramNames): string[] {
  return [
    ...trigramRoutinesDown(names),
    ...trigramRoutinesDown(renewalBridge(names)),
    `drop table if exists \`${names.side}\``,
  ];
}

/**
 * PostgreSQL estimates a `%text%` match from the column's histogram: the share of its sampled
 * values holding the text, at least one of them. With the default 100, a phrase in 2,462 of a
 * million titles (one sample held it) was estimated at 10,101, over crud/few-matches.ts's FEW, so
 * the list walked 49,000 rows from the newest (50 ms p50) instead of sorting its 2,462 matches
 * from the index (15 ms). A thousand samples estimate it at 3,003; ANALYZE then reads 300,000
 * rows instead of 30,000 (2 s at a million rows).
 */
export const SEARCHED_COLUMN_STATISTICS = 1000;

/** PostgreSQL: the searched column's statistics target (-1: the default again). */
export function postgresColumnStatistics(table: string, column: string, target: number): string {
  return `alter table "${table}" alter column "${column}" set statistics ${target}`;
}

/** PostgreSQL: the GIN index of one column (prefixed table name). */
export function postgresTrigramIndex(table: string, column: string): string {
  return `create index if not exists "${table}_${column}_trgm" on "${table}" using gin ("${column}" gin_trgm_ops)`;
}

/**
 * PostgreSQL: a dotted value (an IP address) as its pg_trgm index holds it and a LIKE on it
 * reads it: dots become x, and x (either case) becomes a dot. pg_trgm cuts text into words at
 * every character that is not a letter or digit, so `10.17.2` is the words 10, 17 and 2, whose
 * trigrams nearly every address shares: the index read them all and rechecked 6,510 rows for
 * 1,039 matches (27-40 ms at a million members). Mapped, it is one word, `10x17x2`, whose
 * trigrams are rarer.
 *
 * The mapped value matches the mapped pattern exactly when the value matches the pattern, so
 * nothing else is checked: the map leaves LIKE's wildcards and escape character alone, is
 * one-to-one but for x and X, which it makes one character, and a pattern holding an x is
 * matched without case (ILIKE) in the first place; mapped, it holds no x, and the other letters
 * still choose LIKE or ILIKE as before (crud/list-dialect.ts). lower() would do the same for
 * case, but cost a walk along the list a third more per row than translate() alone.
 */
export const DOTTED_MAP = { from: '.xX', to: 'x..' } as const;

/** The indexed expression of a dotted column (its name already quoted, or any SQL text). */
export const dottedValue = (text: string) => `translate(${text}, '${DOTTED_MAP.from}', '${DOTTED_MAP.to}')`;

/** A LIKE pattern (escapeLike's, escaped with `!`) mapped as dottedValue maps the value. */
export function dottedPattern(pattern: string): string {
  return pattern.replace(/[.xX]/g, (c) => (c === '.' ? 'x' : '.'));
}

/** PostgreSQL: the pg_trgm index of a dotted column's mapped value (prefixed table name). */
export function postgresDottedIndex(table: string, column: string): string[] {
  const name = `${table}_${column}_dots`;
  return [
    `create index if not exists "${name}" on "${table}" using gin ((${dottedValue(`"${column}"`)}) gin_trgm_ops)`,
    // The planner estimates a LIKE on the expression from the index's own statistics.
    `alter index "${name}" alter column 1 set statistics ${SEARCHED_COLUMN_STATISTICS}`,
  ];
}

/**
 * PostgreSQL: the statements (already prefixed) run once pg_trgm is there. A DO block's
 * exception handler runs in a subtransaction: a refused CREATE EXTENSION does not abort the
 * migration's transaction, and the searches scan.
 */
export function withPgTrgm(statements: string[]): string {
  const indexes = statements.map((statement) => `execute '${statement.replaceAll("'", "''")}';`);
  return `do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is unavailable (%); quick searches will scan', sqlerrm;
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    ${indexes.join('\n    ')}
  end if;
end $$`;
}
