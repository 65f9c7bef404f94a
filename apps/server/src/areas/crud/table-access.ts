/**
 * Which tables the generator may design, and what it reads of one. Only a name matching the
 * shared pattern ever reaches SQL, by its physical (prefixed) name as a quoted identifier or a
 * bound value. Tables of the core (CORE_TABLES, and this area's record), of a search index
 * (not even listed) and of any module or area that declares its own are refused with the
 * reason; a module the generator made itself is its to redesign.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, type AppContext, CORE_TABLES, moduleDir } from '@portico/server-sdk';
import { CRUD_TABLE_NAME_PATTERN } from '@portico/shared/crud-design';
import { sql } from 'kysely';
import { DESIGN_FILE } from './generator/index.js';
import { MESSAGES } from './lang.js';
import { CRUD_TABLES } from './tables.js';

export const physicalName = (ctx: AppContext, table: string) => `${ctx.db.prefix}${table}`;

/** The table name as sent, refused unless it matches the shared pattern. */
export function checkedTableName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!CRUD_TABLE_NAME_PATTERN.test(name)) throw new ApiError(MESSAGES.badTableName);
  return name;
}

/** Whether `modules/<uid>/` was written by the generator: it holds the design it was made from. */
export async function isGeneratedModule(ctx: AppContext, uid: string): Promise<boolean> {
  return access(join(moduleDir(ctx.config.projectDir, uid), DESIGN_FILE)).then(
    () => true,
    () => false,
  );
}

/** Whether `modules/<uid>/` holds anything at all. */
export async function moduleFolderExists(ctx: AppContext, uid: string): Promise<boolean> {
  return access(moduleDir(ctx.config.projectDir, uid)).then(
    () => true,
    () => false,
  );
}

/** The core's tables and this area's record: never designed, altered or dropped here. */
export function isCoreTable(table: string): boolean {
  return CORE_TABLES.has(table) || (CRUD_TABLES as readonly string[]).includes(table);
}

/** Why a table may not be designed here: a message key and its parameters. */
export interface Refusal {
  message: string;
  params: string[];
}

/**
 * Tables whose generated module this process removed (crud.Crud/delete), per app. The process
 * keeps knowing a table its modules declared when it started (Db.isKnownTable) for as long as
 * it runs, as the module's routes, registered until the restart, still query it with the
 * prefix; known is then no longer a module's, and the table may be designed again at once.
 */
const removedModuleTables = new WeakMap<AppContext, Set<string>>();

/** The generated module of `table` was removed: its table is no module's any more. */
export function rememberRemovedModule(ctx: AppContext, table: string): void {
  const tables = removedModuleTables.get(ctx) ?? new Set<string>();
  tables.add(table);
  removedModuleTables.set(ctx, tables);
}

/** Whether a module declares the table: one this process started with, unless the generator removed it since. */
async function isModuleTable(ctx: AppContext, table: string): Promise<boolean> {
  if (!ctx.db.isKnownTable(table) || (await isGeneratedModule(ctx, table))) return false;
  // A folder placed by that name since (a module uploaded by hand) is someone else's again.
  return !removedModuleTables.get(ctx)?.has(table) || (await moduleFolderExists(ctx, table));
}

/** Why the table may not be designed here, or null. */
export async function refusalOf(ctx: AppContext, table: string): Promise<Refusal | null> {
  if (isCoreTable(table)) return { message: MESSAGES.coreTable, params: [table] };
  const indexed = (await searchIndexTables(ctx)).get(table);
  if (indexed) return { message: MESSAGES.searchIndexTable, params: [table, indexed] };
  if (await isModuleTable(ctx, table)) return { message: MESSAGES.moduleTable, params: [table] };
  return null;
}

/** Refuses a table of the core, of a search index or of a module with the reason. */
export async function assertDesignable(ctx: AppContext, table: string): Promise<void> {
  const refusal = await refusalOf(ctx, table);
  if (refusal) throw new ApiError(refusal.message, refusal.params);
}

/** The names search-index-sql.ts gives an index's tables and the MySQL procedure that fills one. */
const FTS_TABLE = /_search(_(data|idx|docsize|config|content))?$/;
const TRIGRAM_TABLE = /_trigram$/;
const TRIGRAM_FILLER = '_trigram_put';

/**
 * The tables a substring search index made for itself (db/search-index-sql.ts), by logical
 * name → the logical name of the table indexed. They are the index's, kept by its triggers:
 * SQLite's FTS5 table `<table>_search` (a virtual table) and the shadow tables FTS5 keeps its
 * index in (`<table>_search_data`, `_idx`, `_docsize`, `_config`, `_content`); MySQL/MariaDB's
 * side table `<table>_trigram`, told from a table merely named so by the procedure that fills
 * it (`<table>_trigram_put`). PostgreSQL's pg_trgm index is an index, not a table.
 */
async function searchIndexTables(ctx: AppContext): Promise<Map<string, string>> {
  const { dialect, kysely, prefix } = ctx.db;
  let names: string[] = [];
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_list
      where schema = 'main' and type in ('virtual', 'shadow')`.execute(kysely);
    names = rows.map((row) => row.name).filter((name) => FTS_TABLE.test(name));
  } else if (dialect === 'mysql') {
    const { rows } = await sql<{ name: string }>`select routine_name as name from information_schema.routines
      where routine_schema = database() and routine_type = 'PROCEDURE'`.execute(kysely);
    names = rows
      .map((row) => row.name)
      .filter((name) => name.endsWith(TRIGRAM_FILLER))
      .map((name) => name.slice(0, -'_put'.length));
  }
  const tables = new Map<string, string>();
  for (const name of names.filter((name) => name.startsWith(prefix))) {
    const logical = name.slice(prefix.length);
    tables.set(logical, logical.replace(dialect === 'sqlite' ? FTS_TABLE : TRIGRAM_TABLE, ''));
  }
  return tables;
}

/** The database's tables with the site's prefix, by logical name. */
export async function prefixedTables(ctx: AppContext): Promise<string[]> {
  const { prefix } = ctx.db;
  const tables = await ctx.db.kysely.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => name.startsWith(prefix) && CRUD_TABLE_NAME_PATTERN.test(name.slice(prefix.length)))
    .map((name) => name.slice(prefix.length))
    .sort();
}

/** The tables a design may be asked to start from: all but the search indexes' own. */
export async function offeredTables(ctx: AppContext): Promise<string[]> {
  const indexes = await searchIndexTables(ctx);
  return (await prefixedTables(ctx)).filter((table) => !indexes.has(table));
}

export async function tableExists(ctx: AppContext, table: string): Promise<boolean> {
  return (await prefixedTables(ctx)).includes(table);
}

/** Whether an existing table has no rows; a missing table counts as empty. */
export async function tableIsEmpty(ctx: AppContext, table: string): Promise<boolean> {
  if (!(await tableExists(ctx, table))) return true;
  const { rows } = await sql`select 1 as one from ${sql.table(physicalName(ctx, table))} limit 1`.execute(
    ctx.db.kysely,
  );
  return rows.length === 0;
}
