/**
 * A fresh database for the write bench: the project's migrations and super administrator (as
 * bench:scale's seed makes them, with its table prefix), and the site settings a site that lets
 * members register by SMS has: the `http` provider, here pointed at the bench's gateway.
 */
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { ensureSuperAdmin } from '../../apps/server/src/setup/super-admin.js';
import { TABLE_PREFIX } from '../bench-scale/seed.js';

/** Migrates the database and returns the super administrator's password. */
export async function prepareDatabase(url: string, smsUrlTemplate: string): Promise<string> {
  const db = await openDatabase(url, TABLE_PREFIX);
  try {
    await migrateToLatest(db);
    const password = await ensureSuperAdmin(db);
    if (!password) throw new Error('the fresh database already had an administrator');
    const settings = { sms_provider: 'http', sms_http_url: smsUrlTemplate };
    for (const [name, value] of Object.entries(settings)) {
      const result = await db.kysely
        .updateTable('config')
        .set({ value })
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Error(`no ${name} setting to change`);
    }
    return password;
  } finally {
    await db.close();
  }
}
