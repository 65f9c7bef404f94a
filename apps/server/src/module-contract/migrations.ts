/**
 * A module's migrations, applied in name order and recorded in `module_migration` under the
 * module's uid, so modules cannot collide on migration names and each is run once per install.
 * On SQLite and PostgreSQL a migration and its record commit together; MySQL cannot roll back
 * DDL, so there the record is written right after the migration succeeds.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { ModuleDefinition } from './define.js';

/** Runs the pending migrations of `module`; answers the names it ran. */
export async function migrateModule(db: Db, module: ModuleDefinition): Promise<string[]> {
  const migrations = module.migrations?.({ dialect: db.dialect, prefix: db.prefix }) ?? {};
  const names = Object.keys(migrations).sort();
  if (names.length === 0) return [];
  const done = new Set(
    (
      await db.kysely.selectFrom('module_migration').select('name').where('module', '=', module.uid).execute()
    ).map((row) => row.name),
  );
  const ran: string[] = [];
  for (const name of names) {
    if (done.has(name)) continue;
    const migration = migrations[name];
    if (!migration) continue;
    const record = (k: Kysely<Database>) =>
      k
        .insertInto('module_migration')
        .values({ module: module.uid, name, create_time: Math.floor(Date.now() / 1000) })
        .execute();
    if (db.dialect === 'mysql') {
      await migration.up(db.kysely);
      await record(db.kysely);
    } else {
      await db.kysely.transaction().execute(async (trx) => {
        await migration.up(trx);
        await record(trx);
      });
    }
    ran.push(name);
  }
  return ran;
}

/** Undoes every recorded migration of `module`, newest first (used when it is uninstalled). */
export async function unmigrateModule(db: Db, module: ModuleDefinition): Promise<void> {
  const migrations = module.migrations?.({ dialect: db.dialect, prefix: db.prefix }) ?? {};
  const done = await db.kysely
    .selectFrom('module_migration')
    .select('name')
    .where('module', '=', module.uid)
    .execute();
  for (const name of done
    .map((row) => row.name)
    .sort()
    .reverse()) {
    await migrations[name]?.down?.(db.kysely);
    await db.kysely
      .deleteFrom('module_migration')
      .where('module', '=', module.uid)
      .where('name', '=', name)
      .execute();
  }
}
