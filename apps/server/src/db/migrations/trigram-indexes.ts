/**
 * MySQL/MariaDB: the trigram indexes an install has, read back from the database (their
 * procedures and insert triggers), and the renewal of their routines: for the migrations that
 * rewrite every index's routines in a newer form (0028, 0031, 0034, 0036), the core's and
 * modules' alike.
 */
import { sql } from 'kysely';
import {
  type TrigramNames,
  type TrigramRoutineOptions,
  trigramDown,
  trigramRoutines,
} from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
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
 * This install's trigram indexes, from their procedures and insert triggers. One whose insert
 * trigger is missing is dropped (below), one in a form not trigramRoutines' is left out.
 */
export async function trigramIndexes(db: AnyDb, prefix: string): Promise<TrigramIndex[]> {
  const { rows } = await sql<{ name: string; length: number | string | null; statement: string | null }>`
    select r.routine_name as name, p.character_maximum_length as length, t.action_statement as statement
    from information_schema.routines r
    left join information_schema.parameters p
      on p.specific_schema = r.routine_schema and p.specific_name = r.routine_name and p.parameter_name = 'val'
    left join information_schema.triggers t
      on t.trigger_schema = r.routine_schema and t.trigger_name = concat(left(r.routine_name, char_length(r.routine_name) - 4), '_ai')
    where r.routine_schema = database() and r.routine_type = 'PROCEDURE'`.execute(db);
  const indexes: TrigramIndex[] = [];
  for (const { name, length, statement } of rows) {
    if (!name.startsWith(prefix) || !name.endsWith(PUT)) continue;
    const side = name.slice(0, -'_put'.length);
    const names = {
      table: side.slice(0, -'_trigram'.length),
      side,
      put: name,
      remove: `${side}_remove`,
    };
    if (statement === null) {
      // The routines' renewal (replaceRoutines) was cut off between dropping the triggers and
      // making them again: a connection lost, a process stopped. No trigger keeps the postings
      // now, so searches would miss every row written since; without the side table they scan.
      for (const drop of trigramDown(names)) await run(db, drop);
      console.warn(`Trigram index ${side} dropped: it had no insert trigger; LIKE will scan`);
      continue;
    }
    const call = parseInsertTrigger(statement);
    if (call === null || length === null) {
      console.warn(
        `Trigram index ${side} left as it is: its insert trigger or procedure is not the expected one`,
      );
      continue;
    }
    indexes.push({ names, ...call, maxLength: Number(length) });
  }
  return indexes;
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
 * Drops the index's triggers and procedures and creates `routines`. The side table stays, with
 * its postings. Should the server refuse (it granted the triggers once), the index goes
 * altogether, as where 0013 could not make it: a side table no trigger keeps would answer
 * searches wrongly, one that is missing makes them scan.
 */
export async function replaceRoutines(db: AnyDb, { names }: TrigramIndex, routines: string[]): Promise<void> {
  const [dropTriggers, dropProcedures] = [
    trigramDown(names).filter((s) => s.startsWith('drop trigger')),
    trigramDown(names).filter((s) => s.startsWith('drop procedure')),
  ];
  for (const statement of [...dropTriggers, ...dropProcedures]) await run(db, statement);
  try {
    for (const statement of routines) await run(db, statement);
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
    const { names, columns, maxLength, key } = index;
    await replaceRoutines(
      db,
      index,
      trigramRoutines(names, columns, maxLength, numbers, { ...options, key }),
    );
  }
}

/** An integer column's type without its display width (`int unsigned`), `int` when it is none. */
export async function integerColumnType(db: AnyDb, table: string, column: string): Promise<string> {
  const { rows } = await sql<{ type: string }>`select column_type as type from information_schema.columns
    where table_schema = database() and table_name = ${table} and column_name = ${column}`.execute(db);
  return integerType(rows[0]?.type);
}

/** The type of a procedure's integer parameter, as integerColumnType gives a column's. */
export async function integerParameterType(db: AnyDb, procedure: string, parameter: string): Promise<string> {
  const { rows } = await sql<{
    type: string;
  }>`select dtd_identifier as type from information_schema.parameters
    where specific_schema = database() and specific_name = ${procedure} and parameter_name = ${parameter}`.execute(
    db,
  );
  return integerType(rows[0]?.type);
}

function integerType(declared: string | undefined): string {
  const type = (declared ?? '').toLowerCase().replace(/\(\d+\)/, '');
  return /^(tinyint|smallint|mediumint|int|bigint)( unsigned)?$/.test(type) ? type : 'int';
}
