/** A member's own password: checking it before sensitive changes, and setting a new one. */
import type { Kysely } from 'kysely';
import { checkPassword, hashPassword } from '../../auth/passwords.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';

export async function memberPasswordMatches(
  ctx: AppContext,
  userId: number,
  password: string,
): Promise<boolean> {
  if (password === '') return false;
  const row = await ctx.db.kysely
    .selectFrom('user')
    .select(['password', 'salt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? (await checkPassword(password, row.password, row.salt)).ok : false;
}

/**
 * Stores a new password and signs the member out everywhere (access and refresh tokens);
 * a lockout from earlier wrong passwords ends with it.
 */
export async function setMemberPassword(
  db: Kysely<Database>,
  userId: number,
  password: string,
): Promise<void> {
  await db
    .updateTable('user')
    .set({
      password: await hashPassword(password),
      salt: '',
      login_failure: 0,
      login_failure_time: null,
      update_time: now(),
    })
    .where('id', '=', userId)
    .execute();
  await db
    .deleteFrom('token')
    .where('user_id', '=', userId)
    .where('type', 'in', ['user', 'user-refresh', 'email-pass', 'mobile-pass'])
    .execute();
}
