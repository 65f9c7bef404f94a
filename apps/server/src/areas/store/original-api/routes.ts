/**
 * The vendor store's API as the original client's market calls it (`<api_url>/api/v6.store/...`;
 * Portico's `api_url` is empty, so the client calls this instance): the module list with its
 * tabs and search, a module's page, ordering, paying with points or balance, and, for an
 * original server installing from this store, `preCheck` and `download`. Each route asks
 * Portico's own store route (portico-call.ts) and renames its answer (shapes.ts); the member
 * login, captcha and member info the market dialog uses are Portico's own `/api/user/checkIn`,
 * `/api/common/captcha` and `/api/user/info`, which already answer in the original's shapes.
 * docs/store.md, "The original client's market", lists every call.
 */
import { ApiError, type AppContext, apiRoute, compareVersion, ok } from '@portico/server-sdk';
import type { StoreListAnswer, StoreModuleInfo, StoreOrder, StorePayAnswer } from '@portico/shared';
import { STORE_SHA256_HEADER } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderDescription } from '../markdown.js';
import { STORE_MESSAGES as M } from '../messages.js';
import { installedVersions } from './installed.js';
import { registerOriginalMemberRoutes } from './member.routes.js';
import { answered, callStore, callStoreRaw, marketEnvelope, refuse } from './portico-call.js';
import {
  ALL_TAB,
  freeModuleOrder,
  goodsInfo,
  isNewer,
  moduleRow,
  originalGoodsInfo,
  originalModules,
  originalOrder,
  paidModuleOrder,
} from './shapes.js';

const PREFIX = 'v6.store';
/** Portico's catalogue pages hold at most 100 modules; the original's list is not paged. */
const PAGE = 100;
const MAX_PAGES = 50;

const uid = z.string().trim().min(1).max(40);
const orderId = z.coerce.number().int().min(0).max(2_147_483_647).default(0);

export function registerOriginalStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerOriginalMemberRoutes(app, ctx);
  apiRoute(app, ctx, {
    path: `${PREFIX}/modules`,
    action: 'modules',
    method: 'GET',
    schema: {
      summary: "The original client's market: the category tabs and every enabled module",
      query: z.object({
        quickSearch: z.string().trim().max(100).default(''),
        activeTab: z.string().trim().max(20).default(ALL_TAB).describe("A category id, or 'all'."),
        sysVersion: z.string().max(50).optional().describe('Accepted, not used: every module is listed.'),
      }),
      data: originalModules,
    },
    handler: async (request) => {
      const { quickSearch, activeTab } = request.query;
      const installed = installedVersions(request.raw.url);
      const pages: StoreListAnswer[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = {
          keyword: quickSearch,
          category: activeTab || ALL_TAB,
          page: `${page}`,
          limit: `${PAGE}`,
        };
        const answer = answered(
          await callStore<StoreListAnswer>(app, request, { method: 'GET', path: 'store/index', query }),
        );
        pages.push(answer);
        if (page * PAGE >= answer.total) break;
      }
      const rows = pages
        .flatMap((page) => page.list)
        .map((item) => moduleRow(item, isNewer(item.version, installed.get(item.uid), compareVersion)));
      const category = (pages[0]?.categories ?? []).map((tab) =>
        tab.id === 0 ? { id: ALL_TAB, name: tab.name } : tab,
      );
      return ok({ rows, category, remark: '' });
    },
  });

  apiRoute(app, ctx, {
    path: `${PREFIX}/info`,
    action: 'info',
    method: 'GET',
    schema: {
      summary: "The original client's market: one module's page, with the member's order to install with",
      query: z.object({
        uid,
        localVersion: z.string().trim().max(50).optional().describe('The version installed here, if any.'),
        sysVersion: z.string().max(50).optional().describe('Accepted, not used.'),
      }),
      data: z.object({ info: originalGoodsInfo }),
    },
    handler: async (request) => {
      const { uid: wanted, localVersion } = request.query;
      const info = answered(
        await callStore<StoreModuleInfo>(app, request, {
          method: 'GET',
          path: 'store/info',
          query: { uid: wanted },
        }),
      );
      const logs = await Promise.all(info.versions.map((version) => renderDescription(version.update_log)));
      return ok({ info: goodsInfo(info, isNewer(info.version, localVersion, compareVersion), logs) });
    },
  });

  apiRoute(app, ctx, {
    path: `${PREFIX}/order`,
    action: 'order',
    method: 'POST',
    schema: {
      summary: "The original client's market: order a module (a free one answers as already bought)",
      query: z.object({ goods_id: uid.describe("The module's uid (the `id` of its info).") }),
      data: z.object({ info: originalOrder }),
    },
    handler: async (request) => {
      const moduleUid = request.query.goods_id;
      const info = answered(
        await callStore<StoreModuleInfo>(app, request, {
          method: 'GET',
          path: 'store/info',
          query: { uid: moduleUid },
        }),
      );
      if (info.price_type === 'free') {
        // Free: no order, but the member must be signed in to download, so ask as download would.
        answered(
          await callStore(app, request, { method: 'GET', path: 'store/preCheck', query: { uid: moduleUid } }),
        );
        return ok({ info: freeModuleOrder(info) });
      }
      const { order, purchased } = answered(
        await callStore<{ order: StoreOrder; purchased: boolean }>(app, request, {
          method: 'POST',
          path: 'store/order',
          body: { uid: moduleUid },
        }),
      );
      return ok({ info: paidModuleOrder(order, purchased) });
    },
  });

  apiRoute(app, ctx, {
    path: `${PREFIX}/pay`,
    action: 'pay',
    method: 'POST',
    schema: {
      summary: "The original client's market: pay an order with points or balance",
      query: z.object({
        order_id: z.coerce.number().int().min(1).max(2_147_483_647),
        pay_type: z
          .string()
          .trim()
          .max(20)
          .default('')
          .describe("'score' or 'balance'; WeChat and Alipay are not offered."),
      }),
      data: z.object({ info: originalOrder, score: z.number(), money: z.string() }),
    },
    handler: async (request) => {
      const { order_id, pay_type } = request.query;
      const ledger = pay_type === 'balance' ? 'money' : pay_type === 'score' ? 'score' : null;
      if (ledger === null) throw new ApiError(M.gatewayMissing);
      const envelope = await callStore<StorePayAnswer>(app, request, {
        method: 'POST',
        path: 'store/pay',
        body: { order_id, pay_type: ledger },
      });
      const paid = answered(envelope);
      return ok(
        { info: paidModuleOrder(paid.order, true), score: paid.score, money: paid.money },
        envelope.msg,
      );
    },
  });

  const packageQuery = z.object({
    uid,
    moduleVersion: z.string().trim().max(50).default('').describe('The version wanted; none for the newest.'),
    version: z.string().trim().max(50).default(''),
    order_id: orderId.describe('The order; 0 lets the store pick (free modules need none).'),
    'ba-user-token': z
      .string()
      .max(200)
      .optional()
      .describe("The member's token (the original's server sends it here)."),
  });
  const storeQuery = (q: z.infer<typeof packageQuery>) => ({
    uid: q.uid,
    version: q.version || q.moduleVersion,
    order_id: `${q.order_id}`,
  });

  apiRoute(app, ctx, {
    path: `${PREFIX}/preCheck`,
    action: 'preCheck',
    method: 'GET',
    schema: {
      summary: "The original's server before installing from this store: may the member download the module",
      query: packageQuery.passthrough(),
      data: z.unknown(),
    },
    handler: async (request) => {
      const query = storeQuery(request.query);
      return ok(answered(await callStore(app, request, { method: 'GET', path: 'store/preCheck', query })));
    },
  });

  apiRoute(app, ctx, {
    path: `${PREFIX}/download`,
    action: 'download',
    method: 'GET',
    schema: {
      summary: "The original's server installing from this store: the module's package zip",
      query: packageQuery.passthrough(),
      data: z.null(),
      produces: 'application/zip',
    },
    handler: async (request, reply) => {
      const response = await callStoreRaw(app, request, {
        method: 'GET',
        path: 'store/download',
        query: storeQuery(request.query),
      });
      // A refusal is the JSON envelope (its body starts with `{`, as the original's server checks).
      if (!String(response.headers['content-type'] ?? '').startsWith('application/zip')) {
        refuse(marketEnvelope(response));
      }
      const passed = ['content-type', 'content-disposition', STORE_SHA256_HEADER, 'cache-control'];
      for (const name of passed) {
        const value = response.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply.send(response.rawPayload);
    },
  });
}
