/**
 * routine.Attachment — the uploaded files. Editing changes only the shown name; deleting
 * removes the records and, once that is committed, their files: a failed delete never
 * leaves a record without its file, and a file another record still uses stays.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { registerResource } from '../../crud/resource.js';
import { parseInput } from '../../http/validate.js';
import { removeFile } from './storage.js';

const editBody = z.object({ name: z.string().trim().min(1).max(100) });

export function registerAttachmentResource(app: FastifyInstance, ctx: AppContext): void {
  const root = ctx.config.storageDir;
  registerResource(app, ctx, {
    controller: 'routine.Attachment',
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
    edit: async (id, body, w) => {
      const { name } = parseInput(editBody, body);
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
