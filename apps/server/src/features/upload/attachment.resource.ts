/**
 * routine.Attachment — the uploaded files. Editing changes only the shown name; deleting
 * removes the records and, once that is committed, their files: a failed delete never
 * leaves a record without its file, and a file another record still uses stays.
 */
import { AdminController, type AttachmentRow } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Row, registerResource } from '../../crud/resource.js';
import { ATTACHMENT_FIELDS, SHOWN_FILE_FIELDS, shownFile } from './attachment-fields.js';
import { removeFile } from './storage.js';

const editBody = z.object({
  name: z.string().trim().min(1).max(100).describe('The name shown for the file.'),
});
const attachmentRow = z.looseObject({
  ...ATTACHMENT_FIELDS,
  quote: z.number().describe('How many times it was uploaded.'),
  create_time: z.number().nullable(),
  admin_nickname: z.string().nullable(),
  user_nickname: z.string().nullable(),
  ...SHOWN_FILE_FIELDS,
  // The original client reads the uploaders nested (admin.nickname, user.nickname).
  admin: z.object({ nickname: z.string() }).nullable().describe('The uploading administrator, if any.'),
  user: z.object({ nickname: z.string() }).nullable().describe('The uploading member, if any.'),
}) satisfies z.ZodType<AttachmentRow>;

/** An attachment as listed and loaded into the edit form. */
function presentAttachment(row: Row): Row {
  const nickname = (value: unknown) => (typeof value === 'string' ? { nickname: value } : null);
  return {
    ...row,
    ...shownFile(row as { name: string; url: string }),
    admin: nickname(row.admin_nickname),
    user: nickname(row.user_nickname),
  };
}

export function registerAttachmentResource(app: FastifyInstance, ctx: AppContext): void {
  const root = ctx.config.storageDir;
  registerResource(app, ctx, {
    controller: AdminController.attachment,
    table: 'attachment',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'attachment.id', type: 'number' },
        topic: { column: 'attachment.topic', type: 'string' },
        admin_id: { column: 'attachment.admin_id', type: 'number' },
        user_id: { column: 'attachment.user_id', type: 'number' },
        name: { column: 'attachment.name', type: 'string' },
        size: { column: 'attachment.size', type: 'number' },
        mimetype: { column: 'attachment.mimetype', type: 'string' },
        quote: { column: 'attachment.quote', type: 'number' },
        storage: { column: 'attachment.storage', type: 'string' },
        sha1: { column: 'attachment.sha1', type: 'string' },
        create_time: { column: 'attachment.create_time', type: 'time' },
        last_upload_time: { column: 'attachment.last_upload_time', type: 'time' },
        // The original client's common search on the uploaders' names.
        'admin.nickname': { column: 'admin.nickname', type: 'string' },
        'user.nickname': { column: 'user.nickname', type: 'string' },
      },
      quickSearch: ['name'],
      defaultOrder: { field: 'last_upload_time', direction: 'desc' },
    },
    listQuery: (db) =>
      db
        .selectFrom('attachment')
        .leftJoin('admin', 'admin.id', 'attachment.admin_id')
        .leftJoin('user', 'user.id', 'attachment.user_id')
        .selectAll('attachment')
        .select(['admin.nickname as admin_nickname', 'user.nickname as user_nickname']),
    present: async (rows) => rows.map(presentAttachment),
    row: attachmentRow,
    editBody,
    edit: async (id, { name }, w) => {
      await w.trx.updateTable('attachment').set({ name }).where('id', '=', id).execute();
    },
    del: async (ids, w) => {
      const rows = await w.trx
        .selectFrom('attachment')
        .select(['id', 'url'])
        .where('id', 'in', ids)
        .execute();
      if (rows.length === 0) return 0;
      await w.trx.deleteFrom('attachment').where('id', 'in', ids).execute();
      // A file other uploaders' rows still point at (same content, same path) stays.
      const urls = [...new Set(rows.map((row) => row.url))];
      const kept = await w.trx.selectFrom('attachment').select('url').where('url', 'in', urls).execute();
      const orphaned = urls.filter((url) => !kept.some((row) => row.url === url));
      w.afterCommit(async () => {
        for (const url of orphaned) await removeFile(root, url);
      });
      return rows.length;
    },
  });
}
