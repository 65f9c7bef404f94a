/**
 * The store's public catalogue: `/api/store/index` (the market's tabs and cards, with keyword
 * search and paging) and `/api/store/info` (one module's page). Only modules and categories
 * whose status is on are shown. A member token, when sent, adds the member's standing.
 */

import { type AppContext, apiRoute, escapeLike, fail, ok, translate } from '@portico/server-sdk';
import type { StoreCategory, StoreListAnswer, StoreModuleInfo, StorePurchase } from '@portico/shared';
import { STORE_ALL_CATEGORY } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { bestOrder } from './coverage.js';
import { readDemos } from './demos.js';
import { renderDescription } from './markdown.js';
import { STORE_MESSAGES as M } from './messages.js';
import { type ListedModule, listItem, orderInfo, splitList } from './present.js';
import { listedModules, moduleVersions, type StoreDb, storeOf } from './repository.js';
import { storeListAnswer, storeModuleInfo } from './schemas.js';
import { seededMatches, showSeeded, showUpdateLog } from './seeded-texts.js';

const listQuery = z.object({
  keyword: z.string().trim().max(100).default('').describe('Searched in title, uid, tags and developer.'),
  category: z
    .union([z.literal('all'), z.coerce.number().int().min(0).max(2_147_483_647)])
    .default(STORE_ALL_CATEGORY)
    .transform((v) => (v === 'all' ? STORE_ALL_CATEGORY : v))
    .describe('A category id; 0 or `all` for every category.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const infoQuery = z.object({ uid: z.string().trim().min(1).max(40) });

/** Modules the market shows (status on). */
const shown = (db: StoreDb) => listedModules(db).where('store_module.status', '=', '1');

export function registerStorePublicRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'store/index',
    action: 'index',
    method: 'GET',
    schema: {
      summary: "The market's category tabs and one page of its enabled modules",
      query: listQuery,
      data: storeListAnswer,
    },
    handler: async (request) => {
      const { keyword, category, page, limit } = request.query;
      const db = storeOf(ctx);
      let query = shown(db);
      if (category !== STORE_ALL_CATEGORY) query = query.where('store_module.category_id', '=', category);
      if (keyword) {
        const pattern = `%${escapeLike(keyword)}%`;
        const op = sql.raw(ctx.db.dialect === 'postgres' ? 'ilike' : 'like');
        query = query.where((eb) =>
          eb.or([
            ...['store_module.title', 'store_module.uid', 'store_module.tags', 'store_module.developer'].map(
              (column) => sql<boolean>`${sql.ref(column)} ${op} ${pattern} escape '!'`,
            ),
            // A seeded text matches in the language the reader sees it in, while still as seeded.
            ...seededMatches(keyword).map(({ uid, field, texts }) =>
              eb.and([eb('store_module.uid', '=', uid), eb(`store_module.${field}`, 'in', [...texts])]),
            ),
          ]),
        );
      }
      const [rows, counted, categories] = await Promise.all([
        query
          .orderBy('store_module.weigh', 'desc')
          .orderBy('store_module.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
        db
          .selectFrom('store_category')
          .select(['id', 'name'])
          .where('status', '=', '1')
          .orderBy('weigh', 'desc')
          .orderBy('id', 'asc')
          .execute(),
      ]);
      const tabs: StoreCategory[] = [
        { id: STORE_ALL_CATEGORY, name: translate(M.all, request.lang) },
        ...categories,
      ];
      const answer: StoreListAnswer = {
        categories: tabs,
        list: (rows as ListedModule[]).map((row) => listItem(showSeeded(row, request.lang))),
        total: Number(counted.total),
        page,
        limit,
      };
      return ok(answer);
    },
  });

  apiRoute(app, ctx, {
    path: 'store/info',
    action: 'info',
    method: 'GET',
    schema: {
      summary:
        "One enabled module's page: versions, demos, the developer's other modules and the member's purchase",
      query: infoQuery,
      data: storeModuleInfo,
    },
    handler: async (request) => {
      const { uid } = request.query;
      const db = storeOf(ctx);
      const stored = (await shown(db).where('store_module.uid', '=', uid).executeTakeFirst()) as
        | ListedModule
        | undefined;
      if (!stored) fail(M.moduleNotFound);
      const row = showSeeded(stored, request.lang);
      const [versions, works, description] = await Promise.all([
        moduleVersions(db, row.id),
        row.developer
          ? shown(db)
              .where('store_module.developer', '=', row.developer)
              .where('store_module.id', '!=', row.id)
              .orderBy('store_module.weigh', 'desc')
              .orderBy('store_module.id', 'desc')
              .limit(12)
              .execute()
          : Promise.resolve([]),
        renderDescription(row.description),
      ]);
      const info: StoreModuleInfo = {
        ...listItem(row),
        images: splitList(row.images),
        description,
        developer_url: row.developer_url,
        developer_contact: row.developer_contact,
        demos: readDemos(row.demos),
        create_time: Number(row.create_time ?? 0),
        versions: versions.map((v) => ({
          version: v.version,
          update_log: showUpdateLog(v.update_log ?? '', request.lang),
          release_time: Number(v.create_time ?? 0),
          size: Number(v.size),
          sha256: v.sha256,
        })),
        developer_works: (works as ListedModule[]).map((work) => listItem(showSeeded(work, request.lang))),
      };
      if (request.user) info.purchase = await purchaseOf(db, request.user.id, row, versions[0]?.create_time);
      return ok(info);
    },
  });
}

/** Whether the member can download the newest version now, and their order for the module. */
async function purchaseOf(
  db: StoreDb,
  userId: number,
  module: ListedModule,
  newestRelease: number | null | undefined,
): Promise<StorePurchase> {
  const order = await bestOrder(db, userId, module.id);
  const covered =
    module.price_type === 'free' ||
    (order?.status === 'paid' && Number(newestRelease ?? 0) <= Number(order.expire_time ?? 0));
  return { covered, order: order ? orderInfo(order, module) : null };
}
