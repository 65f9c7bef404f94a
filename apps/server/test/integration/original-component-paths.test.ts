/**
 * Menu rules store the original's component paths (`…/index.vue`), which the original's client
 * needs to register a screen: a fresh install seeds them, and migration 0027 brings back a
 * database an earlier Portico seeded or took over with `…/index.tsx` (admin and member rules,
 * paths under /src/ ending in .tsx only). Its down returns the earlier form.
 */

import { expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';

const BEFORE = '0026-hide-crud-generator';

type RuleTable = 'admin_rule' | 'user_rule';

/** What the test sets on seeded rules (by name), as an earlier version or a site left them. */
const STORED: [RuleTable, string, string][] = [
  // An earlier Portico's seeded and taken-over pages.
  ['admin_rule', 'dashboard', '/src/views/backend/dashboard.tsx'],
  ['admin_rule', 'auth/admin', '/src/views/backend/auth/admin/index.tsx'],
  ['user_rule', 'account/profile', '/src/views/frontend/user/account/profile.tsx'],
  // Left alone: not under /src/, another ending, no component (a directory), and one the original wrote.
  ['admin_rule', 'auth/group', 'views/auth/group/index.tsx'],
  ['admin_rule', 'auth/adminLog', '/src/views/backend/auth/adminLog/index.ts'],
  ['admin_rule', 'auth', ''],
  ['user_rule', 'account/overview', '/src/views/frontend/user/account/overview.vue'],
];

async function component(db: Db, table: RuleTable, name: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom(table)
    .select('component')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.component;
}

async function components(db: Db): Promise<string[]> {
  return Promise.all(STORED.map(([table, name]) => component(db, table, name).then((c) => c ?? '(missing)')));
}

async function tsxPaths(db: Db): Promise<string[]> {
  const paths: string[] = [];
  for (const table of ['admin_rule', 'user_rule'] as const) {
    const rows = await db.kysely.selectFrom(table).select('component').execute();
    paths.push(...rows.map((row) => row.component).filter((c) => c.endsWith('.tsx')));
  }
  return paths;
}

for (const factory of testDatabases()) {
  it(`a fresh install stores the original's .vue paths on every rule [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateToLatest(db);
      expect(await tsxPaths(db)).toEqual([]);
      expect(await component(db, 'admin_rule', 'dashboard')).toBe('/src/views/backend/dashboard.vue');
      expect(await component(db, 'admin_rule', 'content/content')).toBe(
        '/src/views/backend/content/content/index.vue',
      );
      expect(await component(db, 'user_rule', 'account/balance')).toBe(
        '/src/views/frontend/user/account/balance.vue',
      );
    });
  });

  it(`migration 0027 turns .tsx paths under /src/ into .vue, and its down turns them back [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, BEFORE);
      for (const [table, name, value] of STORED) {
        await db.kysely.updateTable(table).set({ component: value }).where('name', '=', name).execute();
      }
      expect(await components(db)).toEqual(STORED.map(([, , value]) => value));

      await migrateToLatest(db);
      expect(await components(db)).toEqual([
        '/src/views/backend/dashboard.vue',
        '/src/views/backend/auth/admin/index.vue',
        '/src/views/frontend/user/account/profile.vue',
        'views/auth/group/index.tsx',
        '/src/views/backend/auth/adminLog/index.ts',
        '',
        '/src/views/frontend/user/account/overview.vue',
      ]);

      await migrateUpTo(db, BEFORE);
      expect(await components(db)).toEqual([
        '/src/views/backend/dashboard.tsx',
        '/src/views/backend/auth/admin/index.tsx',
        '/src/views/frontend/user/account/profile.tsx',
        'views/auth/group/index.tsx',
        '/src/views/backend/auth/adminLog/index.ts',
        '',
        // The earlier form of every /src/ page (see the migration): that version opens either.
        '/src/views/frontend/user/account/overview.tsx',
      ]);
    });
  });
}
