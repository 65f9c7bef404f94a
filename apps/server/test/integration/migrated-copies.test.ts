/**
 * Test apps start on copies of the run's migrated template (support/migrated-templates.ts), so
 * the copies must be what a fresh migration makes. PostgreSQL copies a template file by file
 * and SQLite's copy is the file itself; MariaDB has no template copy, and databases.ts rebuilds
 * the schema piece by piece there, which is what this file checks hardest.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { prepareDatabase } from '../../src/db/takeover/takeover.js';
import { migratedTemplate, type TestDatabase, testDatabases } from '../support/databases.js';
import { TEMPLATE_PREFIX } from '../support/migrated-templates.js';

/** What a database holds, in a form two databases can be compared by. */
async function describeSchema(db: Db): Promise<Record<string, unknown>> {
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db.kysely)).rows;
  const tables = (await db.kysely.introspection.getTables()).map((table) => table.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await rows<{ n: number | string }>(sql`SELECT COUNT(*) AS n FROM ${sql.table(table)}`);
    counts[table] = Number(row?.n);
  }
  const migrations = (
    await rows<{ name: string }>(sql`SELECT name FROM ${sql.table(`${db.prefix}migration`)} ORDER BY name`)
  ).map((row) => row.name);
  if (db.dialect !== 'mysql') return { tables, counts, migrations };

  const definitions: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await rows<Record<string, string>>(sql`SHOW CREATE TABLE ${sql.table(table)}`);
    definitions[table] = row?.['Create Table'] ?? '';
  }
  const triggers = await rows(sql`
    SELECT trigger_name, event_object_table, action_timing, event_manipulation, action_order,
           action_statement, sql_mode
      FROM information_schema.triggers WHERE trigger_schema = DATABASE()
     ORDER BY trigger_name`);
  const routines = await rows(sql`
    SELECT routine_name, routine_type, routine_definition, dtd_identifier, is_deterministic,
           sql_data_access, sql_mode
      FROM information_schema.routines WHERE routine_schema = DATABASE()
     ORDER BY routine_name`);
  const parameters = await rows(sql`
    SELECT specific_name, ordinal_position, parameter_name, dtd_identifier
      FROM information_schema.parameters WHERE specific_schema = DATABASE()
     ORDER BY specific_name, ordinal_position`);
  return { tables, counts, migrations, definitions, triggers, routines, parameters };
}

for (const factory of testDatabases()) {
  describe(`a copy of the migrated template [${factory.dialect}]`, () => {
    const made: TestDatabase[] = [];
    const opened: Db[] = [];
    let copy: Db;
    let fresh: Db;

    beforeAll(async () => {
      const template = migratedTemplate(factory.dialect);
      if (!template) throw new Error('the server project has no migrated template (its global set-up)');
      const copied = await factory.create(template);
      const empty = await factory.create();
      made.push(copied, empty);
      copy = await openDatabase(copied.url, TEMPLATE_PREFIX);
      fresh = await openDatabase(empty.url, TEMPLATE_PREFIX);
      opened.push(copy, fresh);
      await prepareDatabase(fresh);
    });

    afterAll(async () => {
      await Promise.all(opened.map((db) => db.close()));
      await Promise.all(made.map((database) => database.drop()));
    });

    it('holds the tables, rows and migrations of a database migrated anew (on MariaDB, also its definitions, triggers and routines)', async () => {
      const [copied, migrated] = [await describeSchema(copy), await describeSchema(fresh)];
      expect((copied.tables as string[]).length).toBeGreaterThan(30);
      expect(copied).toEqual(migrated);
    });

    it('finds nothing left to migrate', async () => {
      expect((await prepareDatabase(copy)).applied).toEqual([]);
    });
  });
}
