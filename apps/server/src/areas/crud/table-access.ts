/**
 * Which tables the generator may design, and what it reads of one. Only a name matching the
 * shared pattern ever reaches SQL, by its physical (prefixed) name as a quoted identifier or a
 * bound value. Tables of the core (CORE_TABLES, and this area's record) and of any module or
 * area that declares its own are refused with the reason; a module the generator made itself
 * is its to redesign.
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

/** Why the table may not be designed here (a message key with its parameter), or null. */
export async function refusalOf(ctx: AppContext, table: string): Promise<string | null> {
  if (isCoreTable(table)) return MESSAGES.coreTable;
  if (ctx.db.isKnownTable(table) && !(await isGeneratedModule(ctx, table))) return MESSAGES.moduleTable;
  return null;
}

/** Refuses a table of the core or of a module with the reason. */
export async function assertDesignable(ctx: AppContext, table: string): Promise<void> {
  const refusal = await refusalOf(ctx, table);
  if (refusal) throw new ApiError(refusal, [table]);
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
