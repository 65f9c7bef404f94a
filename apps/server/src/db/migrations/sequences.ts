import { sql } from 'kysely';
import type { AnyDb } from './columns.js';

/** PostgreSQL: moves a table's id sequence past rows inserted with explicit ids. */
export async function syncSequence(db: AnyDb, prefix: string, table: string): Promise<void> {
  const name = `${prefix}${table}`;
  await sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db,
  );
}
