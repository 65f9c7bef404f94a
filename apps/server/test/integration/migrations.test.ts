/** Migrations run up, down and up again on every configured database, leaving the install data. */
import { expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

for (const factory of testDatabases()) {
  it(`migrates up, down and up again [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateToLatest(db);
      const rules = await db.kysely.selectFrom('admin_rule').select('id').execute();
      // 90 of the install data, 6 for the content screen, 18 export and import buttons (0022).
      expect(rules.length).toBe(114);
      await migrateDownAll(db);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.filter((t) => t.name.startsWith('ba_') && !t.name.includes('migration'))).toEqual([]);
      await migrateToLatest(db);
      const config = await db.kysely
        .selectFrom('config')
        .select(['name', 'value'])
        .where('name', '=', 'site_name')
        .execute();
      expect(config).toEqual([{ name: 'site_name', value: 'Portico' }]);
      const groups = await db.kysely
        .selectFrom('config')
        .select('value')
        .where('name', '=', 'config_group')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(groups.value ?? '').map((g: { key: string }) => g.key)).toEqual([
        'basics',
        'mail',
        'config_quick_entrance',
        'sms',
      ]);
      // PostgreSQL sequences moved past the explicit ids: a new rule gets a fresh id.
      const { insertId } = await import('../../src/db/insert-id.js');
      const id = await insertId(db, db.kysely.insertInto('admin_rule').values({ title: 'x', name: 'x/y' }));
      expect(id).toBeGreaterThan(114);
      const setting = await insertId(db, db.kysely.insertInto('config').values({ name: 'x', title: 'x' }));
      expect(setting).toBeGreaterThan(28);
    });
  });
}
