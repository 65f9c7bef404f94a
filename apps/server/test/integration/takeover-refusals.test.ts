/**
 * A takeover is all or nothing: a BuildAdmin database Portico cannot run on whole (a column
 * dropped or retyped) or one it would miss (TABLE_PREFIX naming no table) is refused with what
 * is wrong, by `npm run takeover` and by a first start alike, and nothing in it changes.
 * MySQL/MariaDB only, as the original is; skipped without TEST_MYSQL_URL.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { ORIGINAL_TABLES } from '../../src/db/original-tables.js';
import { ORIGINAL_COLUMNS } from '../../src/db/takeover/original-columns.js';
import { TakeoverRefused, takeOverIfOriginal } from '../../src/db/takeover/takeover.js';
import {
  appConfig,
  fixtureDatabase,
  mysqlDatabases as mysql,
  rowCounts,
  schemaOf,
  scratch,
} from '../support/buildadmin-fixture.js';
import type { TestDatabase } from '../support/databases.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `npm run takeover` as a user runs it (through main.ts), on the database with the prefix. */
function takeoverCommand(database: TestDatabase, prefix: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'takeover'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, TABLE_PREFIX: prefix },
    encoding: 'utf8',
  });
}

/**
 * Loads the fixture, applies `damage` (SQL run as it is), then takes it over with TABLE_PREFIX
 * `prefix` three ways: the takeover itself, a first start, and the command. Each must refuse
 * with the same message and leave every table's rows, columns and indexes as they were.
 * Returns the message.
 */
async function refusal(damage: string[], prefix = 'ba_'): Promise<string> {
  const database = await fixtureDatabase();
  const db = await openDatabase(database.url, prefix);
  try {
    for (const statement of damage) await sql.raw(statement).execute(db.kysely);
    const counts = await rowCounts(db);
    const schema = await schemaOf(db);

    const error: unknown = await takeOverIfOriginal(db).then(
      (outcome) => outcome,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TakeoverRefused);
    const message = (error as TakeoverRefused).message;
    expect(message).toMatch(/Nothing was changed\.$/);
    await expect(buildApp(appConfig(database.url, prefix))).rejects.toThrow(message);
    const run = takeoverCommand(database, prefix);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(message);

    expect(await rowCounts(db)).toEqual(counts);
    expect(await schemaOf(db)).toEqual(schema);
    return message;
  } finally {
    await db.close();
    await database.drop();
  }
}

describe.skipIf(!mysql)('a BuildAdmin v2 database Portico cannot take over whole [mysql]', () => {
  it('lists exactly the columns of the fixture, the original install schema', async () => {
    const database = await fixtureDatabase();
    const db = await openDatabase(database.url, 'ba_');
    try {
      const tables = Object.keys(ORIGINAL_COLUMNS);
      expect(tables).toEqual(expect.arrayContaining([...ORIGINAL_TABLES]));
      const { rows } = await sql<{ name: string }>`
        select concat(table_name, '.', column_name) as name from information_schema.columns
        where table_schema = database() and table_name in (${sql.join(tables.map((t) => `ba_${t}`))})
        order by 1`.execute(db.kysely);
      const listed = Object.entries(ORIGINAL_COLUMNS)
        .flatMap(([table, columns]) => Object.keys(columns).map((column) => `ba_${table}.${column}`))
        .sort();
      expect(listed).toEqual(rows.map((row) => row.name));
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it('refuses one with a column dropped, naming it and what was expected', async () => {
    // The member list reads every member's gender: without it, it could only answer "internal error".
    const message = await refusal(['alter table ba_user drop column gender']);
    expect(message).toContain('ba_user.gender: missing (expected integer)');
  });

  it('refuses one with columns retyped, naming each and what was expected', async () => {
    const message = await refusal([
      "alter table ba_user modify money varchar(20) not null default ''",
      'alter table ba_user_money_log modify money decimal(10,2) not null default 0',
      "alter table ba_admin_rule modify extend enum('none','add_rules_only') not null default 'none'",
      'alter table ba_config modify id int(10) unsigned not null',
      'alter table ba_user modify birthday varchar(10) null',
    ]);
    expect(message).toContain('ba_user.money: expected integer, found varchar(20)');
    expect(message).toContain('ba_user_money_log.money: expected integer, found decimal(10,2)');
    expect(message).toContain(
      "ba_admin_rule.extend: expected text allowing 'none', 'add_rules_only', 'add_menu_only', found enum('none','add_rules_only')",
    );
    // MariaDB says int(10) unsigned, MySQL 8 int unsigned.
    expect(message).toMatch(/ba_config\.id: expected auto-increment integer, found int(\(10\))? unsigned\n/);
    expect(message).toContain('ba_user.birthday: expected date, found varchar(10)');
  });

  it('refuses one holding a table Portico would create itself, naming it', async () => {
    // A module of the original's may have made one: Portico's migration 0004 would stop on it.
    const message = await refusal(['create table ba_content (id int primary key, body text)']);
    expect(message).toContain('tables Portico creates for itself (ba_content)');
  });

  it('takes one over that differs only where sites legitimately do', async () => {
    const database = await fixtureDatabase();
    const db = await openDatabase(database.url, 'ba_');
    try {
      for (const statement of [
        'alter table ba_user add column vip tinyint not null default 0',
        "alter table ba_user modify nickname varchar(100) not null default ''",
        'alter table ba_user modify money bigint not null default 0',
        'alter table ba_user modify mobile varchar(11) null',
        "alter table ba_admin modify status varchar(1) not null default '1'",
        'alter table ba_admin_log modify data mediumtext null',
      ])
        await sql.raw(statement).execute(db.kysely);
      expect(await takeOverIfOriginal(db)).toBe('taken-over');
      // Portico's later migrations run on those columns as well.
      expect((await migrateToLatest(db)).error).toBeUndefined();
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it('takes over one from before v2.0.6, adding the `connection` columns that version added', async () => {
    const database = await fixtureDatabase();
    const db = await openDatabase(database.url, 'ba_');
    const tables = [
      'crud_log',
      'security_data_recycle',
      'security_data_recycle_log',
      'security_sensitive_data',
      'security_sensitive_data_log',
    ].map((table) => `ba_${table}`);
    const withConnection = async () =>
      (
        await sql<{ name: string }>`
          select table_name as name from information_schema.columns
          where table_schema = database() and column_name = 'connection' order by 1`.execute(db.kysely)
      ).rows.map((row) => row.name);
    try {
      for (const table of tables)
        await sql`alter table ${sql.id(table)} drop column connection`.execute(db.kysely);
      expect(await withConnection()).toEqual([]);
      expect(await takeOverIfOriginal(db)).toBe('taken-over');
      expect(await withConnection()).toEqual(tables);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

describe.skipIf(!mysql)('a TABLE_PREFIX that names no table of the database [mysql]', () => {
  it("refuses BuildAdmin's tables under another prefix, naming it, and creates nothing", async () => {
    const message = await refusal([], 'xy_');
    expect(message).toContain('found BuildAdmin v2 tables with the prefix `ba_`');
    expect(message).toContain('set TABLE_PREFIX=ba_');
  });

  it("refuses Portico's tables under another prefix, naming it", async () => {
    const database = await scratch();
    const portico = await openDatabase(database.url, 'pt_');
    const db = await openDatabase(database.url, 'xy_');
    try {
      await migrateToLatest(portico);
      const counts = await rowCounts(db);
      await expect(takeOverIfOriginal(db)).rejects.toThrow('found Portico tables with the prefix `pt_`');
      await expect(buildApp(appConfig(database.url, 'xy_'))).rejects.toThrow('set TABLE_PREFIX=pt_');
      expect(await rowCounts(db)).toEqual(counts);
    } finally {
      await portico.close();
      await db.close();
      await database.drop();
    }
  });
});
