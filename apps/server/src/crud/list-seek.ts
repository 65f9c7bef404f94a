/**
 * Paging by key: when the client shows page p and asks for a page after it (or before), it
 * sends the last (or first) row's key and the server reads on from the key in the order's
 * index, skipping only the pages in between, instead of skipping (p × limit) rows. The next
 * page after page 20,000 then costs what page 2 costs.
 *
 * The key applies only when the order is by the primary key or by an integer or time column
 * (whose order is the same on every dialect, unlike text under different collations), and only
 * to pages near the shown one; any other request is answered by offset, as before. A client
 * sending a wrong key gets another slice of rows it may see anyway: the key is never trusted
 * with anything but where to start.
 *
 * Nulls: PostgreSQL sorts them above every value, MySQL and SQLite below, and the list keeps
 * each database's own order, so the conditions below say where the nulls lie.
 */
import type { ListKey } from '@portico/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connection.js';
import { LIST_INDEXES } from '../db/migrations/0012-list-indexes.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import { applyListOrder } from './list-query.js';
import type { AnySelect } from './resource.js';

type Condition = RawBuilder<SqlBool>;

export interface SeekPlan {
  /** The rows past the key, in the order to read them. */
  condition: Condition;
  /** True when reading backwards (an earlier page): read in reverse, then reverse the rows. */
  backwards: boolean;
  /** Rows to skip past the key: the pages between the shown one and the one asked for. */
  skip: number;
}

/**
 * Pages further than this from the shown one are read by offset: skipping from the key costs
 * the same rows as skipping from the start by then.
 */
const MAX_SEEK_PAGES = 50;

/** The key condition for this request, or null when the page must be read by offset. */
export function seekPlan(spec: ListSpec, params: ListParams, dialect: Dialect): SeekPlan | null {
  const { seek, order, page, limit } = params;
  if (!seek || page === seek.page) return null;
  const field = spec.fields[order.field];
  const pk = spec.fields[spec.pk];
  if (!field || !pk) return null;
  const byPk = order.field === spec.pk;
  if (!byPk && field.type === 'string') return null;
  const forward = page > seek.page;
  const key = forward ? seek.last : seek.first;
  const pages = Math.abs(page - seek.page) - 1;
  if (!key || (!byPk && key.value === undefined) || pages >= MAX_SEEK_PAGES) return null;
  // Reading backwards from the shown page's first row skips rows counted from the start too.
  if (!forward && pages * limit >= (page - 1) * limit) return null;
  // Forward in a descending list means towards smaller keys; backward reverses that.
  const smaller = (order.direction === 'desc') === forward;
  const id = sql.ref(pk.column);
  const condition = byPk
    ? sql<SqlBool>`${id} ${sql.raw(smaller ? '<' : '>')} ${key.id}`
    : beyond(sql.ref(field.column), id, key, smaller, dialect === 'postgres');
  return { condition, backwards: !forward, skip: pages * limit };
}

/**
 * Rows whose (column, id) lies strictly below (smaller) or above the key, with nulls
 * counted as the largest values (nullsLarge) or the smallest.
 */
function beyond(
  column: Expression<unknown>,
  id: Expression<unknown>,
  key: ListKey,
  smaller: boolean,
  nullsLarge: boolean,
): Condition {
  const value = key.value ?? null;
  const op = sql.raw(smaller ? '<' : '>');
  const strict = sql.raw(smaller ? '<=' : '>=');
  // Nulls lie past a non-null key when they sort on the side we move towards.
  const nullsAhead = smaller !== nullsLarge;
  if (value === null) {
    const alsoNulls = sql<SqlBool>`(${column} is null and ${id} ${op} ${key.id})`;
    // Past a null key: the remaining nulls, then (if values lie that way) every value.
    return nullsAhead ? alsoNulls : sql<SqlBool>`(${column} is not null or ${alsoNulls})`;
  }
  // `column <= v` first so the index on (column, id) serves the range.
  const values = sql<SqlBool>`(${column} ${strict} ${value} and (${column} ${op} ${value} or ${id} ${op} ${key.id}))`;
  return nullsAhead ? sql<SqlBool>`(${values} or ${column} is null)` : values;
}

/** The list's order, reversed when the page is read backwards. */
export function orderFor(params: ListParams, backwards: boolean): ListParams {
  if (!backwards) return params;
  const direction = params.order.direction === 'asc' ? 'desc' : 'asc';
  return { ...params, order: { ...params.order, direction } };
}

/** The rows of the requested page: by key when the client sent its neighbour's, else by offset. */
export async function pageRows(
  filtered: AnySelect,
  spec: ListSpec,
  params: ListParams,
  dialect: Dialect,
  /** The filters narrow the rows through an index of their own (MySQL trigram postings). */
  narrowed = false,
): Promise<Record<string, unknown>[]> {
  const plan = seekPlan(spec, params, dialect);
  const order = plan ? orderFor(params, plan.backwards) : params;
  const skip = plan ? plan.skip : (params.page - 1) * params.limit;
  let query = plan ? filtered.where(plan.condition) : filtered;
  if (params.order.field === spec.pk && (narrowed || rangeDriven(spec, params))) {
    const pk = sql.ref((spec.fields[spec.pk] as ListField).column);
    const ids = query
      .clearSelect()
      .clearOrderBy()
      .select(pk.as('page_id'))
      .orderBy(sql`${pk} + 0`, order.order.direction)
      .limit(params.limit)
      .offset(skip);
    query = query.where(sql<SqlBool>`${pk} in (select page_id from (${ids}) as page)`);
    const rows = await applyListOrder(query, spec, order).execute();
    return plan?.backwards ? rows.reverse() : rows;
  }
  const rows = await applyListOrder(query, spec, order).limit(params.limit).offset(skip).execute();
  return plan?.backwards ? rows.reverse() : rows;
}

const RANGES = new Set(['RANGE', '>', '>=', '<', '<=']);

/**
 * A list in primary-key order, filtered by a range of a column that has an index: left to
 * itself, the database walks the primary key from the newest row testing each, as it assumes
 * the matches are spread evenly, but a time range's rows lie together, maybe at the far end
 * (a day two years back in ten million log rows took 24 s). The page's ids are taken from
 * the column's index instead: its matches' ids, of which the page is kept (`id + 0` keeps the
 * database off the primary key's order), then those rows are read. The cost follows the
 * number of matches, not the distance to them. MariaDB makes the same choice over trigram
 * postings (a selective LIKE took a second), which `narrowed` says are in the filters.
 */
function rangeDriven(spec: ListSpec, params: ListParams): boolean {
  return params.search.some((item) => {
    const field = spec.fields[item.field];
    return RANGES.has(item.operator) && !!field && leadsAnIndex(field.column);
  });
}

/** `table.column` is the first column of one of the list indexes (db/migrations/0012-list-indexes.ts). */
function leadsAnIndex(reference: string): boolean {
  const [table = '', column] = reference.split('.');
  return (LIST_INDEXES[table] ?? []).some((columns) => columns[0] === column);
}
