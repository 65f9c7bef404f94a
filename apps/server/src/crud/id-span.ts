/**
 * A creation-time range turned into the stretch of ids its rows lie in
 * (db/migrations/0018-id-spans.ts), for a list in id order: the page is then read along the
 * ids from the stretch's end, checking the filters row by row, and stops after a page of
 * matches, instead of gathering every row of the range from the time index and sorting them
 * (crud/list-query.ts rangeDriven).
 *
 * The stretch is exact as a bound, so `id between lo and hi` never changes the answer; it is
 * only used when it is about as long as the rows inserted in its days (rows created in id
 * order, as a site creates them). Rows imported with old dates make it long, and the list
 * then reads the range from the time index as before.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { SECONDS_PER_DAY, SPAN_COLUMN, SPANNED_TABLES } from '../db/large-tables.js';
import type { TableName } from '../db/schema.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import { rangeEnds, toUnixSeconds } from './list-query.js';

/** A stretch this many times longer than the rows it holds is read from the time index instead. */
const LONGEST = 2;

export interface IdSpan {
  lo: number;
  hi: number;
}

/** The stretch of ids to walk for this list, or null when the list is read as before. */
export async function planIdSpan(
  db: Db,
  table: TableName,
  spec: ListSpec,
  params: ListParams,
  timeZone: string,
): Promise<IdSpan | null> {
  if (!SPANNED_TABLES.includes(table) || params.order.field !== spec.pk) return null;
  const bounds = timeBounds(spec, params, `${table}.${SPAN_COLUMN}`, timeZone);
  if (!bounds) return null;
  let query = db.kysely
    .selectFrom('id_span')
    .select([
      sql<number | string | null>`min(min_id)`.as('lo'),
      sql<number | string | null>`max(max_id)`.as('hi'),
      sql<number | string | null>`sum(inserted)`.as('inserted'),
    ])
    .where('table_name', '=', table);
  // Truncated toward zero, as the triggers' integer division.
  if (bounds.from !== undefined) query = query.where('day', '>=', Math.trunc(bounds.from / SECONDS_PER_DAY));
  if (bounds.to !== undefined) query = query.where('day', '<=', Math.trunc(bounds.to / SECONDS_PER_DAY));
  const row = await query.executeTakeFirst();
  const inserted = Number(row?.inserted ?? 0);
  // No span: nothing was created in those days, or the table's spans are not kept (MySQL
  // refused the triggers). Either way the range index answers quickly or as before.
  if (inserted === 0 || row?.lo === null || row?.hi === null) return null;
  const span = { lo: Number(row?.lo), hi: Number(row?.hi) };
  return span.hi - span.lo + 1 <= LONGEST * inserted ? span : null;
}

/** The condition that keeps the walk within the stretch. */
export function withinSpan(spec: ListSpec, span: IdSpan): RawBuilder<SqlBool> {
  const pk = sql.ref((spec.fields[spec.pk] as ListField).column);
  return sql<SqlBool>`${pk} between ${span.lo} and ${span.hi}`;
}

/** The interval of `column` the list's range filters allow; null when none bounds it. */
function timeBounds(
  spec: ListSpec,
  params: ListParams,
  column: string,
  timeZone: string,
): { from?: number; to?: number } | null {
  let from: number | undefined;
  let to: number | undefined;
  const seconds = (text: string) => toUnixSeconds(text, timeZone);
  const raise = (value: number | undefined) => {
    if (value !== undefined) from = from === undefined ? value : Math.max(from, value);
  };
  const lower = (value: number | undefined) => {
    if (value !== undefined) to = to === undefined ? value : Math.min(to, value);
  };
  for (const item of params.search) {
    if (spec.fields[item.field]?.column !== column || Array.isArray(item.val)) continue;
    if (item.operator === 'RANGE') {
      const [left, right] = rangeEnds(item.val, seconds);
      raise(left);
      lower(right);
    } else if (item.operator === '>' || item.operator === '>=') raise(seconds(item.val));
    else if (item.operator === '<' || item.operator === '<=') lower(seconds(item.val));
  }
  return from === undefined && to === undefined ? null : { from, to };
}
