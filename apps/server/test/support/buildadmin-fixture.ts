/**
 * A BuildAdmin v2 database for the takeover tests: the original's schema and data
 * (fixtures/buildadmin-v2.sql, prefix `ba_`) loaded into a scratch MariaDB/MySQL database, and
 * the two views of it a takeover may change: every table's row count, and its columns and indexes.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { defaultConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { type TestDatabase, testDatabases } from './databases.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/buildadmin-v2.sql');

/** The MySQL/MariaDB test server, when TEST_MYSQL_URL names one (the original runs nowhere else). */
export const mysqlDatabases = testDatabases().find((f) => f.dialect === 'mysql');

/** An empty scratch database (named by TEST_DB_PREFIX), dropped by its caller. */
export function scratch(): Promise<TestDatabase> {
  if (!mysqlDatabases) throw new Error('TEST_MYSQL_URL is not set');
  return mysqlDatabases.create();
}

/** A scratch database holding the fixture, dropped by its caller. */
export async function fixtureDatabase(): Promise<TestDatabase> {
  const database = await scratch();
  const { createConnection } = await import('mysql2/promise');
  const conn = await createConnection({ uri: database.url, multipleStatements: true });
  await conn.query(readFileSync(FIXTURE, 'utf8'));
  await conn.end();
  return database;
}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = database() order by 1`.execute(
    db.kysely,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: n } = await sql<{ n: number }>`select count(*) as n from ${sql.id(name)}`.execute(
      db.kysely,
    );
    counts[name] = Number(n[0]?.n);
  }
  return counts;
}

/** Columns (with types) and indexes of every table: what a takeover may change. */
export async function schemaOf(db: Db): Promise<{ columns: string[]; indexes: string[] }> {
  const columns = await sql<{ c: string }>`
    select concat(table_name, '.', column_name, ' ', column_type) as c from information_schema.columns
    where table_schema = database() order by 1`.execute(db.kysely);
  const indexes = await sql<{ i: string }>`
    select distinct concat(table_name, '.', index_name) as i from information_schema.statistics
    where table_schema = database() order by 1`.execute(db.kysely);
  return { columns: columns.rows.map((r) => r.c), indexes: indexes.rows.map((r) => r.i) };
}

/** A server's configuration on the database at `databaseUrl`: quiet, captchas off, no sign-in limit. */
export function appConfig(databaseUrl: string, tablePrefix = 'ba_') {
  return defaultConfig({
    databaseUrl,
    tablePrefix,
    appSecret: randomBytes(32).toString('hex'),
    logLevel: 'silent',
    adminLoginCaptcha: false,
    userLoginCaptcha: false,
    authRateLimit: 1000,
  });
}
