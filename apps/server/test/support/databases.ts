/**
 * The databases integration tests run on: SQLite always; MariaDB/MySQL and PostgreSQL
 * when TEST_MYSQL_URL / TEST_PG_URL point at a server. Each suite gets a database of its
 * own (created here, dropped afterwards), so suites run in parallel without sharing rows.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { inject } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.js';
import type { Dialect } from '../../src/db/dialect.js';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  drop(): Promise<void>;
}

/** A database the server project's global set-up migrated (migrated-templates.ts). */
export interface MigratedTemplate {
  dialect: Dialect;
  url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplate[];
  }
}

export type DatabaseFactory = {
  dialect: Dialect;
  /** An empty database, or with `from`, a copy of that migrated template. */
  create(from?: MigratedTemplate): Promise<TestDatabase>;
};

export function testDatabases(): DatabaseFactory[] {
  const factories: DatabaseFactory[] = [{ dialect: 'sqlite', create: createSqlite }];
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  const pgUrl = process.env.TEST_PG_URL;
  if (mysqlUrl) factories.push({ dialect: 'mysql', create: (from) => createMysql(mysqlUrl, from) });
  if (pgUrl) factories.push({ dialect: 'postgres', create: (from) => createPostgres(pgUrl, from) });
  return factories;
}

/** This run's migrated template of `dialect`, if its global set-up made one. */
export function migratedTemplate(dialect: Dialect): MigratedTemplate | undefined {
  return inject('migratedTemplates')?.find((template) => template.dialect === dialect);
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * Runs `use` on a fresh database of the factory's dialect (opened with the `ba_` prefix, not
 * migrated), then closes and drops it: for tests of what a migration does to a site's rows.
 */
export async function withScratchDatabase(
  factory: DatabaseFactory,
  use: (db: Db) => Promise<void>,
): Promise<void> {
  const database = await factory.create();
  const db = await openDatabase(database.url, 'ba_');
  try {
    await use(db);
  } finally {
    await db.close();
    await database.drop();
  }
}

/**
 * A fresh database name. TEST_DB_PREFIX (letters, digits, `_`) replaces `portico_t_`, so runs
 * sharing a database server with others can keep to a name space of their own.
 */
function uniqueName(): string {
  const prefix = /^[a-z][a-z0-9_]{0,30}$/.test(process.env.TEST_DB_PREFIX ?? '')
    ? process.env.TEST_DB_PREFIX
    : 'portico_t_';
  return `${prefix}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function createSqlite(from?: MigratedTemplate): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-test-'));
  const file = join(dir, 'test.sqlite');
  // The template was closed after migrating, so its file holds everything (no WAL beside it).
  if (from) copyFileSync(from.url.slice('sqlite:'.length), file);
  return {
    dialect: 'sqlite',
    url: `sqlite:${file}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createMysql(adminUrl: string, from?: MigratedTemplate): Promise<TestDatabase> {
  const { createConnection } = await import('mysql2/promise');
  const name = uniqueName();
  const admin = await createConnection(adminUrl);
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (from) await copyMysqlSchema(admin, databaseName(from.url), name);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect: 'mysql',
    url: url.toString(),
    drop: async () => {
      const conn = await createConnection(adminUrl);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

async function createPostgres(adminUrl: string, from?: MigratedTemplate): Promise<TestDatabase> {
  const pg = await import('pg');
  const name = uniqueName();
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A template is copied file by file, exactly; nothing may be connected to it meanwhile.
    await admin.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${databaseName(from.url)}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect: 'postgres',
    url: url.toString(),
    drop: async () => {
      const conn = new pg.default.Client({ connectionString: adminUrl });
      await conn.connect();
      try {
        // Closed pools may still be saying goodbye: give them a moment before forcing, so
        // no connection is cut mid-close (which surfaces as an unhandled error).
        for (let attempt = 0; attempt < 20; attempt++) {
          const { rows } = await conn.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await conn.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await conn.end();
      }
    },
  };
}

/**
 * Copies a migrated MariaDB/MySQL database into the empty `to` (MySQL has no CREATE DATABASE
 * … TEMPLATE): each table's definition (CREATE TABLE … LIKE) with its rows and its
 * AUTO_INCREMENT counter, then the routines and the triggers, each under the sql_mode it was
 * created with. migrated-copies.test.ts checks that the copy matches a database migrated anew.
 */
async function copyMysqlSchema(conn: Connection, from: string, to: string): Promise<void> {
  const [tables] = (await conn.query(
    `SELECT table_name AS name, auto_increment AS next FROM information_schema.tables
      WHERE table_schema = ? AND table_type = 'BASE TABLE'`,
    [from],
  )) as unknown as [{ name: string; next: number | null }[]];
  for (const { name, next } of tables) {
    await conn.query(`CREATE TABLE \`${to}\`.\`${name}\` LIKE \`${from}\`.\`${name}\``);
    await conn.query(`INSERT INTO \`${to}\`.\`${name}\` SELECT * FROM \`${from}\`.\`${name}\``);
    if (next !== null) await conn.query(`ALTER TABLE \`${to}\`.\`${name}\` AUTO_INCREMENT = ${Number(next)}`);
  }
  await conn.query(`USE \`${to}\``);
  const [routines] = (await conn.query(
    'SELECT routine_name AS name, routine_type AS kind FROM information_schema.routines WHERE routine_schema = ?',
    [from],
  )) as unknown as [{ name: string; kind: 'FUNCTION' | 'PROCEDURE' }[]];
  for (const { name, kind } of routines) {
    const column = kind === 'FUNCTION' ? 'Create Function' : 'Create Procedure';
    await createAsShown(conn, `SHOW CREATE ${kind} \`${from}\`.\`${name}\``, column);
  }
  const [triggers] = (await conn.query(
    `SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ?
      ORDER BY event_object_table, action_timing, event_manipulation, action_order`,
    [from],
  )) as unknown as [{ name: string }[]];
  for (const { name } of triggers) {
    await createAsShown(conn, `SHOW CREATE TRIGGER \`${from}\`.\`${name}\``, 'SQL Original Statement');
  }
}

/** Runs the statement `show` prints in `column`, under the sql_mode it was created with. */
async function createAsShown(conn: Connection, show: string, column: string): Promise<void> {
  const [[shown]] = (await conn.query(show)) as unknown as [Record<string, string>[]];
  const statement = shown?.[column];
  if (!statement) throw new Error(`${show} printed no ${column}`);
  await conn.query('SET SESSION sql_mode = ?', [shown.sql_mode ?? '']);
  await conn.query(statement);
}
