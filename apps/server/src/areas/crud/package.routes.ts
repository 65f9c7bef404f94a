/**
 * crud.Crud's package actions (beyond the original, issue 33 point 7): a record's generated
 * module downloaded as a package zip the module installer accepts, and published on this
 * site's module store through the store's own publisher (its checks, its tables). Both ship
 * code the server runs, so, as generating, they need the `crud/crud/generate` rule and a super
 * administrator, titled in the admin log before the refusal.
 */
import { readFile } from 'node:fs/promises';
import {
  ApiError,
  type AppContext,
  defineAction,
  input,
  modulePublisher,
  ok,
  requireSuper,
} from '@portico/server-sdk';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireLog } from './crud-log.js';
import { LOG_TITLES, MESSAGES } from './lang.js';
import { requirePackageOf, withModulePackage } from './module-package.js';
import { CRUD_RULES } from './rules.js';

function superOnly(title: string) {
  return (request: FastifyRequest) => {
    request.adminLog.title = title;
    requireSuper(request, new ApiError(MESSAGES.superOnlyPackage));
  };
}

/** A file name's part as sent in Content-Disposition: nothing that could end the quoted name. */
const fileNamePart = (text: string) => text.replace(/[^\w.-]/g, '_');

export function packageActions(ctx: AppContext) {
  return [
    defineAction({
      action: 'download',
      method: 'GET',
      permission: CRUD_RULES.generate,
      guard: superOnly(LOG_TITLES.download),
      schema: {
        summary:
          "A record's generated module as a package zip the module installer accepts (the table's newest successful record)",
        query: z.object({ id: input.id() }),
        data: z.null(),
        produces: 'application/zip',
      },
      handler: async (request, reply) => {
        const uid = await requirePackageOf(ctx, await requireLog(ctx, request.query.id));
        const { version, bytes } = await withModulePackage(ctx, uid, async (pkg) => ({
          version: pkg.version,
          bytes: await readFile(pkg.zip),
        }));
        return reply
          .header('content-type', 'application/zip')
          .header('content-length', bytes.length)
          .header('content-disposition', `attachment; filename="${uid}-${fileNamePart(version)}.zip"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    }),
    defineAction({
      action: 'publish',
      method: 'POST',
      permission: CRUD_RULES.generate,
      guard: superOnly(LOG_TITLES.publish),
      schema: {
        summary:
          "Publish a record's generated module on this site's module store: its item (added when missing) and its version",
        body: z.object({
          id: input.id(),
          update_log: input
            .optionalText(20_000)
            .describe("The version's update log; a line naming the record when empty."),
        }),
        data: z.object({
          uid: z.string(),
          version: z.string(),
          moduleId: z.number().describe("The store's module item (store.Module)."),
          created: z
            .boolean()
            .describe('The store had no item for the module: this made it (free, switched on).'),
        }),
      },
      handler: async (request) => {
        const log = await requireLog(ctx, request.body.id);
        const uid = await requirePackageOf(ctx, log);
        const publisher = modulePublisher(ctx);
        if (!publisher) throw new ApiError(MESSAGES.noStore);
        const updateLog = request.body.update_log || `CRUD generator: table ${uid}, record ${log.id}`;
        const published = await withModulePackage(ctx, uid, ({ zip }) =>
          publisher.publish(request, { uid, zip, updateLog }),
        );
        return ok(published, MESSAGES.published, [published.version, uid]);
      },
    }),
  ];
}
