/**
 * The original's final schema (v2.1.2) brought to Portico's 0001-schema, in place: the few
 * columns Portico adds or needs wider, and 0001's indexes under 0001's names. Nothing else
 * changes: the original's types (UNSIGNED, TINYINT, ENUM, BIGINT(16)), comments, row format
 * and extra tables (crud_log, test_build) stay, because Portico reads and writes them as
 * they are. Each step looks before it acts, so an interrupted takeover can simply run again.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import type { AnyDb } from '../migrations/columns.js';

/**
 * Columns 0001 (or a built-in area) has and the original lacks: [table, column, definition,
 * after]. Detection (detect.ts) lets a database lack these and no other.
 */
export const ADDED: [string, string, string, string][] = [
  // The time a lockout started counts from (the original kept it in the session).
  ['admin', 'login_failure_time', 'bigint NULL', 'login_failure'],
  ['user', 'login_failure_time', 'bigint NULL', 'login_failure'],
  // Wrong answers to one captcha, so it cannot be guessed at forever.
  ['captcha', 'attempts', 'int NOT NULL DEFAULT 0', 'captcha'],
  // Added by the original's v2.0.6; a v2.0.0-2.0.5 database has no such columns yet.
  ['security_data_recycle', 'connection', "varchar(100) NOT NULL DEFAULT ''", 'data_table'],
  ['security_data_recycle_log', 'connection', "varchar(100) NOT NULL DEFAULT ''", 'data_table'],
  ['security_sensitive_data', 'connection', "varchar(100) NOT NULL DEFAULT ''", 'data_table'],
  ['security_sensitive_data_log', 'connection', "varchar(100) NOT NULL DEFAULT ''", 'data_table'],
  // The same v2.0.6 column of the CRUD generator's record, which the generator writes.
  ['crud_log', 'connection', "varchar(100) NOT NULL DEFAULT ''", 'status'],
];

/** VARCHARs too short for what Portico stores: argon2id hashes, and 64-hex HMAC digests and keys. */
const WIDENED: [string, string, number][] = [
  ['admin', 'password', 255],
  ['user', 'password', 255],
  ['captcha', 'key', 64],
  ['captcha', 'code', 64],
  ['token', 'token', 64],
];

/**
 * 0001's indexes. Where the original has the same index under its own name (`username`,
 * `pid`...), it is renamed rather than doubled: later migrations address indexes by 0001's
 * names (0012 drops admin_log_admin_id), and a copy would only slow every write.
 */
const INDEXES: [string, string[], boolean][] = [
  ['admin', ['username'], true],
  ['admin_group_access', ['uid'], false],
  ['admin_group_access', ['group_id'], false],
  ['admin_log', ['admin_id'], false],
  ['admin_rule', ['pid'], false],
  ['area', ['pid'], false],
  ['attachment', ['sha1'], false],
  ['config', ['name'], true],
  ['token', ['user_id', 'type'], false],
  ['user', ['username'], true],
  ['user', ['email'], false],
  ['user', ['mobile'], false],
  ['user_money_log', ['user_id'], false],
  ['user_rule', ['pid'], false],
  ['user_score_log', ['user_id'], false],
];

interface ColumnInfo {
  tableName: string;
  columnName: string;
  length: number | null;
  nullable: string;
  fallback: string | null;
  comment: string;
  charset: string | null;
  collation: string | null;
}

export async function bringSchemaToPortico(db: Db, trx: AnyDb): Promise<void> {
  const table = (name: string) => sql.id(`${db.prefix}${name}`);
  const columns = await columnInfo(db, trx);
  const find = (t: string, c: string) =>
    columns.find((col) => col.tableName === `${db.prefix}${t}` && col.columnName === c);

  for (const [t, column, definition, after] of ADDED) {
    if (find(t, column)) continue;
    // A site without crud_log gets it whole from the CRUD generator's migration.
    if (!columns.some((col) => col.tableName === `${db.prefix}${t}`)) continue;
    await sql`alter table ${table(t)} add column ${sql.id(column)} ${sql.raw(definition)} after ${sql.id(after)}`.execute(
      trx,
    );
  }

  for (const [t, column, length] of WIDENED) {
    const col = find(t, column);
    if (!col || (col.length ?? 0) >= length) continue;
    // MODIFY restates the whole column: everything but the length is restated as it was.
    const parts = [`varchar(${length})`];
    if (col.charset) parts.push(`character set ${col.charset}`);
    if (col.collation) parts.push(`collate ${col.collation}`);
    parts.push(col.nullable === 'YES' ? 'null' : 'not null');
    if (col.fallback !== null && col.fallback !== 'NULL') parts.push(`default ${quoted(col.fallback)}`);
    if (col.comment) parts.push(`comment ${quoted(col.comment)}`);
    await sql`alter table ${table(t)} modify column ${sql.id(column)} ${sql.raw(parts.join(' '))}`.execute(
      trx,
    );
  }

  const indexes = await indexInfo(db, trx);
  for (const [t, cols, unique] of INDEXES) {
    const name = `${db.prefix}${t}_${cols.join('_')}`;
    const onTable = indexes.filter((index) => index.table === `${db.prefix}${t}`);
    if (onTable.some((index) => index.name === name)) continue;
    const same = onTable.find(
      (index) => index.name !== 'PRIMARY' && index.unique === unique && index.columns.join() === cols.join(),
    );
    if (same) {
      await sql`alter table ${table(t)} rename index ${sql.id(same.name)} to ${sql.id(name)}`.execute(trx);
    } else {
      const kind = sql.raw(unique ? 'unique index' : 'index');
      await sql`create ${kind} ${sql.id(name)} on ${table(t)} (${sql.join(cols.map((c) => sql.id(c)))})`.execute(
        trx,
      );
    }
  }
}

/**
 * A default or comment as an SQL literal. MariaDB reports string defaults quoted already
 * ('' shows as `''`), MySQL bare; both are written back as they were.
 */
function quoted(text: string): string {
  if (/^'.*'$/s.test(text)) return text;
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

async function columnInfo(db: Db, trx: AnyDb): Promise<ColumnInfo[]> {
  const { rows } = await sql<ColumnInfo>`
    select table_name as tableName, column_name as columnName,
      character_maximum_length as length, is_nullable as nullable, column_default as fallback,
      column_comment as comment, character_set_name as charset, collation_name as collation
    from information_schema.columns
    where table_schema = database() and table_name like ${`${db.prefix.replace(/_/g, '\\_')}%`}`.execute(trx);
  return rows.map((row) => ({ ...row, length: row.length === null ? null : Number(row.length) }));
}

interface IndexInfo {
  table: string;
  name: string;
  unique: boolean;
  columns: string[];
}

async function indexInfo(db: Db, trx: AnyDb): Promise<IndexInfo[]> {
  const { rows } = await sql<{ tableName: string; indexName: string; nonUnique: number; columnName: string }>`
    select table_name as tableName, index_name as indexName, non_unique as nonUnique, column_name as columnName
    from information_schema.statistics
    where table_schema = database() and table_name like ${`${db.prefix.replace(/_/g, '\\_')}%`}
    order by table_name, index_name, seq_in_index`.execute(trx);
  const found = new Map<string, IndexInfo>();
  for (const row of rows) {
    const key = `${row.tableName}.${row.indexName}`;
    const index = found.get(key) ?? {
      table: row.tableName,
      name: row.indexName,
      unique: Number(row.nonUnique) === 0,
      columns: [],
    };
    index.columns.push(row.columnName);
    found.set(key, index);
  }
  return [...found.values()];
}
