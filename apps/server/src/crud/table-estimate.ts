/**
 * Each database's idea of how many rows a table holds, from its statistics rather than a scan:
 * what an unfiltered list of a large table without a kept count shows as "about" (list-total.ts).
 * One function per database; crud/list-dialect.ts hands each to its database's list strategy.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { TableName } from '../db/schema.js';
import type { AnySelect } from './query-types.js';

/** PostgreSQL: the rows the planner expects `query` to return (EXPLAIN: planned, nothing read). */
export async function plannedRows(db: Db, query: AnySelect): Promise<number> {
  return (await planned(db, query)).rows;
}

/** PostgreSQL: the planner's rows and cost for a filtered list query's matches, unordered. */
export function plannedMatches(db: Db, filtered: AnySelect): Promise<{ rows: number; cost: number }> {
  return planned(db, filtered.clearSelect().clearOrderBy().select(sql.lit(1).as('one')));
}

/** PostgreSQL: the planner's rows and total cost (in its own units) for `query`. */
export async function planned(db: Db, query: AnySelect): Promise<{ rows: number; cost: number }> {
  const compiled = query.compile();
  type Plan = { 'Plan Rows': number; 'Total Cost': number };
  const { rows } = await db.kysely.executeQuery<{ 'QUERY PLAN': [{ Plan: Plan }] }>({
    ...compiled,
    sql: `explain (format json) ${compiled.sql}`,
  });
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  return { rows: Number(plan?.['Plan Rows'] ?? 0), cost: Number(plan?.['Total Cost'] ?? 0) };
}

/**
 * PostgreSQL: the planner's own estimate, the last ANALYZE's rows per page times today's
 * pages, so it follows a table that grew since (and works before any ANALYZE).
 */
export function postgresTableRows(db: Db, table: TableName): Promise<number> {
  return plannedRows(db, db.kysely.selectFrom(table).select(sql.lit(1).as('one')));
}

/** MySQL/MariaDB: the table's statistics in information_schema. */
export async function mysqlTableRows(db: Db, table: TableName): Promise<number> {
  const stats = await sql<{ rows: number | string | null }>`select table_rows as ${sql.id('rows')}
    from information_schema.tables where table_schema = database() and table_name = ${db.prefix + table}`.execute(
    db.kysely,
  );
  return Number(stats.rows[0]?.rows ?? 0);
}

/**
 * SQLite keeps no row estimate; ids only grow, so the span of ids bounds the rows from above
 * (deleted rows make it high, which "about" admits). Two subqueries: SQLite reads min or max
 * from the end of the key only when it is a query's one aggregate, and scans for both at once.
 */
export async function sqliteTableRows(db: Db, table: TableName): Promise<number> {
  const t = sql.table(table);
  const span = await sql<{
    span: number | null;
  }>`select (select max(id) from ${t}) - (select min(id) from ${t}) + 1 as span`.execute(db.kysely);
  return Number(span.rows[0]?.span ?? 0);
}
