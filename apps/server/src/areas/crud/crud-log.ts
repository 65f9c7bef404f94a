/**
 * The generator's record (`crud_log`): a row per generation (start, then success or error) and
 * its delete, with the design as JSON in the original's shape, so a record the original wrote
 * on a taken-over site starts a design here too.
 */
import { ApiError, type AppContext, type Db, insertId, now } from '@portico/server-sdk';
import type { CrudField, CrudLogStatus, CrudTable } from '@portico/shared/crud-design';
import { MESSAGES } from './lang.js';
import type { CrudLogRecord } from './tables.js';

/** The connection's key as the original stores it; Portico has one connection, named by its type. */
const CONNECTION_KEYS = { mysql: 'mysql', postgres: 'pgsql', sqlite: 'sqlite' } as const;

export const connectionKey = (db: Db) => CONNECTION_KEYS[db.dialect];

/** JSON text as stored, or what stands for it when a row holds none or garbage. */
function decode<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export interface DecodedLog {
  id: number;
  table_name: string;
  table: CrudTable;
  fields: CrudField[];
  status: CrudLogStatus;
  connection: string;
  create_time: number;
}

export function decodeLog(row: CrudLogRecord): DecodedLog {
  return {
    id: row.id,
    table_name: row.table_name,
    table: decode(row.table, {} as CrudTable),
    fields: decode(row.fields, [] as CrudField[]),
    status: row.status,
    connection: row.connection,
    create_time: row.create_time ?? 0,
  };
}

/** A new record of a generation, status start; answers its id. */
export function recordStart(ctx: AppContext, table: CrudTable, fields: CrudField[]): Promise<number> {
  return insertId(
    ctx.db,
    ctx.db.kysely.insertInto('crud_log').values({
      table_name: table.name,
      table: JSON.stringify(table),
      fields: JSON.stringify(fields),
      status: 'start',
      connection: connectionKey(ctx.db),
      create_time: now(),
    }),
  );
}

export async function recordStatus(ctx: AppContext, id: number, status: CrudLogStatus): Promise<void> {
  await ctx.db.kysely.updateTable('crud_log').set({ status }).where('id', '=', id).execute();
}

/** A record by id, decoded; refused when there is none. */
export async function requireLog(ctx: AppContext, id: number): Promise<DecodedLog> {
  const row = await ctx.db.kysely.selectFrom('crud_log').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(MESSAGES.recordNotFound);
  return decodeLog(row);
}

/**
 * The id of the table's newest record when that record is a success, else 0: a table whose
 * last generation failed or was deleted has no history to start from (as in the original).
 */
export async function lastSuccessId(ctx: AppContext, table: string): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('crud_log')
    .select(['id', 'status'])
    .where('table_name', '=', table)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.status === 'success' ? row.id : 0;
}

/**
 * The id of the table's newest successful record, whatever came after it (0 when none): the
 * generation its module in `modules/<table>/` was made by, while that module is there.
 */
export async function newestSuccessId(ctx: AppContext, table: string): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('crud_log')
    .select('id')
    .where('table_name', '=', table)
    .where('status', '=', 'success')
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? 0;
}
