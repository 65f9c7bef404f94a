/**
 * `/api/store/preCheck` and `/api/store/download`: what another site's server asks with the
 * market member's token (header `ba-user-token`) before and while installing a module. Both
 * apply the same rule (coverage.ts). Refusals are the usual JSON envelope, code 0 with the
 * reason, which the site shows; a download that is allowed answers the zip itself with its
 * SHA-256 in a header, and counts toward the module's downloads.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type AppContext, apiRoute, fail, ok, signedInMember } from '@portico/server-sdk';
import type { StorePreCheck } from '@portico/shared';
import { STORE_SHA256_HEADER } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type CoverageQuery, coverage } from './coverage.js';
import { STORE_MESSAGES as M } from './messages.js';
import { packageFile } from './packages.js';
import { findListedModule, storeOf } from './repository.js';
import { storePreCheck } from './schemas.js';

const versionText = z.string().trim().max(50).default('');
const coverageQuery = z
  .object({
    uid: z.string().trim().min(1).max(40),
    version: versionText.describe("The version wanted; '' for the newest."),
    moduleVersion: versionText.describe(
      "The reference's name for `version` (an uploaded package's version).",
    ),
    order_id: z.coerce
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .default(0)
      .describe("0: the member's paid order for the module with the latest period."),
  })
  .transform(
    (q): CoverageQuery => ({ uid: q.uid, version: q.version || q.moduleVersion, orderId: q.order_id }),
  );

export function registerStoreDownloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'store/preCheck',
    action: 'preCheck',
    method: 'GET',
    access: 'login',
    schema: {
      summary: 'Whether the member may download a version of a module, with its size and SHA-256',
      query: coverageQuery,
      data: storePreCheck,
    },
    handler: async (request) => {
      const userId = signedInMember(request).id;
      const { query } = request;
      const db = storeOf(ctx);
      const module = await findListedModule(db, query.uid);
      const answer: StorePreCheck = {
        uid: query.uid,
        listed: false,
        version: query.version,
        sha256: '',
        size: 0,
        free: false,
        order_id: null,
        expire_time: null,
      };
      if (!module) return ok(answer);
      const { version, order } = await coverage(db, userId, module, query);
      return ok({
        ...answer,
        listed: true,
        version: version.version,
        sha256: version.sha256,
        size: Number(version.size),
        free: module.price_type === 'free',
        order_id: order?.id ?? null,
        expire_time: order ? Number(order.expire_time) : null,
      } satisfies StorePreCheck);
    },
  });

  apiRoute(app, ctx, {
    path: 'store/download',
    action: 'download',
    method: 'GET',
    access: 'login',
    schema: {
      summary: "Download a module's package zip (its SHA-256 in the x-package-sha256 header)",
      query: coverageQuery,
      data: z.null(),
      produces: 'application/zip',
    },
    handler: async (request, reply) => {
      const userId = signedInMember(request).id;
      const { query } = request;
      const db = storeOf(ctx);
      const module = await findListedModule(db, query.uid);
      if (!module) fail(M.moduleNotFound);
      const { version } = await coverage(db, userId, module, query);
      const file = packageFile(ctx.config.storageDir, version.package);
      const found = file ? await stat(file).catch(() => null) : null;
      if (!file || !found?.isFile()) fail(M.packageMissing);
      await db
        .updateTable('store_module')
        .set({ downloads: sql`downloads + 1` })
        .where('id', '=', module.id)
        .execute();
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', found.size)
        .header('content-disposition', `attachment; filename="${module.uid}-${version.version}.zip"`)
        .header(STORE_SHA256_HEADER, version.sha256)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  });
}
