/**
 * The id of a freshly inserted row. MySQL and SQLite report it with the insert;
 * PostgreSQL needs RETURNING.
 */
import type { InsertQueryBuilder } from 'kysely';
import type { Db } from './connection.js';

// biome-ignore lint/suspicious/noExplicitAny: works for any table with an integer id column.
export async function insertId(db: Db, query: InsertQueryBuilder<any, any, any>): Promise<number> {
  if (db.dialect === 'postgres') {
    const row = await query.returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
