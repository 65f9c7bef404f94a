/**
 * "Drop the table" of a delete: the rows are deleted through the write captures first, so the
 * data-recycle log files them when a recycle rule watches the generated screen's controller
 * (the security area decides, as for any resource's delete), then the table is dropped, its
 * search index before it. A core table is never dropped (checked again here, whatever the
 * record says).
 */
import { type AppContext, runWrite, searchIndex } from '@portico/server-sdk';
import { crudNames } from '@portico/shared/crud-design';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { assertDesignable, physicalName, tableExists } from './table-access.js';
import { readTable } from './table-columns.js';

/** Rows deleted per statement: the captures select the rows by id before they go. */
const CHUNK = 500;

export async function dropGeneratedTable(
  ctx: AppContext,
  request: FastifyRequest,
  table: string,
): Promise<void> {
  await assertDesignable(ctx, table);
  if (!(await tableExists(ctx, table))) return;
  const physical = physicalName(ctx, table);
  const pk = (await readTable(ctx.db, physical)).columns.find((column) => column.primaryKey)?.name;
  const { controller } = crudNames(table);
  // The search index first (its side table and FTS table would outlive the table; its triggers
  // need not follow each deleted row).
  await searchIndex(ctx.db.kysely, { dialect: ctx.db.dialect, prefix: ctx.db.prefix }, table, []);
  if (pk) {
    for (;;) {
      const deleted = await runWrite(ctx.db.kysely, request, async (w) => {
        const { rows } = await sql<{
          id: number;
        }>`select ${sql.id(pk)} as id from ${sql.table(physical)} limit ${sql.lit(CHUNK)}`.execute(w.trx);
        const ids = rows.map((row) => Number(row.id));
        if (ids.length === 0) return 0;
        return ctx.captures.deletes(w, controller, ids, async () => {
          const result =
            await sql`delete from ${sql.table(physical)} where ${sql.id(pk)} in (${sql.join(ids)})`.execute(
              w.trx,
            );
          return Number(result.numAffectedRows ?? ids.length);
        });
      });
      if (deleted === 0) break;
    }
  }
  // Outside any transaction: MySQL commits around DDL by itself.
  await ctx.db.kysely.schema.dropTable(physical).execute();
}
