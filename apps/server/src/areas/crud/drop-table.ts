/**
 * "Drop the table" of a delete. Every row of the table is filed in the data-recycle log (the
 * security area's capture, whether or not a rule watches the screen) and deleted in one
 * transaction, then the table is dropped; a restore from the log puts rows back once the table
 * exists again (generated anew). So that the log stays a log, a table with more than
 * DROPPED_ROWS_LIMIT rows is refused, naming its count, before anything is removed: the
 * administrator keeps the table or empties it first (the generated screen's delete, which a
 * recycle rule on it files). A core table is never dropped. The table's search index and row
 * counts go after its rows and before the table: its FTS table and MySQL side table would
 * outlive it, as would its count slots and id blocks (and PostgreSQL's trigger functions), from
 * which a table generated again under its name would start counting.
 */
import {
  ApiError,
  type AppContext,
  type Database,
  dropLargeTableCounts,
  forgetAppTables,
  runWrite,
  searchIndex,
} from '@portico/server-sdk';
import { crudNames } from '@portico/shared/crud-design';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { MESSAGES } from './lang.js';
import { assertDesignable, isCoreTable, physicalName, tableExists } from './table-access.js';
import { readTable } from './table-columns.js';

/** The most rows a dropped table files in the recycle log (one entry each). */
export const DROPPED_ROWS_LIMIT = 10_000;

/**
 * Checked before the generated module is removed, so a refusal changes nothing: the table is
 * the generator's (its module's folder still says so) and small enough to file whole.
 */
export async function assertDroppable(ctx: AppContext, table: string): Promise<void> {
  await assertDesignable(ctx, table);
  if (await tableExists(ctx, table)) await assertWithinLimit(ctx, ctx.db.kysely, table);
}

/**
 * Files the rows in the recycle log and drops the table. Called after the module is removed:
 * its table may still count as an installed module's in this process, so only the core check
 * is made again (assertDroppable made the others), and the row count once more in the
 * transaction, in case rows were added meanwhile.
 */
export async function dropGeneratedTable(
  ctx: AppContext,
  request: FastifyRequest,
  table: string,
): Promise<void> {
  if (isCoreTable(table)) throw new ApiError(MESSAGES.coreTable, [table]);
  if (!(await tableExists(ctx, table))) return;
  const physical = physicalName(ctx, table);
  const primaryKey = (await readTable(ctx.db, physical)).columns.find((column) => column.primaryKey)?.name;
  await runWrite(ctx.db.kysely, request, async (w) => {
    await assertWithinLimit(ctx, w.trx, table);
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(physical)}`.execute(w.trx);
    await ctx.captures.dropped(w, {
      controller: crudNames(table).controller,
      table,
      primaryKey: primaryKey ?? '',
      rows,
    });
    await sql`delete from ${sql.table(physical)}`.execute(w.trx);
  });
  // Outside any transaction: MySQL commits around DDL by itself. The rows are in the log and
  // gone from the table by now, so a failed drop leaves an empty table and nothing lost.
  const target = { dialect: ctx.db.dialect, prefix: ctx.db.prefix };
  await searchIndex(ctx.db.kysely, target, table, []);
  await dropLargeTableCounts(ctx.db.kysely, target, table);
  await ctx.db.kysely.schema.dropTable(physical).execute();
  forgetAppTables(ctx.db);
}

async function assertWithinLimit(ctx: AppContext, db: Kysely<Database>, table: string): Promise<void> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    physicalName(ctx, table),
  )}`.execute(db);
  const count = Number(rows[0]?.n ?? 0);
  if (count > DROPPED_ROWS_LIMIT)
    throw new ApiError(MESSAGES.dropTooLarge, [table, count, DROPPED_ROWS_LIMIT]);
}
