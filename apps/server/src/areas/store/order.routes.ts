/**
 * A signed-in member's orders: `/api/store/order` creates one (or answers the one that already
 * covers the module), `/api/store/pay` pays it from the member's points or balance, and
 * `/api/store/orders` lists them. Free modules take no order: they download without one.
 * Unpaid orders lapse after a day and a member holds only so many (order-limits.ts).
 *
 * Paying is one transaction: the order flips from unpaid to paid with a conditional UPDATE,
 * then the member's points or balance drop through the member feature's adjustBalance (a
 * conditional UPDATE that also refuses to go below 0) with its log row. A second payment of
 * the same order finds it paid and charges nothing; a short balance rolls everything back. A
 * payment sent with an Idempotency-Key (http/idempotency.ts) and retried after a lost answer
 * gets the first answer, a success, rather than "already paid".
 */
import { randomInt } from 'node:crypto';
import {
  ApiError,
  type AppContext,
  adjustBalance,
  apiRoute,
  Code,
  centsToString,
  claimOnceKey,
  fail,
  input,
  insertId,
  lockMember,
  MONEY,
  now,
  ok,
  onceKeyOf,
  SCORE,
  saveOnceAnswer,
  signedInMember,
  sweepOnceKeys,
  translate,
} from '@portico/server-sdk';
import type { StoreOrder, StorePayAnswer } from '@portico/shared';
import { STORE_PERIOD_DAYS } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STORE_MESSAGES as M } from './messages.js';
import {
  hasLapsed,
  lapseCutoff,
  MAX_UNPAID_ORDERS,
  openUnpaidCount,
  removeLapsedOrders,
  UNPAID_ORDER_HOURS,
} from './order-limits.js';
import { orderInfo } from './present.js';
import { findListedModule, type StoreDb, storeDb, storeOf } from './repository.js';
import { storeOrder, storePayAnswer } from './schemas.js';

const PERIOD_SECONDS = STORE_PERIOD_DAYS * 24 * 60 * 60;

const orderBody = z.object({ uid: z.string().trim().min(1).max(40) });
const payBody = z.object({
  order_id: input.id(),
  pay_type: z
    .enum(['score', 'money'], 'Parameter %s has an unsupported value')
    .optional()
    .describe("Optional: the button the member pressed; it must match the order's currency."),
});
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** 20 digits: the time to the second and six random digits; unique by index. */
/**
 * A module is sold only with a version to download: its order and its payment are refused
 * before anything is charged, not its install after (the original client's market pays, then installs).
 */
async function requirePublishedVersion(db: StoreDb, moduleId: number): Promise<void> {
  const version = await db
    .selectFrom('store_version')
    .select('id')
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  if (!version) fail(M.noVersion);
}

function orderNumber(time: number): string {
  const stamp = new Date(time * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function registerStoreOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'store/order',
    action: 'order',
    method: 'POST',
    access: 'login',
    schema: {
      summary: 'Order a paid module, or answer the order that already covers it or waits for payment',
      body: orderBody,
      data: z.object({
        order: storeOrder,
        purchased: z
          .boolean()
          .describe('The order is paid and its period runs: the module can be installed.'),
      }),
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const { uid } = request.body;
      const db = storeOf(ctx);
      const module = await findListedModule(db, uid);
      if (module?.status !== '1') fail(M.moduleNotFound);
      if (module.price_type === 'free') fail(M.free);
      await requirePublishedVersion(db, module.id);
      const time = now();
      await removeLapsedOrders(db, time);
      const answer = await ctx.db.kysely.transaction().execute(async (trx) => {
        await lockMember(trx, user.id);
        const tx = storeDb(trx);
        const orders = await tx
          .selectFrom('store_order')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('module_id', '=', module.id)
          .orderBy('id', 'desc')
          .execute();
        // Still inside a paid period: that order is the purchase ("can be installed directly").
        const running = orders.find((o) => o.status === 'paid' && Number(o.expire_time ?? 0) >= time);
        if (running) return { order: orderInfo(running, module), purchased: true };
        // An unpaid order at today's price is reused rather than piling up; its amount never
        // changes once written, so a payment always charges what the order says.
        const open = orders.find(
          (o) =>
            o.status === 'unpaid' &&
            !hasLapsed(o, time) &&
            o.price_type === module.price_type &&
            o.amount === module.price,
        );
        if (open) return { order: orderInfo(open, module), purchased: false };
        if ((await openUnpaidCount(tx, user.id, time)) >= MAX_UNPAID_ORDERS)
          fail(M.tooManyUnpaid, MAX_UNPAID_ORDERS, UNPAID_ORDER_HOURS);
        const values = {
          order_no: orderNumber(time),
          user_id: user.id,
          module_id: module.id,
          price_type: module.price_type,
          amount: module.price,
          status: 'unpaid',
          pay_time: null,
          expire_time: null,
          create_time: time,
          update_time: time,
        };
        const id = await insertId(ctx.db, tx.insertInto('store_order').values(values));
        return { order: orderInfo({ id, ...values }, module), purchased: false };
      });
      return ok(answer);
    },
  });

  apiRoute(app, ctx, {
    path: 'store/pay',
    action: 'pay',
    method: 'POST',
    access: 'login',
    schema: {
      summary: "Pay an order from the member's points or balance",
      body: payBody,
      data: storePayAnswer,
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const { order_id, pay_type } = request.body;
      const once = onceKeyOf(request, `user:${user.id}:store/pay`, request.body);
      const answer = await ctx.db.kysely
        .transaction()
        .execute(async (trx): Promise<StorePayAnswer | null> => {
          // A retry of a payment already saved (its answer was lost) gets the first answer.
          const replay = once && (await claimOnceKey(trx, ctx.db.dialect, once));
          if (replay) return replay.answer as StorePayAnswer;
          const db = storeDb(trx);
          const row = await db
            .selectFrom('store_order')
            .selectAll()
            .where('id', '=', order_id)
            .executeTakeFirst();
          if (!row) fail(M.orderNotFound);
          if (row.user_id !== user.id) fail(M.orderForeign);
          const ledger = row.price_type === 'money' ? MONEY : SCORE;
          if (pay_type && pay_type !== row.price_type)
            fail(row.price_type === 'money' ? M.payWithMoney : M.payWithScore);
          const time = now();
          if (hasLapsed(row, time)) fail(M.orderLapsed, UNPAID_ORDER_HOURS);
          await requirePublishedVersion(db, row.module_id);
          const module = await db
            .selectFrom('store_module')
            .select(['uid', 'title'])
            .where('id', '=', row.module_id)
            .executeTakeFirstOrThrow();
          const paid = {
            ...row,
            status: 'paid',
            pay_time: time,
            expire_time: time + PERIOD_SECONDS,
            update_time: time,
          };
          const flipped = await db
            .updateTable('store_order')
            .set({
              status: paid.status,
              pay_time: paid.pay_time,
              expire_time: paid.expire_time,
              update_time: time,
            })
            .where('id', '=', row.id)
            .where('status', '=', 'unpaid')
            .where('create_time', '>=', lapseCutoff(time))
            .executeTakeFirst();
          // Paid by an earlier click (or lapsed meanwhile): nothing is charged. (Read again after
          // the transaction: on MySQL a plain read inside it still sees the snapshot taken before
          // the other payment.)
          if (Number(flipped.numUpdatedRows) === 0) return null;
          await adjustBalance(trx, ledger, {
            userId: user.id,
            amount: -row.amount,
            memo: translate(M.memo, request.lang, [module.title, row.order_no]),
            floor: 0,
          });
          const holds = await trx
            .selectFrom('user')
            .select(['score', 'money'])
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow();
          const paidAnswer: StorePayAnswer = {
            order: orderInfo(paid, module),
            score: holds.score,
            money: centsToString(holds.money),
          };
          if (once) await saveOnceAnswer(trx, once, paidAnswer);
          return paidAnswer;
        });
      if (once) await sweepOnceKeys(ctx.db.kysely);
      if (!answer) {
        const db = storeOf(ctx);
        const current = await db
          .selectFrom('store_order')
          .selectAll()
          .where('id', '=', order_id)
          .executeTakeFirst();
        if (current?.status !== 'paid') fail(M.orderLapsed, UNPAID_ORDER_HOURS);
        const module = await db
          .selectFrom('store_module')
          .select(['uid', 'title'])
          .where('id', '=', current.module_id)
          .executeTakeFirstOrThrow();
        throw new ApiError(M.alreadyPaid, [], Code.error, { order: orderInfo(current, module) });
      }
      return ok(answer, M.paid);
    },
  });

  apiRoute(app, ctx, {
    path: 'store/orders',
    action: 'orders',
    method: 'GET',
    access: 'login',
    schema: {
      summary: "One page of the member's orders, newest first",
      query: pageQuery,
      data: z.object({ list: z.array(storeOrder), total: z.number() }),
    },
    handler: async (request) => {
      const user = signedInMember(request);
      const { page, limit } = request.query;
      const db = storeOf(ctx);
      const mine = db.selectFrom('store_order').where('store_order.user_id', '=', user.id);
      const [rows, counted] = await Promise.all([
        mine
          .innerJoin('store_module', 'store_module.id', 'store_order.module_id')
          .selectAll('store_order')
          .select(['store_module.uid as module_uid', 'store_module.title as module_title'])
          .orderBy('store_order.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const list: StoreOrder[] = rows.map((row) =>
        orderInfo(row, { uid: row.module_uid, title: row.module_title }),
      );
      return ok({ list, total: Number(counted.total) });
    },
  });
}
