/**
 * Taking over a BuildAdmin v2 database: the original's schema and data
 * (fixtures/buildadmin-v2.sql) on a real MariaDB, then Portico on it through the real routes.
 * MySQL/MariaDB only, as the original is; skipped without TEST_MYSQL_URL.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { integerColumnType } from '../../src/db/migrations/integer-types.js';
import { TakeoverRefused, takeOverIfOriginal } from '../../src/db/takeover/takeover.js';
import { disableModule, enableModule, uninstallModule } from '../../src/module-contract/lifecycle.js';
import {
  appConfig,
  fixtureDatabase,
  mysqlDatabases as mysql,
  rowCounts,
  schemaOf,
  scratch,
} from '../support/buildadmin-fixture.js';
import { CRUD_BUTTONS, generatedModule } from '../support/crud-rules.js';
import type { TestDatabase } from '../support/databases.js';
import { call, loginAdmin } from '../support/test-app.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The fixture's accounts and the passwords the original hashed for them. */
const ADMINS = { admin: 'Admin-2023!', service: 'Service#pass1', shopkeeper: 'Shop#pass22' };
const MEMBERS = { user: 'User-2023!', alice: 'Alice-secret9', bob: 'Bob-secret77' };

/**
 * Rows Portico adds to the original's tables: admin_rule +25 = the config screen's test-mail
 * button (0002), the content screen's menu (0004, 6 rules) and the lists' export and import
 * buttons (0022, 15 + 3); config +15 = the settings the
 * original kept in PHP files (0002, 12 rows), the SMS settings (0004, 2 rows) and the public
 * home page (0025, 1 row).
 */
const ADDED_ROWS: Record<string, number> = { ba_admin_rule: 25, ba_config: 15 };

const rowsOf = async (db: Db, table: string) =>
  (await sql`select * from ${sql.id(table)} order by 1`.execute(db.kysely)).rows;

interface MenuNode {
  name: string;
  children?: MenuNode[];
}
const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);

describe.skipIf(!mysql)('taking over a BuildAdmin v2 database [mysql]', () => {
  let database: TestDatabase;
  let db: Db;
  let before: Record<string, number>;
  const kept: Record<string, unknown[]> = {};
  let serviceRules: string[];

  beforeAll(async () => {
    database = await fixtureDatabase();
    db = await openDatabase(database.url, 'ba_');
    before = await rowCounts(db);
    for (const table of [
      'ba_user_money_log',
      'ba_user_score_log',
      'ba_admin_log',
      'ba_attachment',
      'ba_admin_group',
    ])
      kept[table] = await rowsOf(db, table);
    kept.balances = (await sql`select id, money, score from ba_user order by id`.execute(db.kysely)).rows;
    for (const table of ['admin_rule', 'user_rule'] as const)
      kept[table] = await db.kysely.selectFrom(table).select(['id', 'component']).orderBy('id').execute();
    const group = await sql<{ rules: string }>`select rules from ba_admin_group where id = 5`.execute(
      db.kysely,
    );
    const ids = (group.rows[0]?.rules ?? '').split(',').map(Number);
    serviceRules = (
      await db.kysely
        .selectFrom('admin_rule')
        .select('name')
        .where('id', 'in', ids)
        .where('status', '=', '1')
        .execute()
    )
      .map((r) => r.name)
      .sort();
  });

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('takes it over in place, then runs the later migrations', async () => {
    expect(await takeOverIfOriginal(db)).toBe('taken-over');
    const applied = await migrateUpTo(db, '0013-like-indexes');
    expect(applied.results?.[0]?.migrationName).toBe('0003-search-index');
    // The postings are made in the original's key type at once, so 0033 has no side table to
    // rewrite (a million members' postings: 1.3 GB copied during the takeover).
    for (const table of ['ba_user', 'ba_admin']) {
      expect(await integerColumnType(db.kysely, table, 'id')).toBe('int unsigned');
      expect(await integerColumnType(db.kysely, `${table}_trigram`, 'id')).toBe('int unsigned');
    }
    await migrateToLatest(db);
    const recorded = await sql<{ name: string }>`select name from ba_migration order by name`.execute(
      db.kysely,
    );
    expect(recorded.rows.slice(0, 2).map((r) => r.name)).toEqual(['0001-schema', '0002-install-data']);
  });

  it('keeps every row: counts change only where Portico adds rows', async () => {
    const after = await rowCounts(db);
    for (const [table, count] of Object.entries(before)) {
      expect(after[table], table).toBe(count + (ADDED_ROWS[table] ?? 0));
    }
    // The site's own rules kept their ids; Portico's content menu went above them.
    const shop = await db.kysely
      .selectFrom('admin_rule')
      .select(['id', 'name'])
      .where('id', 'in', [90, 91])
      .execute();
    expect(shop.map((r) => r.name)).toEqual(['shop', 'shop/goods']);
    const content = await db.kysely
      .selectFrom('admin_rule')
      .select(['id', 'pid'])
      .where('name', 'like', 'content%')
      .orderBy('id')
      .execute();
    expect(content[0]?.id).toBeGreaterThan(95);
    expect(content[1]?.pid).toBe(content[0]?.id);
    const notice = await db.kysely
      .selectFrom('config')
      .select('id')
      .where('name', '=', 'shop_notice')
      .executeTakeFirst();
    expect(notice?.id).toBe(15);
  });

  it('keeps balances, logs, attachments and groups as they were', async () => {
    // Every row keeps every value it had; columns Portico adds (a group's two_factor) come on top.
    for (const table of ['ba_user_money_log', 'ba_user_score_log', 'ba_attachment', 'ba_admin_group'])
      expect(await rowsOf(db, table), table).toMatchObject(kept[table] as object[]);
    expect((await sql`select id, money, score from ba_user order by id`.execute(db.kysely)).rows).toEqual(
      kept.balances,
    );
    // The admin log keeps its rows; 0006 masks secrets in them (the fixture's hold none).
    expect(await rowsOf(db, 'ba_admin_log')).toEqual(kept.ba_admin_log);
  });

  it('reaches the columns and indexes of a fresh install', async () => {
    const fresh = await scratch();
    const freshDb = await openDatabase(fresh.url, 'ba_');
    try {
      await migrateToLatest(freshDb);
      const ours = await schemaOf(db);
      const theirs = await schemaOf(freshDb);
      expect(theirs.columns.length).toBeGreaterThan(200);
      const column = (c: string) => c.split(' ')[0];
      // Types may differ (the original's UNSIGNED, ENUM, TINYINT stay); names may not.
      expect(theirs.columns.map(column).filter((c) => !ours.columns.map(column).includes(c ?? ''))).toEqual(
        [],
      );
      expect(theirs.indexes.filter((i) => !ours.indexes.includes(i))).toEqual([]);
    } finally {
      await freshDb.close();
      await fresh.drop();
    }
  });

  it('does nothing when run again', async () => {
    const schema = await schemaOf(db);
    const counts = await rowCounts(db);
    expect(await takeOverIfOriginal(db)).toBe('portico');
    expect((await migrateToLatest(db)).results).toEqual([]);
    expect(await schemaOf(db)).toEqual(schema);
    expect(await rowCounts(db)).toEqual(counts);
  });

  describe('through the real routes', () => {
    let app: Awaited<ReturnType<typeof buildApp>>['app'];
    let ctx: Awaited<ReturnType<typeof buildApp>>['ctx'];
    beforeAll(async () => {
      ({ app, ctx } = await buildApp(appConfig(database.url), { db, checkAnswers: true }));
      await app.ready();
    });
    afterAll(async () => {
      // The suite's db stays open for afterAll above; buildApp was given it, so closes nothing of its own.
      await app?.close();
    });

    it('signs every administrator in with the old password, then stores argon2id', async () => {
      for (const [username, password] of Object.entries(ADMINS)) {
        await loginAdmin(app, username, password);
        const row = await db.kysely
          .selectFrom('admin')
          .select('password')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        expect(row.password, username).toMatch(/^\$argon2id\$/);
        await loginAdmin(app, username, password);
      }
    });

    it('signs every member in with the old password, then stores argon2id', async () => {
      for (const [username, password] of Object.entries(MEMBERS)) {
        const res = await call(app, 'POST', '/api/user/checkIn', {
          body: { tab: 'login', username, password },
        });
        expect(res.code, `${username}: ${res.msg}`).toBe(1);
        const row = await db.kysely
          .selectFrom('user')
          .select('password')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        expect(row.password, username).toMatch(/^\$argon2id\$/);
      }
    });

    it('gives a limited group the same menu and refuses it what it was refused before', async () => {
      const { token } = await loginAdmin(app, 'service', ADMINS.service);
      const index = await call<{ menus: MenuNode[] }>(app, 'GET', '/admin/index/index', { token });
      expect(index.code).toBe(1);
      expect(names(index.data.menus).sort()).toEqual(serviceRules);
      expect((await call(app, 'GET', '/admin/user.User/index', { token })).code).toBe(1);
      const balance = await call(app, 'GET', '/admin/user.MoneyLog/index', { token });
      expect(balance.code).toBe(1);
      expect(balance.data.total).toBe(2);
      expect((await call(app, 'GET', '/admin/auth.Admin/index', { token })).code).toBe(401);
      expect((await call(app, 'GET', '/admin/routine.Config/index', { token })).code).toBe(401);
    });

    it("keeps the original's component paths, so its own client still opens every screen", async () => {
      const { token } = await loginAdmin(app, 'admin', ADMINS.admin);
      const index = await call<{ menus: MenuNode[] }>(app, 'GET', '/admin/index/index', { token });
      expect(index.code).toBe(1);
      for (const table of ['admin_rule', 'user_rule'] as const) {
        const after = await db.kysely.selectFrom(table).select(['id', 'component']).orderBy('id').execute();
        // Every rule the original had names the same file, `.vue` as the original wrote it.
        expect(
          after.filter((rule) => kept[table]?.some((k) => (k as { id: number }).id === rule.id)),
        ).toEqual(kept[table]);
        // Rules Portico added (its content screen) name their page the same way.
        expect(
          after.filter((rule) => rule.component.endsWith('.tsx')),
          table,
        ).toEqual([]);
      }
      const dashboard = await db.kysely
        .selectFrom('admin_rule')
        .select('component')
        .where('name', '=', 'dashboard')
        .executeTakeFirst();
      expect(dashboard?.component).toBe('/src/views/backend/dashboard.vue');
      const content = await db.kysely
        .selectFrom('admin_rule')
        .select('component')
        .where('name', '=', 'content/content')
        .executeTakeFirst();
      expect(content?.component).toBe('/src/views/backend/content/content/index.vue');
      expect(names(index.data.menus)).toEqual(
        expect.arrayContaining(['dashboard', 'content/content', 'shop/goods']),
      );
    });

    it("opens the generated screen from the original's shop/goods rule, which outlives the module", async () => {
      const { token } = await loginAdmin(app, 'admin', ADMINS.admin);
      // The original's successful record is where "start with the historical record" begins.
      const record = await call(app, 'GET', '/admin/crud.Crud/checkCrudLog', {
        token,
        query: { table: 'shop_goods' },
      });
      expect(record.data).toEqual({ id: 1 });
      const original = await db.kysely
        .selectFrom('admin_rule')
        .selectAll()
        .where('name', 'like', 'shop%')
        .execute();
      const module = generatedModule('shop', 'goods');
      const keeper = async () => {
        const { token: shop } = await loginAdmin(app, 'shopkeeper', ADMINS.shopkeeper);
        const menus = (await call<{ menus: MenuNode[] }>(app, 'GET', '/admin/index/index', { token: shop }))
          .data.menus;
        return names(menus);
      };

      await enableModule(ctx, module);
      const enabled = await db.kysely
        .selectFrom('admin_rule')
        .selectAll()
        .where('name', 'like', 'shop%')
        .execute();
      expect(enabled.filter((rule) => original.some((o) => o.id === rule.id))).toEqual(original);
      expect(enabled.map((rule) => rule.name).sort()).toEqual(
        ['shop', 'shop/goods', ...CRUD_BUTTONS.map((b) => `shop/goods/${b}`)].sort(),
      );
      // The shop group keeps its menu: the original's rule, whose page is the one the generated
      // module names (`/src/views/backend/shop/goods/index.vue`, as the original's generator did).
      expect(await keeper()).toEqual(expect.arrayContaining(['shop', 'shop/goods', 'shop/goods/index']));

      await disableModule(ctx, module);
      await uninstallModule(ctx, module);
      expect(
        await db.kysely.selectFrom('admin_rule').selectAll().where('name', 'like', 'shop%').execute(),
      ).toEqual(original);
      expect(await keeper()).toEqual(expect.arrayContaining(['shop', 'shop/goods', 'shop/goods/index']));
    });
  });
});

describe.skipIf(!mysql)('first start on a BuildAdmin v2 database [mysql]', () => {
  it('takes it over before serving', async () => {
    const database = await fixtureDatabase();
    const probe = await openDatabase(database.url, 'ba_');
    const ruleNames = async () =>
      (await probe.kysely.selectFrom('admin_rule').select('name').execute()).map((r) => r.name);
    const before = await rowCounts(probe);
    const rulesBefore = await ruleNames();
    try {
      const { app, ctx } = await buildApp(appConfig(database.url));
      try {
        const recorded = await sql<{ n: number }>`select count(*) as n from ba_migration`.execute(
          ctx.db.kysely,
        );
        expect(Number(recorded.rows[0]?.n)).toBeGreaterThan(2);
        // A start also starts the built-in modules, whose menus join the rules: besides the
        // migrations' rules, the store's (store/*) and the API reference's (routine/apiReference*).
        const after = await rowCounts(probe);
        for (const [table, count] of Object.entries(before))
          if (table !== 'ba_admin_rule') expect(after[table], table).toBe(count + (ADDED_ROWS[table] ?? 0));
        const added = (await ruleNames()).filter((name) => !rulesBefore.includes(name));
        expect(added.length).toBe((after.ba_admin_rule ?? 0) - (before.ba_admin_rule ?? 0));
        for (const name of added)
          expect(name).toMatch(
            /^(routine\/config\/sendTestMail|content|store|routine\/apiReference)(\/|$)|\/(export|import)$/,
          );
        // Served: a sign-in (which the admin log records, so after the counts).
        await loginAdmin(app, 'shopkeeper', ADMINS.shopkeeper);
      } finally {
        await app.close();
      }
    } finally {
      await probe.close();
      await database.drop();
    }
  });

  it('leaves a database another process has begun to migrate to it, waiting while it migrates', async () => {
    const database = await scratch();
    const db = await openDatabase(database.url, 'ba_');
    const other = await openDatabase(database.url, 'ba_');
    try {
      // Another process's first start, its migrator's tables made, nothing recorded yet.
      await sql`create table ba_migration (name varchar(255) primary key, timestamp varchar(255))`.execute(
        db.kysely,
      );
      expect(await takeOverIfOriginal(db)).toBe('portico');

      // The same while it holds the migration lock, half-way through creating Portico's tables:
      // the takeover waits for it, then finds Portico's record.
      await other.kysely.connection().execute(async (holder) => {
        await sql`select get_lock('ea586330-2c93-47c8-908d-981d9d270f9d', 60)`.execute(holder);
        await sql`create table ba_admin (id int primary key, name varchar(20))`.execute(holder);
        const detected = takeOverIfOriginal(db);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`insert into ba_migration values ('0001-schema', '2026-01-01')`.execute(holder);
        await sql`select release_lock('ea586330-2c93-47c8-908d-981d9d270f9d')`.execute(holder);
        expect(await detected).toBe('portico');
      });
    } finally {
      await other.close();
      await db.close();
      await database.drop();
    }
  });

  it('refuses a database that is neither empty, Portico nor BuildAdmin v2, changing nothing', async () => {
    const database = await scratch();
    const db = await openDatabase(database.url, 'ba_');
    try {
      await sql`create table ba_admin (id int primary key, name varchar(20))`.execute(db.kysely);
      await expect(takeOverIfOriginal(db)).rejects.toThrow(TakeoverRefused);
      await expect(buildApp(appConfig(database.url))).rejects.toThrow(/Portico will not use this database/);
      // The command says so and exits non-zero.
      const root = join(here, '../../../..');
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'takeover'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/missing: ba_admin_group, /);
      const tables = await sql<{ n: number }>`
        select count(*) as n from information_schema.tables where table_schema = database()`.execute(
        db.kysely,
      );
      expect(Number(tables.rows[0]?.n)).toBe(1);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
