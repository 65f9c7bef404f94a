/**
 * Username, e-mail and mobile belong to one account each, among administrators and among
 * members alike.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { FieldError } from '../http/errors.js';

const CHECKS = [
  ['username', 'Username already exists'],
  ['email', 'Email already exists'],
  ['mobile', 'Mobile already exists'],
] as const;

export async function assertUniqueAccount(
  trx: Kysely<Database>,
  // Both tables have the same id, username, email and mobile columns.
  table: 'admin' | 'user',
  data: { username?: string; email: string; mobile: string },
  exceptId: number,
): Promise<void> {
  for (const [column, message] of CHECKS) {
    const value = data[column];
    if (!value) continue;
    const taken = await trx
      .selectFrom(table as 'admin')
      .select('id')
      .where(column, '=', value)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    if (taken) throw new FieldError(column, message);
  }
}
