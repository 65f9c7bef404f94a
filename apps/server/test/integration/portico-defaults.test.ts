/**
 * A fresh install names the site Portico and points nowhere else: no vendor API URL and no
 * placeholder filing number. An install made with the original's placeholders gets the
 * same defaults from migration 0009, while values an administrator typed stay.
 */

import { expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

const SETTINGS = ['site_name', 'record_number', 'api_url'];

async function settingsOf(db: Db) {
  const rows = await db.kysely
    .selectFrom('config')
    .select(['name', 'value'])
    .where('name', 'in', SETTINGS)
    .orderBy('name')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

for (const factory of testDatabases()) {
  it(`a fresh install and an upgraded one use Portico's defaults [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateToLatest(db);
      expect(await settingsOf(db)).toEqual({ api_url: '', record_number: '', site_name: 'Portico' });
    });
  });

  it(`migration 0009 replaces the original's placeholders, not typed values [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, '0008-login-failures');
      const placeholders = {
        site_name: '站点名称',
        record_number: '渝ICP备8888888号-1',
        api_url: 'https://buildadmin.com',
      };
      for (const [name, value] of Object.entries(placeholders)) {
        await db.kysely.updateTable('config').set({ value }).where('name', '=', name).execute();
      }
      await migrateToLatest(db);
      expect(await settingsOf(db)).toEqual({ api_url: '', record_number: '', site_name: 'Portico' });

      await migrateUpTo(db, '0008-login-failures');
      await db.kysely
        .updateTable('config')
        .set({ value: '我的站点' })
        .where('name', '=', 'site_name')
        .execute();
      await db.kysely
        .updateTable('config')
        .set({ value: 'https://market.example.com' })
        .where('name', '=', 'api_url')
        .execute();
      await migrateToLatest(db);
      expect(await settingsOf(db)).toMatchObject({
        api_url: 'https://market.example.com',
        site_name: '我的站点',
      });
    });
  });
}
