/**
 * The server project's global set-up: migrates one database per configured dialect before any
 * test file runs, so a suite's app starts on a copy of it (`createMigrated`, databases.ts)
 * instead of running every migration again. Migrating took 0.3 s on SQLite, 0.8 s on
 * PostgreSQL and 1.3 s on MariaDB on a quiet machine, and the suites start about 320 apps: a
 * third of the server tests' time went to migrating the same schema over and over.
 * The templates are dropped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/connection.js';
import { prepareDatabase } from '../../src/db/takeover/takeover.js';
import { type MigratedTemplate, type TestDatabase, testDatabases } from './databases.js';

/** The table prefix every test app uses (defaultConfig's). */
export const TEMPLATE_PREFIX = 'ba_';

export default async function migrateTemplates({ provide }: TestProject): Promise<() => Promise<void>> {
  const made: TestDatabase[] = [];
  const templates: MigratedTemplate[] = [];
  try {
    for (const factory of testDatabases()) {
      const database = await factory.create();
      made.push(database);
      const db = await openDatabase(database.url, TEMPLATE_PREFIX);
      try {
        await prepareDatabase(db);
      } finally {
        await db.close();
      }
      templates.push({ dialect: database.dialect, url: database.url });
    }
  } catch (error) {
    await Promise.all(made.map((database) => database.drop()));
    throw error;
  }
  provide('migratedTemplates', templates);
  return async () => {
    await Promise.all(made.map((database) => database.drop()));
  };
}
