/**
 * Dropping a column loses its values: a generation that would drop columns goes on only when
 * the administrator confirmed each by name (`confirmDrop`, a Portico extension of the
 * original's generate body). The refusal names each column with the rows holding a value in it.
 */
import { ApiError, type AppContext } from '@portico/server-sdk';
import { sql } from 'kysely';
import { MESSAGES } from './lang.js';
import { physicalName, tableExists } from './table-access.js';
import { readTable } from './table-columns.js';

export interface PendingDrop {
  field: string;
  /** Rows holding a value (not NULL) in the column. */
  rows: number;
}

async function rowsWithValue(ctx: AppContext, table: string, column: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    physicalName(ctx, table),
  )} where ${sql.id(column)} is not null`.execute(ctx.db.kysely);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Refuses (code 0, data `{confirmDrop: PendingDrop[]}`) unless every column the generation
 * drops is in `confirmed`. Only columns the table really has are counted (and reach SQL).
 */
export async function assertDropsConfirmed(
  ctx: AppContext,
  table: string,
  drops: readonly string[],
  confirmed: readonly string[],
): Promise<void> {
  const pending = drops.filter((field) => !confirmed.includes(field));
  if (pending.length === 0 || !(await tableExists(ctx, table))) return;
  const columns = new Set((await readTable(ctx.db, physicalName(ctx, table))).columns.map((c) => c.name));
  const counted: PendingDrop[] = [];
  for (const field of pending) {
    if (columns.has(field)) counted.push({ field, rows: await rowsWithValue(ctx, table, field) });
  }
  if (counted.length === 0) return;
  const named = counted.map(({ field, rows }) => `${field} (${rows})`).join(', ');
  throw new ApiError(MESSAGES.confirmDrop, [named], 0, { confirmDrop: counted });
}
