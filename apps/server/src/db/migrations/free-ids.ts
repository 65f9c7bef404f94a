/**
 * Seeded rows carry explicit ids, so every fresh install numbers them alike. A database taken
 * over from the original may already hold rows of its own at those ids (a CRUD-generated menu
 * takes the next free rule ids, 90 on), so there the whole batch moves above the table's
 * highest id, keeping its rows' links to one another (pid).
 */
import type { AnyDb } from './columns.js';

interface SeededRow {
  id?: number;
  pid?: number;
}

export async function freeIds<Row extends SeededRow>(db: AnyDb, table: string, rows: Row[]): Promise<Row[]> {
  const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
  if (ids.length === 0) return rows;
  const taken = await db.selectFrom(table).select('id').where('id', 'in', ids).limit(1).execute();
  if (taken.length === 0) return rows;
  const top = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  const shift = Number(top?.max ?? 0) + 1 - Math.min(...ids);
  const moved = (id: number | undefined) => (id !== undefined && ids.includes(id) ? id + shift : id);
  return rows.map((row) => ({
    ...row,
    id: moved(row.id),
    ...(row.pid === undefined ? {} : { pid: moved(row.pid) }),
  }));
}
