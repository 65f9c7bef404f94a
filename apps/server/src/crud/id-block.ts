/**
 * Where a deep page of a whole table in id order starts, from the rows each block of ids holds
 * (db/migrations/0019-id-blocks.ts, or a module's largeTableCounts): the blocks before the
 * page are added up, and the page is read from its block's edge, skipping fewer rows than a
 * block holds instead of every row before it (crud/list-page-rows.ts).
 *
 * The counts are exact (kept in each writer's transaction), so the rows are those an offset
 * read gives; a row written between the two reads shifts the page by a row, as it would
 * shift an offset read made a moment later.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { BLOCK } from '../db/large-tables.js';
import type { TableName } from '../db/schema.js';
import type { ListField, ListSpec } from './list-params.js';

export interface BlockStart {
  /** The ids from the page's block on, in the read's direction. */
  condition: RawBuilder<SqlBool>;
  /** Rows to skip past the block's edge. */
  skip: number;
}

/** Where the read of `skip` rows in `direction` starts; null when the table's blocks are not kept. */
export type FindBlockStart = (direction: 'asc' | 'desc', skip: number) => Promise<BlockStart | null>;

/**
 * The table's block finder. Any table's blocks are looked for, not only the core's
 * (BLOCKED_TABLES): a module's table keeps them when its migration called largeTableCounts,
 * and a table keeping none finds no block, and is read by offset.
 */
export function blockStarts(db: Db, table: TableName, spec: ListSpec): FindBlockStart {
  const pk = sql.ref((spec.fields[spec.pk] as ListField).column);
  return async (direction, skip) => {
    // Each block's rows, and the running sum of them in the read's order; the page's block is
    // the first whose running sum passes the skip.
    const order = sql.raw(direction);
    const { rows } = await sql<{ block: number | string; earlier: number | string }>`
      select block, running - counted as earlier from (
        select block, counted, sum(counted) over (order by block ${order}) as running from (
          select block, sum(counted) as counted from ${sql.table('id_block')}
          where table_name = ${table} group by block
        ) as blocks
      ) as sums
      where running > ${skip} order by block ${order} limit 1`.execute(db.kysely);
    const [found] = rows;
    // No block passes the skip: the blocks are not kept (an uncounted table, or MySQL refused
    // the triggers) or the page lies past the end. Either way the offset read answers.
    if (!found) return null;
    const block = Number(found.block);
    const condition =
      direction === 'desc'
        ? sql<SqlBool>`${pk} < ${(block + 1) * BLOCK}`
        : sql<SqlBool>`${pk} >= ${block * BLOCK}`;
    return { condition, skip: skip - Number(found.earlier) };
  };
}
