/**
 * What the migrations that keep bookkeeping by triggers share (0016-row-counts.ts,
 * 0018-id-spans.ts, 0019-id-blocks.ts): quoting a name for raw DDL, the insert and delete
 * triggers of a kept count in each dialect's form, creating a table's triggers where MySQL may
 * refuse them and filling what they keep, and dropping them again.
 */
import { sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { AnyDb } from './columns.js';

/** A (prefixed) table, trigger or function name, quoted for the dialect's raw DDL. */
export function quoted(dialect: Dialect, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** A set of triggers: PostgreSQL's functions (dropping one drops its triggers), the others' triggers. */
export interface TriggerNames {
  functions: string[];
  triggers: string[];
}

/** A table's insert and delete triggers that keep one bookkeeping table (a kind of count). */
export interface InsertDeleteNames extends TriggerNames {
  /** The written table, prefixed. */
  table: string;
  inserted: string;
  deleted: string;
}

/** `<prefix><table>_<kind>_ai` and `_ad`; PostgreSQL's one function is `<prefix><table>_<kind>`. */
export function insertDeleteNames(prefix: string, table: string, kind: string): InsertDeleteNames {
  const base = `${prefix}${table}_${kind}`;
  const inserted = `${base}_ai`;
  const deleted = `${base}_ad`;
  return { table: `${prefix}${table}`, functions: [base], triggers: [inserted, deleted], inserted, deleted };
}

/** What the insert and delete triggers do, `+` for a row inserted and `-` for one deleted. */
export interface InsertDeleteBodies {
  /** PostgreSQL, once per statement: the statements over its rows (`new_rows` or `old_rows`). */
  perStatement(rows: 'new_rows' | 'old_rows', sign: '+' | '-'): string;
  /** PostgreSQL: the function's variables (`declare …;`), if it has any. */
  declare?: string;
  /** MySQL and SQLite, once per row: one statement on the row (`new` or `old`). */
  perRow(row: 'new' | 'old', sign: '+' | '-'): string;
}

/**
 * The statements making the triggers: on PostgreSQL one function the two statement-level
 * triggers call with their transition tables (a bulk insert pays once), elsewhere row triggers.
 */
export function insertDeleteTriggers(
  dialect: Dialect,
  names: InsertDeleteNames,
  bodies: InsertDeleteBodies,
): string[] {
  const { table, inserted, deleted } = names;
  if (dialect === 'postgres') {
    const fn = names.functions[0];
    return [
      `create function "${fn}"() returns trigger language plpgsql as $$
       ${bodies.declare ?? ''}
       begin
         if tg_op = 'INSERT' then ${bodies.perStatement('new_rows', '+')} else ${bodies.perStatement('old_rows', '-')} end if;
         return null;
       end $$`,
      `create trigger "${inserted}" after insert on "${table}" referencing new table as new_rows
       for each statement execute function "${fn}"()`,
      `create trigger "${deleted}" after delete on "${table}" referencing old table as old_rows
       for each statement execute function "${fn}"()`,
    ];
  }
  if (dialect === 'mysql') {
    return [
      `create trigger \`${inserted}\` after insert on \`${table}\` for each row ${bodies.perRow('new', '+')}`,
      `create trigger \`${deleted}\` after delete on \`${table}\` for each row ${bodies.perRow('old', '-')}`,
    ];
  }
  return [
    `create trigger "${inserted}" after insert on "${table}" begin ${bodies.perRow('new', '+')}; end`,
    `create trigger "${deleted}" after delete on "${table}" begin ${bodies.perRow('old', '-')}; end`,
  ];
}

export async function dropTriggers(db: AnyDb, dialect: Dialect, names: TriggerNames): Promise<void> {
  if (dialect === 'postgres') {
    for (const fn of names.functions) await sql.raw(`drop function if exists "${fn}"() cascade`).execute(db);
    return;
  }
  for (const trigger of names.triggers)
    await sql.raw(`drop trigger if exists ${quoted(dialect, trigger)}`).execute(db);
}

/**
 * Runs the trigger statements. MySQL refuses them without the TRIGGER privilege (and SUPER or
 * log_bin_trust_function_creators where binary logging is on): then what was made is dropped,
 * `skipped` is warned, and the answer is false. Other dialects' errors are thrown.
 */
export async function createTriggers(
  db: AnyDb,
  dialect: Dialect,
  statements: string[],
  names: TriggerNames,
  skipped: string,
): Promise<boolean> {
  try {
    for (const statement of statements) await sql.raw(statement).execute(db);
    return true;
  } catch (error) {
    if (dialect !== 'mysql') throw error;
    await dropTriggers(db, dialect, names);
    console.warn(`${skipped} (${String(error)})`);
    return false;
  }
}

/**
 * Starts keeping a bookkeeping table by triggers (0016-row-counts.ts, 0018-id-spans.ts,
 * 0019-id-blocks.ts): the triggers first, then `backfill`, which records the rows already there.
 * Nothing is kept, and the answer is false, where MySQL refused the triggers (see createTriggers).
 *
 * No row is recorded twice, whatever other processes write meanwhile (a rolling upgrade, a
 * module updated on a live site). PostgreSQL's CREATE TRIGGER holds writers off until the
 * migration's transaction ends, and SQLite has one writer. MySQL commits each CREATE TRIGGER at
 * once, so a row written between the triggers and the backfill was recorded by both: a list's
 * exact total one too many for good, a deep page a row off. There `tables` (the written table and
 * the bookkeeping one, prefixed) are write-locked on one connection for the triggers and the
 * backfill: other writers wait while the backfill reads the table once (largeTableCounts on a
 * million rows took 1.1-1.3 s, and an insert beside it waited 0.4-0.8 s at most). A user without
 * the LOCK TABLES privilege makes them unlocked, as before, with a warning.
 */
export async function keepByTriggers(
  db: AnyDb,
  dialect: Dialect,
  statements: string[],
  names: TriggerNames,
  skipped: string,
  backfill: string,
  tables: string[],
): Promise<boolean> {
  return holdingWriters(db, dialect, tables, async (held) => {
    const made = await createTriggers(held, dialect, statements, names, skipped);
    if (made) await sql.raw(backfill).execute(held);
    return made;
  });
}

/** MySQL's errors for a privilege the user lacks (LOCK TABLES on the database, or on a table). */
const ACCESS_DENIED = new Set([1044, 1142]);

/** `work` on one connection holding `tables` write-locked (MySQL; the others run it as it is). */
async function holdingWriters<T>(
  db: AnyDb,
  dialect: Dialect,
  tables: string[],
  work: (db: AnyDb) => Promise<T>,
): Promise<T> {
  if (dialect !== 'mysql') return work(db);
  return db.connection().execute(async (held) => {
    const locks = tables.map((table) => `${quoted(dialect, table)} write`).join(', ');
    try {
      await sql.raw(`lock tables ${locks}`).execute(held);
    } catch (error) {
      if (!ACCESS_DENIED.has((error as { errno?: number }).errno ?? 0)) throw error;
      console.warn(
        `Tables ${tables.join(', ')} not locked (${String(error)}): rows other processes write while their triggers are made may be counted twice`,
      );
      return work(held);
    }
    try {
      return await work(held);
    } finally {
      await sql.raw('unlock tables').execute(held);
    }
  });
}
