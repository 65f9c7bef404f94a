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
 * with anything but where to start. crud/list-page-rows.ts chooses between this and the other
 * ways to a page.
 *
 * Nulls: PostgreSQL sorts them above every value, MySQL and SQLite below, and the list keeps
 * each database's own order, so the conditions below say where the nulls lie.
 */
import type { ListKey } from '@portico/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { ListDialect } from './list-dialect.js';
import type { ListParams, ListSpec } from './list-params.js';

type Condition = RawBuilder<SqlBool>;

/** A row's place in the order; an export walks text orders too, so its value may be text. */
export type RowKey = Omit<ListKey, 'value'> & { value?: number | string | null };

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
export function seekPlan(spec: ListSpec, params: ListParams, dialect: ListDialect): SeekPlan | null {
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
    : beyond(sql.ref(field.column), id, key, smaller, dialect.nullsLarge);
  return { condition, backwards: !forward, skip: pages * limit };
}

/**
 * The rows after `key` in the list's order (ties broken by the primary key, as applyListOrder
 * does): how an export walks a whole list in batches without skipping rows it has read.
 */
export function afterKey(spec: ListSpec, params: ListParams, key: RowKey, dialect: ListDialect): Condition {
  const field = spec.fields[params.order.field] ?? spec.fields[spec.defaultOrder.field];
  const pk = spec.fields[spec.pk];
  if (!field || !pk) throw new Error(`list of ${spec.pk}: no order field or primary key to walk by`);
  const smaller = params.order.direction === 'desc';
  const id = sql.ref(pk.column);
  if (field === pk) return sql<SqlBool>`${id} ${sql.raw(smaller ? '<' : '>')} ${key.id}`;
  return beyond(sql.ref(field.column), id, key, smaller, dialect.nullsLarge);
}

/**
 * Rows whose (column, id) lies strictly below (smaller) or above the key, with nulls
 * counted as the largest values (nullsLarge) or the smallest.
 */
function beyond(
  column: Expression<unknown>,
  id: Expression<unknown>,
  key: RowKey,
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
