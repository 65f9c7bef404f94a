/**
 * One Kysely instance per configured database. The dialect is chosen by DATABASE_URL:
 * an embedded SQLite file by default, MySQL/MariaDB or PostgreSQL when a site outgrows
 * one machine. Drivers are set up so every dialect returns the same JavaScript types:
 * integers (BIGINT and COUNT(*) included) come back as numbers everywhere.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import { SEARCH_INDEX_TABLES } from './migrations/0003-search-index.js';
import type { Database } from './schema.js';
import { TABLE_NAMES } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { withTablePrefix } from './table-prefix.js';

export type Dialect = 'sqlite' | 'mysql' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  prefix: string;
  close(): Promise<void>;
}

export function dialectOf(url: string): Dialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) return 'mysql';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

export async function openDatabase(url: string, prefix: string): Promise<Db> {
  const dialect = dialectOf(url);
  const kysely = new Kysely<Database>({
    dialect: withTablePrefix(await createDialect(dialect, url), dialect, prefix, [
      ...TABLE_NAMES,
      ...SEARCH_INDEX_TABLES,
    ]),
  });
  return { kysely, dialect, prefix, close: () => kysely.destroy() };
}

async function createDialect(dialect: Dialect, url: string) {
  if (dialect === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const file = url.slice('sqlite:'.length);
    // Owner-only: the database holds password hashes and personal data.
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const database = new SQLite(file);
    // WAL lets readers proceed during a write; busy_timeout waits for a writer instead of failing.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    return new SqliteDialect({ database: withStatementCache(database) });
  }
  if (dialect === 'mysql') {
    const { createPool } = await import('mysql2');
    const pool = createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: 10,
      // SUM() and friends return DECIMAL; read them as numbers like the other dialects.
      decimalNumbers: true,
      supportBigNumbers: false,
      dateStrings: true,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
    });
    return new MysqlDialect({ pool });
  }
  const pg = await import('pg');
  const types = pg.default.types;
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        // BIGINT (times, COUNT(*)) and NUMERIC (SUM()) as numbers; all values fit a double.
        if (oid === types.builtins.INT8 || oid === types.builtins.NUMERIC) return Number;
        // DATE stays the plain 'YYYY-MM-DD' string, as on the other dialects.
        if (oid === types.builtins.DATE) return (value: string) => value;
        return types.getTypeParser(oid, format as 'text');
      },
    } as never,
  });
  // The server may close an idle connection (restart, failover, a database being dropped).
  // Without a listener that error would end the process; the pool has already discarded the
  // client and the next query opens a fresh one.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  return new PostgresDialect({ pool });
}
