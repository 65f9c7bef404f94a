/**
 * First start on an empty database creates the super administrator with a random
 * password, shown once and kept in a file only its owner can read; reset-admin-password
 * replaces a password the same way.
 */
import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../auth/passwords.js';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { insertId } from '../db/insert-id.js';

export const SUPER_ADMIN_USERNAME = 'admin';
const PASSWORD_FILE = 'admin-password.txt';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function randomPassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** Creates the super administrator when no administrator exists; returns its password then. */
export async function ensureSuperAdmin(db: Db): Promise<string | null> {
  const existing = await db.kysely.selectFrom('admin').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = randomPassword();
  const time = now();
  await db.kysely.transaction().execute(async (trx) => {
    const values = {
      username: SUPER_ADMIN_USERNAME,
      nickname: 'Admin',
      password: await hashPassword(password),
      status: '1' as const,
      create_time: time,
      update_time: time,
    };
    const id = await insertId(db, trx.insertInto('admin').values(values));
    await trx.insertInto('admin_group_access').values({ uid: id, group_id: 1 }).execute();
  });
  return password;
}

export async function resetPassword(
  db: Db,
  username: string,
): Promise<{ password: string; adminId: number } | null> {
  const password = randomPassword();
  const result = await db.kysely
    .updateTable('admin')
    .set({
      password: await hashPassword(password),
      salt: '',
      login_failure: 0,
      login_failure_time: null,
      update_time: now(),
    })
    .where('username', '=', username)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const admin = await db.kysely
    .selectFrom('admin')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  // A reset password signs the account out everywhere.
  await db.kysely
    .deleteFrom('token')
    .where('user_id', '=', admin.id)
    .where('type', 'in', ['admin', 'admin-refresh'])
    .execute();
  return { password, adminId: admin.id };
}

export function savePasswordFile(dataDir: string, username: string, password: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, PASSWORD_FILE);
  writeFileSync(file, `username: ${username}\npassword: ${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
