/**
 * The total a list shows beside its pages, without counting a million rows on every page.
 *
 * The tables that grow large (db/migrations/0016-row-counts.ts: members, the admin log; a
 * module's table through largeTableCounts) keep their exact row count in slots maintained by
 * triggers: an unfiltered list of one answers the
 * slots' sum, exact, for the price of reading a few rows. Otherwise counting stops at
 * COUNT_CAP + 1 matching rows, so a count costs at most a few thousand index entries. Below the
 * cap the total is exact (small tables, most filtered lists). Past it:
 * - an unfiltered list shows the database's own estimate of the table's size, marked "about"
 *   (a large table without a counter: MySQL refused its triggers);
 * - a filtered list shows "more than COUNT_CAP", since no estimate of a filter's matches is
 *   trustworthy on all three databases.
 *
 * On a large table (LARGE_TABLE_ROWS and more), a filtered count stops sooner: at the rows
 * through PAGES_AHEAD pages past the one shown. Counting 10,001 matches of a filter that
 * holds one row in 256 reads 2.5 million rows of a ten-million-row log, seconds on any
 * database; the window reads what the next pages need anyway. Past it the total says "more
 * than N", and N moves on with the pages. Small tables keep the exact count to COUNT_CAP.
 *
 * Why slots and not one counter row: every administrator's write adds an admin-log row and
 * every sign-up a member, from all server processes at once; with one counter row per table
 * each writer would wait for the one before it to commit (a bulk import's transaction holding
 * the row throughout). With a slot per connection, two writers wait for each other only when
 * their connections share a slot. An exact total lets the pager read the back half of the table
 * from its other end (crud/list-page-rows.ts); the wire says which kind of number it carries
 * (`totalKind`), and the screen never shows an estimate as exact.
 */
import type { ListTotalKind } from '@portico/shared';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import type { TableName } from '../db/schema.js';
import type { ListDialect } from './list-dialect.js';
import { traceTotal } from './list-trace.js';
import type { AnySelect } from './query-types.js';

/** Rows counted exactly before a total becomes "about" or "more than". */
export const COUNT_CAP = 10_000;

export interface ListTotal {
  total: number;
  /** Absent when exact (the original's wire shape). */
  totalKind?: Exclude<ListTotalKind, 'exact'>;
}

/** Pages past the shown one a large table's filtered count looks ahead. */
export const PAGES_AHEAD = 5;

/** A table this large (by the database's estimate) counts its filtered lists in a window. */
const LARGE_TABLE_ROWS = 100_000;

export interface TotalOptions {
  /** The page shown and its size: where the count's window ends. */
  page: number;
  limit: number;
  /** LARGE_TABLE_ROWS, unless a test says otherwise. */
  largeTable?: number;
  /**
   * The filtered query in the list's order, when the page is read along it. The window is
   * then counted along the same path: left free, a database may count a LIMIT from any index
   * (PostgreSQL walked half a million admin_id entries to find 221 of admin 3's rows that the
   * primary key's end holds within two thousand).
   */
  ordered?: AnySelect;
}

/**
 * `filtered` is the list query with every condition applied; `unfiltered` tells whether it
 * holds no condition at all (then the table's estimate may stand for its size).
 */
export async function listTotal(
  db: Db,
  dialect: ListDialect,
  table: TableName,
  filtered: AnySelect,
  unfiltered: boolean,
  { page, limit, largeTable = LARGE_TABLE_ROWS, ordered }: TotalOptions,
): Promise<ListTotal> {
  const kept = unfiltered ? await countedRows(db, table) : null;
  if (kept !== null) return traced('kept-count', { total: kept });
  const window = (page + PAGES_AHEAD) * limit;
  if (!unfiltered && window < COUNT_CAP) {
    const counted = await countUpTo(db, ordered ?? filtered, window);
    const along = ordered ? '-in-order' : '';
    if (counted <= window) return traced(`window-count${along}`, { total: counted });
    traceTotal(`window-full${along}`);
    if ((await cachedEstimate(db, dialect, table)) >= largeTable)
      return traced('window-bound', { total: window, totalKind: 'atLeast' });
  }
  const counted = await countUpTo(db, filtered.clearOrderBy(), COUNT_CAP);
  if (counted <= COUNT_CAP) return traced('capped-count', { total: counted });
  if (!unfiltered) return traced('capped-bound', { total: COUNT_CAP, totalKind: 'atLeast' });
  traceTotal('estimate');
  // Never less than what was just counted, whatever the statistics say.
  return { total: Math.max(await dialect.tableEstimate(db, table), counted), totalKind: 'about' };
}

/** The total, with how it was got recorded in the list trace (crud/list-trace.ts). */
function traced(label: string, total: ListTotal): ListTotal {
  traceTotal(label);
  return total;
}

/** The matching rows, counted no further than `cap` + 1 (in the query's order, if it has one). */
async function countUpTo(db: Db, filtered: AnySelect, cap: number): Promise<number> {
  const capped = filtered
    .clearSelect()
    .select(sql.lit(1).as('one'))
    .limit(cap + 1);
  const row = await db.kysely
    .selectFrom(capped.as('capped'))
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Whether the table counts its filtered lists in a window (LARGE_TABLE_ROWS and more). */
export async function isLargeTable(db: Db, dialect: ListDialect, table: TableName): Promise<boolean> {
  return (await cachedEstimate(db, dialect, table)) >= LARGE_TABLE_ROWS;
}

/** Table sizes change slowly next to list requests: one estimate a minute per table will do. */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new WeakMap<Db, Map<TableName, { rows: number; at: number }>>();

async function cachedEstimate(db: Db, dialect: ListDialect, table: TableName): Promise<number> {
  const kept = estimates.get(db) ?? new Map<TableName, { rows: number; at: number }>();
  estimates.set(db, kept);
  const known = kept.get(table);
  if (known && Date.now() - known.at < ESTIMATE_TTL_MS) return known.rows;
  const rows = (await countedRows(db, table)) ?? (await dialect.tableEstimate(db, table));
  kept.set(table, { rows, at: Date.now() });
  return rows;
}

/**
 * The table's exact row count from its slots; null when it has none (not counted, or refused).
 * Any table's slots are read, not only the core's (COUNTED_TABLES): a module's table is counted
 * when its migration called largeTableCounts, and the slots themselves say so, in every server
 * process and after a restart, with nothing to declare that could disagree with the database.
 */
export async function countedRows(db: Db, table: TableName): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('row_count')
    .select([
      sql<number | string>`count(*)`.as('slots'),
      sql<number | string | null>`sum(counted)`.as('total'),
    ])
    .where('table_name', '=', table)
    .executeTakeFirst();
  return Number(row?.slots ?? 0) > 0 ? Number(row?.total ?? 0) : null;
}
