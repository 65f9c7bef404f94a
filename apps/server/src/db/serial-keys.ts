/**
 * Rows put back with the keys they had (a recycle-log restore). MySQL/MariaDB and SQLite move
 * their auto-increment past an explicit key by themselves; PostgreSQL's sequence does not, so
 * the next ordinary insert would be handed a key already taken. The sequence is moved past the
 * largest key, never back: keys of rows still in the recycle log stay free for their restore.
 */
import { type Kysely, sql } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './schema.js';

/** After inserting rows with explicit keys into `table` (logical name; `key` a checked column). */
export async function keepSerialAhead(
  db: Db,
  via: Kysely<Database>,
  table: string,
  key: string,
): Promise<void> {
  if (db.dialect !== 'postgres') return;
  const sequence = sql`pg_get_serial_sequence(${`${db.prefix}${table}`}, ${key})`;
  // nextval takes one value to learn where the sequence stands; setval leaves the next one at
  // whichever is larger, that value or the largest key + 1. A key without a sequence: no-op.
  await sql`select setval(${sequence}, greatest((select max(${sql.ref(key)}) from ${sql.table(table)}), nextval(${sequence}) - 1))`.execute(
    via,
  );
}
