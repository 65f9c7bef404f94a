/**
 * MySQL/MariaDB: the trigram indexes an install has, read back from the database (their
 * procedures and insert triggers), and the renewal of their routines: for the migrations that
 * rewrite every index's routines in a newer form (0028, 0031, 0034, 0036), the core's and
 * modules' alike.
 */
import { sql } from 'kysely';
import {
  renewalBridge,
  type TrigramNames,
  type TrigramRoutineOptions,
  trigramDown,
  trigramNames,
  trigramRoutines,
  trigramRoutinesDown,
} from '../search-index-sql.js';
import { LOG_TRIGRAM_COLUMNS, TRIGRAM_COLUMNS } from '../search-tables.js';
import type { AnyDb } from './columns.js';
import { finishBridges } from './trigram-bridges.js';
import { makeTrigramIndex } from './trigram-index-make.js';
import { trigramNumbers } from './trigram-numbers.js';

const PUT = '_trigram_put';

/** One trigram index as its routines describe it. */
export interface TrigramIndex {
  names: TrigramNames;
  columns: string[];
  key: string;
  maxLength: number;
}

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * This install's trigram indexes, from their procedures and insert triggers. One whose routines
 * are half there is made whole again or dropped (below); one in a form not trigramRoutines' is
 * left out.
 */
export async function trigramIndexes(db: AnyDb, prefix: string): Promise<TrigramIndex[]> {
  await finishBridges(db, prefix);
  const { rows } = await sql<{ name: string; length: number | string | null; statement: string | null }>`
    select r.routine_name as name, p.character_maximum_length as length, t.action_statement as statement
    from information_schema.routines r
    left join information_schema.parameters p
      on p.specific_schema = r.routine_schema and p.specific_name = r.routine_name and p.parameter_name = 'val'
    left join information_schema.triggers t
      on t.trigger_schema = r.routine_schema and t.trigger_name = concat(left(r.routine_name, char_length(r.routine_name) - 4), '_ai')
    where r.routine_schema = database() and r.routine_type = 'PROCEDURE'`.execute(db);
  const indexes: TrigramIndex[] = [];
  const cutOff: TrigramNames[] = [];
  const withPut = new Set<string>();
  for (const { name, length, statement } of rows) {
    if (!name.startsWith(prefix) || !name.endsWith(PUT)) continue;
    const names = namesOf(prefix, name.slice(0, -'_put'.length));
    withPut.add(names.side);
    if (statement === null) {
      cutOff.push(names);
      continue;
    }
    const call = parseInsertTrigger(statement);
    if (call === null || length === null) {
      console.warn(
        `Trigram index ${names.side} left as it is: its insert trigger or procedure is not the expected one`,
      );
      continue;
    }
    indexes.push({ names, ...call, maxLength: Number(length) });
  }
  for (const side of await sideTables(db, prefix)) if (!withPut.has(side)) cutOff.push(namesOf(prefix, side));
  if (cutOff.length === 0) return indexes;
  // A renewal before the bridges (replaceRoutines) was cut off after dropping the triggers, or
  // the procedures too: a connection lost, a process stopped. No trigger keeps the postings now,
  // so searches would miss every row written since, by this process or another still serving.
  for (const names of cutOff) await mendCutOff(db, prefix, names);
  return trigramIndexes(db, prefix);
}

const namesOf = (prefix: string, side: string): TrigramNames =>
  trigramNames(prefix, side.slice(prefix.length, -'_trigram'.length));

/**
 * The side tables there are: `<prefix><table>_trigram` beside `<prefix><table>`, with the
 * postings' two columns and no other (so a module's own table of that name is never taken).
 */
async function sideTables(db: AnyDb, prefix: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.table_name as name from information_schema.columns c
    join information_schema.tables parent on parent.table_schema = c.table_schema
      and parent.table_name = left(c.table_name, char_length(c.table_name) - char_length('_trigram'))
    where c.table_schema = database() and c.table_name like '%\\_trigram'
    group by c.table_name
    having count(*) = 2 and sum(c.column_name in ('trigram', 'id')) = 2`.execute(db);
  return rows.map((row) => row.name).filter((name) => name.startsWith(prefix));
}

/** The core's indexed tables and their columns (search-tables.ts): an index the core can make again. */
const CORE_COLUMNS: Record<string, readonly string[]> = { ...TRIGRAM_COLUMNS, ...LOG_TRIGRAM_COLUMNS };

/**
 * A core table's index is made again, its postings from the rows as they are (a million members:
 * minutes, once). A module's table is the module's to index (its migration names the columns),
 * so its index is dropped and its searches scan, as where the triggers were refused.
 */
async function mendCutOff(db: AnyDb, prefix: string, names: TrigramNames): Promise<void> {
  const columns = CORE_COLUMNS[names.table.slice(prefix.length)];
  if (columns) {
    console.warn(`Trigram index ${names.side} was cut off half-renewed: making it again`);
    await makeTrigramIndex(db, names, columns, 'id');
    return;
  }
  for (const drop of trigramDown(names)) await run(db, drop);
  console.warn(`Trigram index ${names.side} dropped: it had no insert trigger; LIKE will scan`);
}

/**
 * The key and columns of an insert trigger as trigramRoutines writes it (any version):
 * call `…_put`(new.id, lower(concat_ws(char(1), new.`a`, new.`b`))), with `, ''` last since 0031.
 */
export function parseInsertTrigger(statement: string): { key: string; columns: string[] } | null {
  const match =
    /call\s+`[^`]+`\s*\(\s*new\.(?:`([^`]+)`|(id))\s*,\s*lower\(concat_ws\(char\(1\),(.*)\)\)\s*(?:,\s*''\s*)?\)\s*;?\s*$/is.exec(
      statement,
    );
  if (!match) return null;
  const columns = [...(match[3] ?? '').matchAll(/new\.`([^`]+)`/g)].map((m) => m[1] ?? '');
  if (columns.length === 0) return null;
  return { key: match[1] ?? 'id', columns };
}

/**
 * Gives the index the routines `routinesFor` writes under the names it is given. The side table
 * stays, with its postings. No write goes unposted meanwhile, whatever process makes it: the
 * new routines first keep the postings under a bridge's names (search-index-sql.ts,
 * renewalBridge) beside the old ones, which are then replaced, and the bridge goes last. While
 * two sets fire, each writes what the other does (an `insert ignore`, a delete of trigrams the
 * other has deleted already). Dropping the triggers first and making everything again left a
 * few milliseconds in which another process's rows got no postings, for good.
 *
 * Should the server refuse (it granted the triggers once), the index goes altogether, as where
 * 0013 could not make it: a side table no trigger keeps would answer searches wrongly, one that
 * is missing makes them scan.
 */
export async function replaceRoutines(
  db: AnyDb,
  { names }: TrigramIndex,
  routinesFor: (names: TrigramNames) => string[],
): Promise<void> {
  const bridge = renewalBridge(names);
  // A bridge left by a renewal that was cut off goes first: its routines may be of another form.
  const steps = [
    ...trigramRoutinesDown(bridge),
    ...routinesFor(bridge),
    ...trigramRoutinesDown(names),
    ...routinesFor(names),
    ...trigramRoutinesDown(bridge),
  ];
  try {
    for (const statement of steps) await run(db, statement);
  } catch (error) {
    for (const statement of trigramDown(names)) await run(db, statement);
    console.warn(`MySQL trigram index for ${names.table} dropped (${String(error)}); LIKE will scan`);
  }
}

/**
 * Gives every trigram index of the install routines of trigramRoutines' form with the options
 * `formOf` chooses for it (its key is the index's own); null leaves the index as it is.
 */
export async function renewTrigramRoutines(
  db: AnyDb,
  prefix: string,
  formOf: (index: TrigramIndex) => Promise<Omit<TrigramRoutineOptions, 'key'> | null>,
): Promise<void> {
  const numbers = await trigramNumbers(db);
  for (const index of await trigramIndexes(db, prefix)) {
    const options = await formOf(index);
    if (options === null) continue;
    const { columns, maxLength, key } = index;
    await replaceRoutines(db, index, (named) =>
      trigramRoutines(named, columns, maxLength, numbers, { ...options, key }),
    );
  }
}
