/**
 * MySQL/MariaDB: a table's trigram index made anew over its columns (whatever of it was there
 * dropped first, its side table too), filled from the rows already there. For a module's
 * searchIndex() and for the core's indexes found half-renewed (trigram-indexes.ts). Where the
 * server refuses the triggers, or the joined columns are too long, it warns and makes none: the
 * searches scan.
 */
import { sql } from 'kysely';
import {
  type TrigramNames,
  trigramBackfill,
  trigramDown,
  trigramRoutines,
  trigramTable,
} from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
import { integerColumnType } from './integer-types.js';
import { trigramNumbers } from './trigram-numbers.js';

/** The longest a procedure's text parameter may be (utf8mb4 within a row's 64 KB). */
const MYSQL_MAX_LENGTH = 16_000;

export async function makeTrigramIndex(
  db: AnyDb,
  names: TrigramNames,
  columns: readonly string[],
  key: string,
): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const statement of trigramDown(names)) await run(statement);
  if (columns.length === 0) return;
  // The joined value's longest: the columns' widths and the separators between them.
  const { rows } = await sql<{
    width: number | string | null;
  }>`select sum(coalesce(character_maximum_length, 0)) as width
    from information_schema.columns where table_schema = database() and table_name = ${names.table}
    and column_name in (${sql.join([...columns])})`.execute(db);
  const width = Number(rows[0]?.width ?? 0) + columns.length;
  if (width > MYSQL_MAX_LENGTH) {
    console.warn(`MySQL trigram index for ${names.table} skipped: its columns are too long; LIKE will scan`);
    return;
  }
  const keyType = await integerColumnType(db, names.table, key);
  await run(trigramTable(names.side, keyType));
  const numbers = await trigramNumbers(db);
  try {
    for (const statement of trigramRoutines(names, columns, width, numbers, { key, keyType }))
      await run(statement);
  } catch (error) {
    // Creating triggers needs the TRIGGER privilege (and more where binary logging is on).
    for (const statement of trigramDown(names)) await run(statement);
    console.warn(`MySQL trigram index for ${names.table} skipped (${String(error)}); LIKE will scan`);
    return;
  }
  await run(trigramBackfill(names, columns, width, numbers, key));
}
