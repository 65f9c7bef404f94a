/**
 * What the migrations that keep bookkeeping by triggers share (0016-row-counts.ts,
 * 0018-id-spans.ts): quoting a name for raw DDL, creating a table's triggers where MySQL may
 * refuse them, and dropping them again.
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
 * Starts keeping a bookkeeping table by triggers (0018-id-spans.ts, 0019-id-blocks.ts): the
 * triggers first, then `backfill`, which records the rows already there. Nothing is kept, and
 * the answer is false, where MySQL refused the triggers (see createTriggers).
 */
export async function keepByTriggers(
  db: AnyDb,
  dialect: Dialect,
  statements: string[],
  names: TriggerNames,
  skipped: string,
  backfill: string,
): Promise<boolean> {
  const made = await createTriggers(db, dialect, statements, names, skipped);
  if (made) await sql.raw(backfill).execute(db);
  return made;
}
