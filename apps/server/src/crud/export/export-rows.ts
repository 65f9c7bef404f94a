/**
 * Every row of a list, in its order, a batch at a time: what an export writes. Each batch is a
 * query of its own that starts after the last row read (by the order's key, so deep batches
 * cost what the first does), and no connection is held between them, so a million-row export
 * neither keeps the database's one SQLite connection nor grows the server's memory.
 */
import { sql } from 'kysely';
import type { ListDialect } from '../list-dialect.js';
import { applyListOrder, type ListParams, type ListSpec } from '../list-query.js';
import { afterKey, type RowKey } from '../list-seek.js';
import type { AnySelect } from '../query-types.js';
import type { Row } from '../resource-spec.js';

const EXPORT_BATCH = 1000;

/** How many rows `base` selects: the file's row count, told to the browser before the rows. */
export async function countRows(base: AnySelect): Promise<number> {
  const counted = await base
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('rows'))
    .executeTakeFirst();
  return Number((counted as { rows?: number | string } | undefined)?.rows ?? 0);
}

/** The rows of `base` in the list's order, in batches of `size` (as stored: not yet presented). */
export async function* rowBatches(
  base: AnySelect,
  spec: ListSpec,
  params: ListParams,
  dialect: ListDialect,
  size = EXPORT_BATCH,
): AsyncGenerator<Row[]> {
  const orderField = spec.fields[params.order.field] ? params.order.field : spec.defaultOrder.field;
  const ordered = { ...params, order: { ...params.order, field: orderField } };
  let key: RowKey | null = null;
  let offset = 0;
  for (;;) {
    const from = key ? base.where(afterKey(spec, ordered, key, dialect)) : base;
    let query = applyListOrder(from, spec, ordered).limit(size);
    // Without the order's value in the rows (a field the query does not select), batches go by offset.
    if (!key && offset > 0) query = query.offset(offset);
    const rows = (await query.execute()) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    offset += rows.length;
    key = keyOf(rows[rows.length - 1] as Row, spec, orderField);
  }
}

/** The last row's place in the order, or null when the row does not carry it. */
function keyOf(row: Row, spec: ListSpec, orderField: string): RowKey | null {
  const id = row[spec.pk];
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  if (orderField === spec.pk) return { id: Number(id) };
  if (!(orderField in row)) return null;
  const value = row[orderField];
  if (value !== null && typeof value !== 'number' && typeof value !== 'string') return null;
  return { id: Number(id), value };
}
