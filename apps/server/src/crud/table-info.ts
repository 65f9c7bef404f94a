/**
 * What the database says about the application's own tables: which exist (by logical
 * name, without the prefix), their columns and primary key. The application's tables are the
 * core's data tables and those the started modules declare (a generated screen's too), never
 * bookkeeping or search-index side tables. Read once per process, since only migrations change
 * the schema; read again when a known table is asked for that was not there yet (a module
 * enabled since), and forgotten when a table is dropped outside a migration. Identifiers from
 * rules are checked against this before they are ever put into SQL.
 */
import { VARIABLE_NAME_PATTERN } from '@portico/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import { CORE_TABLES } from '../db/core-tables.js';
import { type Database, TABLE_NAMES, type TableName } from '../db/schema.js';
import { ApiError } from '../http/errors.js';

export interface ColumnInfo {
  name: string;
  dataType: string;
  isNullable: boolean;
  hasDefaultValue: boolean;
}

export interface TableInfo {
  name: TableName;
  columns: ColumnInfo[];
  primaryKey: string;
}

const cache = new WeakMap<Db, Promise<Map<string, TableInfo>>>();

/**
 * The tables, read once. Inside a transaction pass it as `via`: SQLite has one connection,
 * so a query outside the transaction would wait for it forever.
 */
export function appTables(db: Db, via: Kysely<Database> = db.kysely): Promise<Map<string, TableInfo>> {
  let found = cache.get(db);
  if (!found) {
    found = load(db, via);
    cache.set(db, found);
    found.catch(() => cache.delete(db));
  }
  return found;
}

/** After a table is dropped outside a migration: the next question reads the database again. */
export function forgetAppTables(db: Db): void {
  cache.delete(db);
}

const DATA_TABLES = new Set<string>(TABLE_NAMES);

/** A core data table, or one a started module declares (bookkeeping and side tables are the core's). */
function isAppTable(db: Db, logical: string): boolean {
  return DATA_TABLES.has(logical) || (db.isKnownTable(logical) && !CORE_TABLES.has(logical));
}

async function load(db: Db, via: Kysely<Database>): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>();
  // The introspector answers prefixed names; only the application's known tables count,
  // so search-index shadow tables and migration bookkeeping never show up.
  for (const table of await via.introspection.getTables()) {
    const logical = table.name.startsWith(db.prefix) ? table.name.slice(db.prefix.length) : '';
    if (!isAppTable(db, logical)) continue;
    const columns = table.columns.map(({ name, dataType, isNullable, hasDefaultValue }) => ({
      name,
      dataType,
      isNullable,
      hasDefaultValue,
    }));
    const primaryKey =
      table.columns.find((column) => column.isAutoIncrementing)?.name ??
      (hasColumn(columns, 'id') ? 'id' : (columns[0]?.name ?? ''));
    tables.set(logical, { name: logical as TableName, columns, primaryKey });
  }
  return tables;
}

/** The table of a rule, refused with a clear message when unknown. */
export async function requireTable(db: Db, name: string, via?: Kysely<Database>): Promise<TableInfo> {
  let table = (await appTables(db, via)).get(name);
  if (!table && isAppTable(db, name)) {
    // A module's table made known after the tables were read (the module enabled since).
    forgetAppTables(db);
    table = (await appTables(db, via)).get(name);
  }
  if (!table) throw new ApiError('Data table %s does not exist', [name]);
  return table;
}

/** A column of that table, refused with a clear message when it has no such column. */
export function requireColumn(table: TableInfo, column: string): string {
  if (!VARIABLE_NAME_PATTERN.test(column) || !hasColumn(table.columns, column)) {
    throw new ApiError('Table %s has no field %s', [table.name, column]);
  }
  return column;
}

function hasColumn(columns: ColumnInfo[], name: string): boolean {
  return columns.some((column) => column.name === name);
}
