/**
 * security.SensitiveDataLog — before and after of each monitored field an edit changed, and
 * their rollback. A rollback writes the logged `before` back only while the row still holds
 * the value that edit wrote (compared by digest, since a password's written value is shown
 * only as ******); a later change makes it a conflict naming the row and field, and nothing
 * in the request is rolled back. Rolled-back entries stay, marked with who and when.
 */

import {
  ApiError,
  type AppContext,
  assertSubjectWithinReach,
  now,
  permissionSubject,
  type Row,
  requireColumn,
  requireTable,
  signedInAdmin,
  type WriteContext,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isSecret, MASK, valueDigest } from './audit.js';
import { registerLogResource, SENSITIVE_LOG } from './log-shared.js';

const LOG = 'security_sensitive_data_log';

export function registerSensitiveLogResource(app: FastifyInstance, ctx: AppContext): void {
  registerLogResource(app, ctx, {
    controller: AdminController.sensitiveDataLog,
    kind: SENSITIVE_LOG,
    fields: {
      id_value: { column: `${LOG}.id_value`, type: 'number' },
      data_field: { column: `${LOG}.data_field`, type: 'string' },
      data_comment: { column: `${LOG}.data_comment`, type: 'string' },
      before: { column: `${LOG}.before`, type: 'string' },
      after: { column: `${LOG}.after`, type: 'string' },
      is_rollback: { column: `${LOG}.is_rollback`, type: 'number' },
    },
    present: presentEntry,
    row: {
      id_value: z
        .union([z.string(), z.number()])
        .describe(
          'The changed row: `primary_key=value` in the list, the bare value in `info` (beside `primary_key`).',
        ),
      data_field: z.string(),
      data_comment: z.string().describe("The field's label in the rule."),
      before: z.string().nullable().describe('The value before the edit; ****** for a password.'),
      after: z.string().nullable().describe('The value the edit wrote; ****** for a password.'),
      is_rollback: z.number().describe('1 once rolled back.'),
      rollback_time: z.number().nullable(),
    },
    undo: {
      action: 'rollback',
      summary: 'Write the logged values back',
      message: 'Rolled back %s records',
      run: rollbackEntries,
    },
  });
}

/**
 * `id_value` reads `pk=value` in the list and stays the bare value in the detail, as in the
 * original, whose info dialog writes `pk=` before it (it would show `id=id=3` otherwise). A
 * password's old hash is never shown, and the digest stays on the server.
 */
function presentEntry(row: Row, detail: boolean): Row {
  const { after_digest: _digest, ...rest } = row;
  const secret = isSecret(String(row.data_field), row.before);
  return {
    ...rest,
    id_value: detail ? row.id_value : `${String(row.primary_key)}=${String(row.id_value)}`,
    before: secret && row.before !== null ? MASK : row.before,
  };
}

async function rollbackEntries(ctx: AppContext, w: WriteContext, ids: number[]): Promise<number> {
  // Newest first: rolling back two successive changes of one field walks back in order.
  const entries = await w.trx
    .selectFrom(LOG)
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id', 'desc')
    .execute();
  if (entries.length === 0) throw new ApiError('No rows were rollback');
  for (const entry of entries) {
    if (entry.is_rollback === 1) throw new ApiError('Record %s has already been rolled back', [entry.id]);
    const table = await requireTable(ctx.db, entry.data_table, w.trx);
    const pk = requireColumn(table, entry.primary_key);
    const field = requireColumn(table, entry.data_field);
    // Tables are chosen at run time; the names were checked against the schema above.
    const t = table.name as 'admin';
    const current = (await w.trx
      .selectFrom(t)
      .select(field as 'id')
      .where(pk as 'id', '=', entry.id_value)
      .executeTakeFirst()) as Row | undefined;
    if (!current) {
      throw new ApiError('Cannot roll back record %s: the row %s=%s no longer exists', [
        entry.id,
        pk,
        entry.id_value,
      ]);
    }
    const subject = permissionSubject(table.name, { [pk]: entry.id_value });
    if (subject) await assertSubjectWithinReach(w.trx, signedInAdmin(w.request), subject);
    if (valueDigest(ctx.config.appSecret, current[field]) !== entry.after_digest) {
      throw new ApiError('Cannot roll back record %s: field %s of row %s=%s has changed since', [
        entry.id,
        field,
        pk,
        entry.id_value,
      ]);
    }
    await w.trx
      .updateTable(t)
      .set({ [field]: entry.before } as never)
      .where(pk as 'id', '=', entry.id_value)
      .execute();
    if (subject) await assertSubjectWithinReach(w.trx, signedInAdmin(w.request), subject);
    await w.trx
      .updateTable(LOG)
      .set({ is_rollback: 1, rollback_admin_id: w.request.admin?.id ?? 0, rollback_time: now() })
      .where('id', '=', entry.id)
      .execute();
  }
  return entries.length;
}
