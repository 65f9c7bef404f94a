/**
 * A member's row held for the rest of the caller's transaction, for other areas (the module
 * store's orders) whose rules count the member's rows and must not race with themselves: a
 * no-op UPDATE is a row lock on MySQL/MariaDB and PostgreSQL, and SQLite runs one writer at a
 * time. The ledger owns the `user` table's money columns; others lock through here.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export async function lockMember(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.updateTable('user').set({ update_time: sql`update_time` }).where('id', '=', userId).execute();
}
