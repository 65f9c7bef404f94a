/**
 * What a MySQL/MariaDB database holds under Portico's table prefix: nothing yet, Portico's
 * tables, the original product's (BuildAdmin v2) tables, or something else that Portico
 * must not touch. Read from information_schema, so telling costs no change to the database.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';
// The original's core tables (v2.1.2): the ones Portico's first migration creates.
import { ORIGINAL_TABLES } from '../original-tables.js';

export type DatabaseKind =
  | { kind: 'empty' }
  | { kind: 'portico' }
  | { kind: 'original' }
  | { kind: 'unknown'; reason: string };

/**
 * Columns v2.0.0 gave their names (v1 had `createtime`, `loginfailure`, `jointime`...). A v1
 * database has other names and a `menu_rule` table; its upgrade is the original's own business.
 */
const V2_COLUMNS: Record<string, string[]> = {
  admin: ['create_time', 'login_failure', 'last_login_time', 'password', 'salt'],
  user: ['join_time', 'login_failure', 'money', 'score', 'password', 'salt'],
  admin_rule: ['pid', 'type', 'name', 'component'],
  attachment: ['last_upload_time'],
};

export async function detectDatabase(db: Db): Promise<DatabaseKind> {
  const tables = await prefixedTables(db);
  if (tables.size === 0) return { kind: 'empty' };
  if (tables.has('migration') && (await porticoMigrated(db))) return { kind: 'portico' };
  if (tables.has('migration') && (await migrating(db))) {
    // Another process is migrating it (a first start, or a takeover): look again once it is done.
    await migrationsDone(db);
    return detectDatabase(db);
  }
  const missing = ORIGINAL_TABLES.filter((table) => !tables.has(table));
  // Portico's migrator was here and nothing is recorded, and these are not the original's
  // tables: a first start that has just begun (or was cut short); its migrations carry on.
  if (tables.has('migration') && missing.length > 0) return { kind: 'portico' };
  const named = (list: readonly string[]) => list.map((table) => `${db.prefix}${table}`).join(', ');
  if (missing.length > 0) {
    const v1 = tables.has('menu_rule') ? ' It looks like BuildAdmin v1 (it has a menu_rule table).' : '';
    return {
      kind: 'unknown',
      reason: `it has tables named ${db.prefix}… (${named([...tables].slice(0, 5))}${tables.size > 5 ? ', …' : ''}) but neither Portico's migration record nor all of BuildAdmin v2's tables (missing: ${named(missing)}).${v1}`,
    };
  }
  const columns = await columnsOf(db, Object.keys(V2_COLUMNS));
  const absent = Object.entries(V2_COLUMNS).flatMap(([table, names]) =>
    names.filter((name) => !columns.get(table)?.has(name)).map((name) => `${db.prefix}${table}.${name}`),
  );
  if (absent.length > 0) {
    return {
      kind: 'unknown',
      reason: `its tables look like BuildAdmin's but lack columns of v2 (${absent.join(', ')}); upgrade it to BuildAdmin v2 first.`,
    };
  }
  return { kind: 'original' };
}

/** Logical names (prefix removed) of the current schema's tables that carry the prefix. */
async function prefixedTables(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = database()`.execute(db.kysely);
  return new Set(
    rows.filter((row) => row.name.startsWith(db.prefix)).map((row) => row.name.slice(db.prefix.length)),
  );
}

/** Portico's schema is in place once its first migration is recorded (a takeover does all its work in that step). */
async function porticoMigrated(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from ${sql.id(`${db.prefix}migration`)} where name = '0001-schema'`.execute(
    db.kysely,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Kysely's migration lock on MySQL: a named lock (`get_lock`) of this id, held while any
 * migrator runs. Named locks are server-wide, so another database's migrations may hold it too;
 * waiting for them costs a moment, nothing else.
 */
const KYSELY_MYSQL_LOCK = 'ea586330-2c93-47c8-908d-981d9d270f9d';

async function migrating(db: Db): Promise<boolean> {
  const { rows } = await sql<{ holder: number | null }>`
    select is_used_lock(${KYSELY_MYSQL_LOCK}) as holder`.execute(db.kysely);
  return rows[0]?.holder !== null && rows[0]?.holder !== undefined;
}

/** Waits until no migrator holds the lock (taking and giving it back on one connection). */
async function migrationsDone(db: Db): Promise<void> {
  await db.kysely.connection().execute(async (connection) => {
    await sql`select get_lock(${KYSELY_MYSQL_LOCK}, 3600)`.execute(connection);
    await sql`select release_lock(${KYSELY_MYSQL_LOCK})`.execute(connection);
  });
}

/** Column names by logical table name. */
async function columnsOf(db: Db, tables: string[]): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ tableName: string; columnName: string }>`
    select table_name as tableName, column_name as columnName from information_schema.columns
    where table_schema = database() and table_name in (${sql.join(tables.map((t) => `${db.prefix}${t}`))})`.execute(
    db.kysely,
  );
  const found = new Map<string, Set<string>>();
  for (const row of rows) {
    const table = row.tableName.slice(db.prefix.length);
    found.set(table, (found.get(table) ?? new Set()).add(row.columnName));
  }
  return found;
}
