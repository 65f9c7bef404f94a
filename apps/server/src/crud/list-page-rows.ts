/**
 * Reading one page of a list, the way that skips the fewest rows, always with the rows an
 * offset read (`order … limit … offset (page - 1) × limit`) gives:
 *
 * - by key (crud/list-seek.ts), when the client sent the shown page's keys and the page asked
 *   for is near it;
 * - from the other end, when the total is exact and the page lies in the back half: the order
 *   reversed, skipping the rows after the page and taking the page's own (the last page may be
 *   partial), the rows reversed again. Reversing both the column's and the id's direction
 *   reverses the whole order on every dialect, nulls included (each database puts them at
 *   the opposite end when the direction flips). The last page of ten million rows then costs
 *   what the first costs;
 * - from its block of ids, for a deep page of the whole table in id order: the rows per block
 *   (crud/id-block.ts) tell which block the page starts in, and the read skips only that
 *   block's rows before the page;
 * - by offset otherwise. A deep offset (page 20,000) takes the page's ids first, from the
 *   narrowest index serving the order, and then reads those rows alone (a deferred join): the
 *   skip walks index entries, not rows with their joins and columns.
 */
import { type SqlBool, sql } from 'kysely';
import type { IdOrderIndex } from '../db/large-tables.js';
import type { FindBlockStart } from './id-block.js';
import type { ListDialect } from './list-dialect.js';
import { pageIdsQuery } from './list-page-ids.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import { applyListOrder, pageFromOtherIndex } from './list-query.js';
import { orderFor, type SeekPlan, seekPlan } from './list-seek.js';
import type { ListTotal } from './list-total.js';
import { tracePage } from './list-trace.js';
import type { AnySelect } from './query-types.js';

/** Rows skipped from which the page's ids are read first (below it, both ways cost the same). */
export const DEFER_FROM = 1_000;

export interface PageOptions {
  /** A text search matches few rows, read from its own index (PostgreSQL's estimate, crud/few-matches.ts). */
  narrowed?: boolean;
  /** A creation-time range is walked along the ids of its stretch (crud/id-span.ts). */
  spanned?: boolean;
  /** The list's total, when counted: an exact one lets the back half be read from the end. */
  total?: ListTotal;
  /** MySQL: the table's index on the id alone (db/migrations/0017-id-order-indexes.ts). */
  idIndex?: IdOrderIndex;
  /** The list is the whole table, which keeps its rows per block of ids (crud/id-block.ts). */
  blockStart?: FindBlockStart;
}

/** How the page is read: in which order, what to skip and take, and whether to reverse. */
interface PageRead {
  params: ListParams;
  /** The key condition of a read by key. */
  condition?: SeekPlan['condition'];
  skip: number;
  take: number;
  reversed: boolean;
}

/** The rows of the requested page (see the header for the ways they are read). */
export async function pageRows(
  filtered: AnySelect,
  spec: ListSpec,
  params: ListParams,
  dialect: ListDialect,
  { narrowed = false, spanned = false, total, idIndex, blockStart }: PageOptions = {},
): Promise<Record<string, unknown>[]> {
  const read = planRead(spec, params, dialect, total);
  if (!read) {
    tracePage('past-end');
    return [];
  }
  // How the page is reached, for the list trace (crud/list-trace.ts).
  let way = read.condition ? (read.reversed ? 'seek-back' : 'seek') : read.reversed ? 'from-end' : 'offset';
  if (blockStart && !read.condition && read.skip >= DEFER_FROM && params.order.field === spec.pk) {
    const start = await blockStart(read.params.order.direction, read.skip);
    if (start) {
      Object.assign(read, start);
      way = 'id-block';
    }
  }
  tracePage(`${way}(${read.skip})`);
  let query = read.condition ? filtered.where(read.condition) : filtered;
  const pk = sql.ref((spec.fields[spec.pk] as ListField).column);
  const fromRange = pageFromOtherIndex(spec, params, { narrowed, spanned });
  if (fromRange || read.skip >= DEFER_FROM) {
    tracePage(fromRange ? 'filter-index-ids' : 'deferred-ids');
    // In id order along the whole table, MySQL is told the id index (list-page-ids.ts).
    const byId = params.order.field === spec.pk && !fromRange;
    const ids = pageIdsQuery(query, pk, byId ? idIndex : undefined);
    // `id + 0` keeps the database off the primary key's order, for the filter's index.
    const ordered = fromRange
      ? ids.orderBy(sql`${pk} + 0`, read.params.order.direction)
      : applyListOrder(ids, spec, read.params);
    const page = ordered.limit(read.take).offset(read.skip);
    query = query.where(sql<SqlBool>`${pk} in (select page_id from (${page}) as page)`);
    const rows = await applyListOrder(query, spec, read.params).execute();
    return read.reversed ? rows.reverse() : rows;
  }
  const rows = await applyListOrder(query, spec, read.params).limit(read.take).offset(read.skip).execute();
  return read.reversed ? rows.reverse() : rows;
}

/** The cheapest way to the page; null when it lies past the exact total (no rows). */
function planRead(
  spec: ListSpec,
  params: ListParams,
  dialect: ListDialect,
  total?: ListTotal,
): PageRead | null {
  const { page, limit } = params;
  const seek = seekPlan(spec, params, dialect);
  if (seek) {
    const order = orderFor(params, seek.backwards);
    return {
      params: order,
      condition: seek.condition,
      skip: seek.skip,
      take: limit,
      reversed: seek.backwards,
    };
  }
  const before = (page - 1) * limit;
  if (!total || total.totalKind) return { params, skip: before, take: limit, reversed: false };
  const count = total.total;
  if (before >= count) return null;
  const take = Math.min(limit, count - before);
  const after = count - before - take;
  if (after >= before) return { params, skip: before, take: limit, reversed: false };
  return { params: orderFor(params, true), skip: after, take, reversed: true };
}
