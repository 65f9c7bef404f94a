/**
 * The total a list shows beside its pages, without counting a million rows on every page.
 *
 * Counting stops at COUNT_CAP + 1 matching rows, so a count costs at most a few thousand index
 * entries. Below the cap the total is exact (small tables, most filtered lists). Past it:
 * - an unfiltered list shows the database's own estimate of the table's size, marked "about";
 * - a filtered list shows "more than COUNT_CAP", since no estimate of a filter's matches is
 *   trustworthy on all three databases.
 *
 * Why an estimate and not a counter kept by triggers: the admin log is written in the same
 * transaction as every write it records, so one counter row would serialise every
 * administrator's writes across all server processes, and every bulk import would pay a
 * trigger per row. The pager only needs the scale of the table; the wire says which kind of
 * number it carries (`totalKind`), and the screen never shows an estimate as exact.
 */
import type { ListTotalKind } from '@portico/shared';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { TableName } from '../db/schema.js';
import type { AnySelect } from './resource.js';

/** Rows counted exactly before a total becomes "about" or "more than". */
export const COUNT_CAP = 10_000;

export interface ListTotal {
  total: number;
  /** Absent when exact (the original's wire shape). */
  totalKind?: Exclude<ListTotalKind, 'exact'>;
}

/**
 * `filtered` is the list query with every condition applied; `unfiltered` tells whether it
 * holds no condition at all (then the table's estimate may stand for its size).
 */
export async function listTotal(
  db: Db,
  table: TableName,
  filtered: AnySelect,
  unfiltered: boolean,
): Promise<ListTotal> {
  const capped = filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql.lit(1).as('one'))
    .limit(COUNT_CAP + 1);
  const row = await db.kysely
    .selectFrom(capped.as('capped'))
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst();
  const counted = Number(row?.total ?? 0);
  if (counted <= COUNT_CAP) return { total: counted };
  if (!unfiltered) return { total: COUNT_CAP, totalKind: 'atLeast' };
  // Never less than what was just counted, whatever the statistics say.
  return { total: Math.max(await tableEstimate(db, table), counted), totalKind: 'about' };
}

/** The database's idea of a table's row count: statistics, not a scan. */
async function tableEstimate(db: Db, table: TableName): Promise<number> {
  const { kysely, dialect, prefix } = db;
  if (dialect === 'postgres') {
    // The planner's own estimate: the last ANALYZE's rows per page times today's pages, so
    // it follows a table that grew since (and works before any ANALYZE).
    const plan = await sql<{
      'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
    }>`explain (format json) select 1 from ${sql.table(table)}`.execute(kysely);
    return Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  }
  if (dialect === 'mysql') {
    const stats = await sql<{ rows: number | string | null }>`select table_rows as ${sql.id('rows')}
      from information_schema.tables where table_schema = database() and table_name = ${prefix + table}`.execute(
      kysely,
    );
    return Number(stats.rows[0]?.rows ?? 0);
  }
  // SQLite keeps no row estimate; ids only grow, so the span of ids bounds the rows from above
  // (deleted rows make it high, which "about" admits). Two subqueries: SQLite reads min or max
  // from the end of the key only when it is a query's one aggregate, and scans for both at once.
  const t = sql.table(table);
  const span = await sql<{
    span: number | null;
  }>`select (select max(id) from ${t}) - (select min(id) from ${t}) + 1 as span`.execute(kysely);
  return Number(span.rows[0]?.span ?? 0);
}
