/**
 * security.DataRecycleLog — deleted rows, kept whole, and their restore. A restore puts the
 * selected rows back in one transaction: when any row's key (or another unique value) is taken
 * by now, nothing is restored and the message names the entry. Restored entries stay in the
 * log, marked with who restored them and when.
 */

import {
  ApiError,
  type AppContext,
  asObject,
  assertSubjectWithinReach,
  isUniqueViolation,
  keepSerialAhead,
  now,
  permissionSubject,
  type Row,
  requireColumn,
  requireTable,
  signedInAdmin,
  type TableInfo,
  type WriteContext,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEPENDENTS, DEPENDENTS_KEY } from './audit.js';
import { decodeNested, RECYCLE_LOG, registerLogResource } from './log-shared.js';

export function registerRecycleLogResource(app: FastifyInstance, ctx: AppContext): void {
  registerLogResource(app, ctx, {
    controller: AdminController.dataRecycleLog,
    kind: RECYCLE_LOG,
    fields: {
      data: { column: 'security_data_recycle_log.data', type: 'string' },
      is_restore: { column: 'security_data_recycle_log.is_restore', type: 'number' },
    },
    present: ({ secret_data: _secrets, ...row }, detail) =>
      detail ? { ...row, data: decodeNested(row.data) } : row,
    row: {
      data: z.string().nullable().describe('The deleted row as JSON, password-like fields as ******.'),
      is_restore: z.number().describe('1 once restored.'),
      restore_time: z.number().nullable(),
    },
    info: { data: z.unknown().describe('The deleted row, decoded (JSON fields too).') },
    undo: {
      action: 'restore',
      summary: 'Put deleted rows back',
      message: 'Restored %s records',
      run: restoreEntries,
    },
  });
}

async function restoreEntries(ctx: AppContext, w: WriteContext, ids: number[]): Promise<number> {
  const entries = await w.trx
    .selectFrom('security_data_recycle_log')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (entries.length === 0) throw new ApiError('No rows were restore');
  for (const entry of entries) {
    if (entry.is_restore === 1) throw new ApiError('Record %s has already been restored', [entry.id]);
    const table = await requireTable(ctx.db, entry.data_table, w.trx);
    const pk = requireColumn(table, entry.primary_key);
    const data = { ...decodeRow(entry.data), ...(entry.secret_data ? decodeRow(entry.secret_data) : {}) };
    const row = storedColumns(table, data);
    const key = row[pk];
    if (key === undefined || key === null) throw new ApiError('Table %s has no field %s', [table.name, pk]);
    // Tables are chosen at run time; the names were checked against the schema above.
    const taken = await w.trx
      .selectFrom(table.name as 'admin')
      .select(pk as 'id')
      .where(pk as 'id', '=', key as number)
      .executeTakeFirst();
    if (taken) {
      throw new ApiError('Cannot restore record %s: %s=%s already exists in table %s', [
        entry.id,
        pk,
        String(key),
        table.name,
      ]);
    }
    await insertRestored(w, entry.id, table, [row]);
    await keepSerialAhead(ctx.db, w.trx, table.name, pk);
    // Rows deleted along with it (group memberships), only into the tables this table owns.
    const kept = asObject(data[DEPENDENTS_KEY]);
    for (const { table: dependent } of DEPENDENTS[table.name] ?? []) {
      const rows = Array.isArray(kept[dependent]) ? (kept[dependent] as unknown[]) : [];
      if (rows.length === 0) continue;
      const info = await requireTable(ctx.db, dependent, w.trx);
      await insertRestored(
        w,
        entry.id,
        info,
        rows.map((r) => storedColumns(info, asObject(r))),
      );
    }
    // Checked once the row and its memberships are back: a restored administrator must be
    // one the caller could have created through the admin screens.
    const subject = permissionSubject(table.name, row);
    if (subject) await assertSubjectWithinReach(w.trx, signedInAdmin(w.request), subject);
    await w.trx
      .updateTable('security_data_recycle_log')
      .set({ is_restore: 1, restore_admin_id: w.request.admin?.id ?? 0, restore_time: now() })
      .where('id', '=', entry.id)
      .execute();
  }
  return entries.length;
}

/** Only columns the table still has: a column dropped since the delete is left behind. */
function storedColumns(table: TableInfo, data: Row): Row {
  return Object.fromEntries(
    table.columns.filter((column) => column.name in data).map((column) => [column.name, data[column.name]]),
  );
}

async function insertRestored(
  w: WriteContext,
  entryId: number,
  table: TableInfo,
  rows: Row[],
): Promise<void> {
  try {
    await w.trx
      .insertInto(table.name as 'admin')
      .values(rows as never)
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError('Cannot restore record %s: a unique value of it is already taken in %s', [
      entryId,
      table.name,
    ]);
  }
}

function decodeRow(json: string | null): Row {
  try {
    const parsed: unknown = JSON.parse(json ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Row;
  } catch {
    // fall through
  }
  throw new ApiError('Parameter error');
}
