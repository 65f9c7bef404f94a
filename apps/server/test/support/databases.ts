/**
 * The databases integration tests run on: SQLite always; MariaDB/MySQL and PostgreSQL
 * when TEST_MYSQL_URL / TEST_PG_URL point at a server. Each suite gets a database of its
 * own (created here, dropped afterwards), so suites run in parallel without sharing rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../../src/db/connection.js';
import type { Dialect } from '../../src/db/dialect.js';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  drop(): Promise<void>;
}

export type DatabaseFactory = { dialect: Dialect; create(): Promise<TestDatabase> };

export function testDatabases(): DatabaseFactory[] {
  const factories: DatabaseFactory[] = [{ dialect: 'sqlite', create: createSqlite }];
  const mysqlUrl = process.env.TEST_MYSQL_URL;
  const pgUrl = process.env.TEST_PG_URL;
  if (mysqlUrl) factories.push({ dialect: 'mysql', create: () => createMysql(mysqlUrl) });
  if (pgUrl) factories.push({ dialect: 'postgres', create: () => createPostgres(pgUrl) });
  return factories;
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

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-test-'));
  return {
    dialect: 'sqlite',
    url: `sqlite:${join(dir, 'test.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function createMysql(adminUrl: string): Promise<TestDatabase> {
  const { createConnection } = await import('mysql2/promise');
  const name = uniqueName();
  const admin = await createConnection(adminUrl);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
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

async function createPostgres(adminUrl: string): Promise<TestDatabase> {
  const pg = await import('pg');
  const name = uniqueName();
  const admin = new pg.default.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
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
