/**
 * The terminal's package manager defaults to npm: the project keeps one lockfile
 * (package-lock.json), and npm is on every machine Node is. A fresh install seeds 'npm';
 * migration 0010 switches an install still on the old untouched default ('pnpm') to 'npm',
 * and keeps a manager an administrator chose.
 */

import { expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

async function manager(db: Db): Promise<string | null | undefined> {
  const row = await db.kysely
    .selectFrom('config')
    .select('value')
    .where('name', '=', 'terminal_package_manager')
    .executeTakeFirst();
  return row?.value;
}

async function setManager(db: Db, value: string): Promise<void> {
  await db.kysely
    .updateTable('config')
    .set({ value })
    .where('name', '=', 'terminal_package_manager')
    .execute();
}

for (const factory of testDatabases()) {
  it(`a fresh install runs terminal installs with npm [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateToLatest(db);
      expect(await manager(db)).toBe('npm');
    });
  });

  it(`migration 0010 moves the untouched pnpm default to npm, not a chosen manager [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, '0009-portico-defaults');
      await setManager(db, 'pnpm');
      await migrateToLatest(db);
      expect(await manager(db)).toBe('npm');

      await migrateUpTo(db, '0009-portico-defaults');
      await setManager(db, 'yarn');
      await migrateToLatest(db);
      expect(await manager(db)).toBe('yarn');
    });
  });
}
