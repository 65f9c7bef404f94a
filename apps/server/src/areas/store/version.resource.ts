/**
 * store.Version — a module's published versions. Adding one takes the package zip uploaded as
 * an attachment: it is checked as the module installer checks an upload, its module.json must
 * name this module and a version newer than the latest, and the store keeps its own copy with
 * its SHA-256, the only one: the public attachment goes (public-copies.ts). The package and
 * version of a row never change afterwards; its update log may.
 */
import { rm } from 'node:fs/promises';
import {
  type AppContext,
  defineAction,
  fail,
  forgetAttachmentsByContent,
  input,
  now,
  ok,
  registerResource,
  removeAttachmentFiles,
  runWrite,
  updateFoundRow,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STORE_MESSAGES as M } from './messages.js';
import { checkPackage, fileDigest, keepPackage, removePackage } from './packages.js';
import { insertVersion } from './publish.js';
import { storeDb, storeOf } from './repository.js';
import { versionRow } from './schemas.js';

const addBody = z.object({
  module_id: input.id(),
  package: z
    .string()
    .trim()
    .max(1000)
    .default('')
    .describe('The attachment URL of the uploaded package zip.'),
  version: input
    .optionalText(50)
    .describe('Optional: when given, the package must hold exactly this version.'),
  update_log: input.optionalText(20_000),
});
const editBody = z.object({ update_log: input.optionalText(20_000) });

export function registerVersionResource(app: FastifyInstance, ctx: AppContext): void {
  const { storageDir } = ctx.config;
  registerResource(app, ctx, {
    controller: AdminController.storeVersion,
    table: 'store_version',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'store_version.id', type: 'number' },
        module_id: { column: 'store_version.module_id', type: 'number' },
        version: { column: 'store_version.version', type: 'string' },
        sha256: { column: 'store_version.sha256', type: 'string' },
        size: { column: 'store_version.size', type: 'number' },
        create_time: { column: 'store_version.create_time', type: 'time' },
        'module.uid': { column: 'store_module.uid', type: 'string' },
        'module.title': { column: 'store_module.title', type: 'string' },
      },
      quickSearch: ['version', 'module.uid', 'module.title'],
      defaultOrder: { field: 'id', direction: 'desc' },
    },
    // The stored file name stays on the server.
    listQuery: (db) =>
      storeDb(db)
        .selectFrom('store_version')
        .leftJoin('store_module', 'store_module.id', 'store_version.module_id')
        .select([
          'store_version.id',
          'store_version.module_id',
          'store_version.version',
          'store_version.update_log',
          'store_version.sha256',
          'store_version.size',
          'store_version.create_time',
          'store_module.uid as module_uid',
          'store_module.title as module_title',
        ]),
    row: versionRow,
    editBody,
    edit: async (id, data, w) => {
      await updateFoundRow(storeDb(w.trx).updateTable('store_version').set(data).where('id', '=', id));
    },
    del: async (ids, w) => {
      const db = storeDb(w.trx);
      const rows = await db.selectFrom('store_version').select('package').where('id', 'in', ids).execute();
      const result = await db.deleteFrom('store_version').where('id', 'in', ids).executeTakeFirst();
      w.afterCommit(async () => {
        for (const row of rows) await removePackage(storageDir, row.package);
      });
      return Number(result.numDeletedRows);
    },
    // Not the helper's `add`: that runs wholly inside the write transaction, and unpacking a
    // package (up to the upload cap) there would hold SQLite's only connection meanwhile.
    actions: [
      defineAction({
        action: 'add',
        method: 'POST',
        schema: {
          summary: "Publish a module's new version from an uploaded package",
          body: addBody,
          data: z.null(),
        },
        handler: async (request) => {
          const data = request.body;
          const module = await storeOf(ctx)
            .selectFrom('store_module')
            .select(['id', 'uid'])
            .where('id', '=', data.module_id)
            .executeTakeFirst();
          if (!module) fail(M.moduleNotFound);
          const checked = await checkPackage(storageDir, module.uid, data.package);
          const { version } = checked.info;
          if (data.version && data.version !== version) fail(M.packageVersion, version, data.version);
          // The attachment table knows uploads by SHA-1: how the public copies are found.
          const sha1 = await fileDigest(checked.zip, 'sha1');
          const name = await keepPackage(storageDir, checked);
          try {
            await runWrite(ctx.db.kysely, request, async (w) => {
              const db = storeDb(w.trx);
              await insertVersion(ctx, db, module.id, {
                checked,
                name,
                updateLog: data.update_log,
                time: now(),
              });
              const urls = await forgetAttachmentsByContent(w.trx, [sha1]);
              w.afterCommit(async () => {
                await removeAttachmentFiles(storageDir, urls);
                await rm(checked.zip, { force: true });
              });
            });
          } catch (error) {
            await removePackage(storageDir, name);
            throw error;
          }
          return ok(null, 'Added successfully');
        },
      }),
    ],
  });
}
