/**
 * One Kysely instance per configured database. The dialect is chosen by DATABASE_URL:
 * an embedded SQLite file by default, MySQL/MariaDB or PostgreSQL when a site outgrows
 * one machine. Drivers are set up so every dialect returns the same JavaScript types:
 * integers (BIGINT and COUNT(*) included) come back as numbers everywhere.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, MysqlDialect, type MysqlPool, PostgresDialect, SqliteDialect } from 'kysely';
import type { Pool as Mysql2Pool, PoolConnection } from 'mysql2';
import type { PoolClient as PgClient } from 'pg';
import { CORE_TABLES } from './core-tables.js';
import type { Dialect } from './dialect.js';
import type { Database } from './schema.js';
import { loadSqliteDriver } from './sqlite-driver.js';
import { withStatementCache } from './statement-cache.js';
import { statementLogger } from './statement-trace.js';
import { withTablePrefix } from './table-prefix.js';
import { CONNECT_TIMEOUT_MS, DatabaseUnavailableError, PG_READ_TIMEOUT } from './unavailable.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  prefix: string;
  /** Statements are kept for the list trace (DatabaseOptions.traceStatements). */
  traceStatements: boolean;
  /** Makes the prefix apply to more logical table names (a module's own tables). */
  addTables(names: Iterable<string>): void;
  /** Whether the prefix applies to this logical name: a core table or a module's declared one. */
  isKnownTable(name: string): boolean;
  close(): Promise<void>;
}

function dialectOf(url: string): Dialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) return 'mysql';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

export interface DatabaseOptions {
  /**
   * The longest one statement may take, in milliseconds (PostgreSQL and MySQL/MariaDB): the
   * database cancels it, and the driver gives up STATEMENT_GRACE_MS later when no answer comes
   * at all (a network that drops everything), so a request is answered 503 instead of waiting
   * for as long as the outage lasts. Unset: no limit, for migrations, the command-line tools
   * and the benchmark's seeding, whose statements may rightly run for minutes.
   */
  statementTimeoutMs?: number;
  /**
   * Keep each statement, with its parameters, in the trace of the request that ran it
   * (db/statement-trace.ts): the list trace of `PORTICO_LIST_TRACE`, for the benchmark. Off by
   * default, and then Kysely gets no log hook at all.
   */
  traceStatements?: boolean;
}

/** How long after the database's own statement timeout the driver stops waiting for an answer. */
const STATEMENT_GRACE_MS = 2000;

export async function openDatabase(url: string, prefix: string, options: DatabaseOptions = {}): Promise<Db> {
  const dialect = dialectOf(url);
  const tables = new Set<string>(CORE_TABLES);
  const kysely = new Kysely<Database>({
    dialect: withTablePrefix(
      await createDialect(dialect, url, options.statementTimeoutMs),
      dialect,
      prefix,
      tables,
    ),
    ...(options.traceStatements ? { log: statementLogger() } : {}),
  });
  return {
    kysely,
    dialect,
    prefix,
    traceStatements: options.traceStatements ?? false,
    addTables: (names) => {
      for (const name of names) tables.add(name);
    },
    isKnownTable: (name) => tables.has(name),
    close: () => kysely.destroy(),
  };
}

async function createDialect(dialect: Dialect, url: string, statementTimeoutMs?: number) {
  if (dialect === 'sqlite') {
    const SQLite = await loadSqliteDriver();
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
      // A database that accepts connections but does not answer fails the request in seconds.
      connectTimeout: CONNECT_TIMEOUT_MS,
      // SUM() and friends return DECIMAL; read them as numbers like the other dialects.
      decimalNumbers: true,
      supportBigNumbers: false,
      dateStrings: true,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
    });
    // Every pooled connection keeps a listener for its whole life. mysql2's own listener on a
    // pool connection fires once; a connection that has already failed can report again (its
    // socket failing after the server's kill notice, a write after a fatal error), and an
    // unheard 'error' event would end the process. The failed connection has left the pool
    // at its first error; later ones need no action.
    pool.on('connection', (connection) => {
      if (statementTimeoutMs) limitStatements(connection, statementTimeoutMs);
      let reported = false;
      connection.on('error', (error) => {
        if (reported) return;
        reported = true;
        console.warn(`MySQL connection lost: ${error.message}`);
      });
    });
    return new MysqlDialect({ pool: withAcquireTimeout(pool) });
  }
  const pg = await import('pg');
  const types = pg.default.types;
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    // Bounds both opening a connection and waiting for a free one: while the database is
    // away a request is answered 503 in seconds instead of waiting for good.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(statementTimeoutMs
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + STATEMENT_GRACE_MS }
      : {}),
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
  // A connection can fail at any moment: the database restarting (57P01), the network, an
  // operator ending it. pg-pool listens for a client's errors only while the client is
  // idle; a checked-out client — held by a transaction while argon2 hashes a password
  // between two statements, or whose query has just failed and whose socket closes next —
  // emits its error to nobody, and an unheard 'error' event ends the process. So every client
  // gets a listener of its own for its whole life. The broken client is not reused: it is no
  // longer queryable, so the pool discards it on release, the request holding it fails with
  // a connection error (answered 503), and the next query opens a fresh connection.
  pool.on('connect', (client) => {
    if (statementTimeoutMs) dropOnReadTimeout(client);
    let reported = false;
    client.on('error', (error) => {
      if (reported) return; // its socket closing after the error says the same again
      reported = true;
      console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
  });
  // The pool also re-emits an idle client's error, after discarding the client; the client's
  // own listener above has reported it already.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}

/**
 * pg gives up on a statement that got no answer within query_timeout, but keeps the client
 * waiting for that answer: every later query on it would queue behind. A client whose answer
 * never came is ended instead, so the pool discards it and opens a fresh one.
 */
function dropOnReadTimeout(client: PgClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        if (error instanceof Error && error.message === PG_READ_TIMEOUT) {
          (
            client as unknown as { connection?: { stream?: { destroy(): void } } }
          ).connection?.stream?.destroy();
        }
        throw error;
      });
    }
    return result;
  }) as typeof client.query;
}

/**
 * MariaDB cancels a statement after max_statement_time (seconds) and MySQL a read after
 * max_execution_time (milliseconds): whichever this server knows is set for the connection's
 * session. mysql2 itself gives up STATEMENT_GRACE_MS later on a statement that got no answer
 * at all, and ends that connection (the pool then opens a fresh one).
 */
function limitStatements(connection: PoolConnection, statementTimeoutMs: number): void {
  connection.query(`SET SESSION max_statement_time = ${statementTimeoutMs / 1000}`, (error) => {
    if (error)
      connection.query(`SET SESSION max_execution_time = ${Math.round(statementTimeoutMs)}`, () => {});
  });
  const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
  connection.query = ((...args: unknown[]) => {
    const [first, ...rest] = args;
    // A query with its callback (how Kysely runs every statement); streams are left alone.
    if (typeof first === 'string' && typeof rest.at(-1) === 'function') {
      return query({ sql: first, timeout: statementTimeoutMs + STATEMENT_GRACE_MS }, ...rest);
    }
    return query(...args);
  }) as typeof connection.query;
}

/**
 * mysql2 bounds opening a connection (connectTimeout) but not waiting for a free one: while
 * the database does not answer, the pool's connections are all busy opening, and queued
 * requests wait their turn for another attempt each, a timeout per turn (15 s for the third
 * ten). Give up waiting after the connect timeout, as pg-pool does with connectionTimeoutMillis.
 */
function withAcquireTimeout(pool: Mysql2Pool): MysqlPool {
  return {
    getConnection(callback) {
      let answered = false;
      const timer = setTimeout(() => {
        answered = true;
        callback(
          new DatabaseUnavailableError('Timed out waiting for a MySQL connection'),
          undefined as never,
        );
      }, CONNECT_TIMEOUT_MS);
      pool.getConnection((error, connection) => {
        clearTimeout(timer);
        if (!answered) {
          answered = true;
          callback(error, connection);
        } else {
          // Too late for the request that asked; back to the pool for the next one.
          connection?.release();
        }
      });
    },
    end: (callback) => pool.end(callback),
  };
}
