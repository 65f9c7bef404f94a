/**
 * The run's own database: a file in a fresh temporary folder for SQLite, a database created
 * (after dropping a leftover of the same name) on the machine's PostgreSQL or MariaDB server.
 * The servers' addresses come from BENCH_PG_URL / BENCH_MYSQL_URL, without a database name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../../apps/server/src/db/dialect.js';

const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export interface BenchDatabase {
  url: string;
  /** The server's data folder (secret, uploads) and, for SQLite, the database file. */
  dataDir: string;
  /** What --keep leaves behind, for the closing message. */
  describe: string;
  drop(): Promise<void>;
}

/** What a kept run leaves in its data folder, so that --reuse can measure it again. */
export interface KeptRun {
  url: string;
  password: string;
  members: number;
  logs: number;
  /** Rows of the generated products table; 0 when the run had none. */
  products?: number;
  /** Sign-ins of the runs on it so far: each adds an admin-log row, which the checks count. */
  signIns: number;
}

const KEPT_FILE = 'bench-scale.json';

export function rememberKeptRun(dataDir: string, run: KeptRun): void {
  writeFileSync(join(dataDir, KEPT_FILE), JSON.stringify(run), { mode: 0o600 });
}

/** The kept run in `dataDir`, whose database is left as it is at the end (as with --keep). */
export function reusedDatabase(dataDir: string): { database: BenchDatabase; run: KeptRun } {
  let run: KeptRun;
  try {
    run = JSON.parse(readFileSync(join(dataDir, KEPT_FILE), 'utf8')) as KeptRun;
  } catch {
    throw new Error(`--reuse: ${dataDir} holds no run kept by --keep (${KEPT_FILE} is missing)`);
  }
  const database = {
    url: run.url,
    dataDir,
    describe: `${run.url} (data folder ${dataDir})`,
    drop: async () => {},
  };
  return { database, run };
}

export async function createBenchDatabase(dialect: Dialect, name: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-scale-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'bench.sqlite');
    return {
      url: `sqlite:${file}`,
      dataDir,
      describe: `${file} (reuse with --reuse ${dataDir})`,
      drop: async () => removeDir(),
    };
  }
  const admin = dialect === 'postgres' ? postgresAdmin : mysqlAdmin;
  await admin(`drop database if exists ${name}`);
  await admin(
    dialect === 'postgres'
      ? `create database ${name}`
      : `create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`,
  );
  const server = dialect === 'postgres' ? PG_SERVER : MYSQL_SERVER;
  return {
    url: `${server}/${name}`,
    dataDir,
    describe: `${server}/${name} (reuse with --reuse ${dataDir})`,
    drop: async () => {
      await admin(`drop database if exists ${name}`);
      removeDir();
    },
  };
}

async function postgresAdmin(statement: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function mysqlAdmin(statement: string): Promise<void> {
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection({ uri: `${MYSQL_SERVER}/` });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}
