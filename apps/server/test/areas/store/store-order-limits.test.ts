/**
 * The store's unpaid orders do not pile up: one not paid within 24 hours lapses (paying it is
 * refused with a clear message, and it is removed when orders are next placed), and a member
 * holds at most 20 unpaid orders, exactly, however many orders arrive at once.
 */
import { beforeAll, expect, it } from 'vitest';
import { storeOf } from '../../../src/areas/store/repository.js';
import { addModule, buyer, emptyStore, memberHolds, publishVersion } from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const HOUR = 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const order = (t: TestApp, token: string, uid: string) =>
  call(t.app, 'POST', '/api/store/order', { userToken: token, body: { uid } });
const pay = (t: TestApp, token: string, orderId: number, lang: 'en' | 'zh-cn' = 'en') =>
  call(t.app, 'POST', '/api/store/pay', { userToken: token, body: { order_id: orderId }, lang });
const orders = (t: TestApp) => storeOf(t.ctx);
const ageOrder = (t: TestApp, id: number, hours: number) =>
  orders(t)
    .updateTable('store_order')
    .set({ create_time: nowSeconds() - hours * HOUR })
    .where('id', '=', id)
    .execute();
const unpaidOf = async (t: TestApp, userId: number) =>
  (
    await orders(t)
      .selectFrom('store_order')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'unpaid')
      .execute()
  ).length;

/** `count` unpaid orders of the member for `moduleId`, at amounts no module sells for (never reused). */
async function unpaidOrders(t: TestApp, userId: number, moduleId: number, count: number, hoursOld = 1) {
  const time = nowSeconds() - hoursOld * HOUR;
  for (let n = 0; n < count; n++) {
    await orders(t)
      .insertInto('store_order')
      .values({
        order_no: `${userId}-${moduleId}-${n}-${hoursOld}`,
        user_id: userId,
        module_id: moduleId,
        price_type: 'score',
        amount: 1000 + n,
        status: 'unpaid',
        pay_time: null,
        expire_time: null,
        create_time: time,
        update_time: time,
      })
      .execute();
  }
}

forEachDatabase(
  'store unpaid orders lapse and are capped',
  (get) => {
    const modules: { id: number; uid: string }[] = [];

    beforeAll(async () => {
      const t = get();
      const admin = (await loginSuper(t)).token;
      // Each with a version: the store sells nothing it cannot deliver.
      for (let n = 0; n < 12; n++) {
        const module = await addModule(t, admin, { uid: `paid${n}`, price_type: 'score', price: '10' });
        expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
        modules.push(module);
      }
    });

    it('refuses to pay an order left unpaid for over 24 hours, charging nothing', async () => {
      const t = get();
      const member = await buyer(t, 'late', 100);
      const created = await order(t, member.token, 'paid0');
      await ageOrder(t, created.data.order.id, 25);
      expect(await pay(t, member.token, created.data.order.id)).toMatchObject({
        code: 0,
        msg: 'This order was not paid within 24 hours and has lapsed: please place a new order',
      });
      expect(await pay(t, member.token, created.data.order.id, 'zh-cn')).toMatchObject({
        code: 0,
        msg: '该订单未在 24 小时内支付，已失效，请重新下单',
      });
      const holds = await memberHolds(t, member.id);
      expect(holds.score).toBe(100);
      expect(holds.scoreLogs).toEqual([]);

      // Ordering again places a new order (the lapsed one is not reused, and is gone), which pays.
      const again = await order(t, member.token, 'paid0');
      expect(again.code).toBe(1);
      expect(again.data.order.id).not.toBe(created.data.order.id);
      const lapsed = await orders(t)
        .selectFrom('store_order')
        .select('id')
        .where('id', '=', created.data.order.id)
        .executeTakeFirst();
      expect(lapsed).toBeUndefined();
      expect(await pay(t, member.token, again.data.order.id)).toMatchObject({ code: 1 });
      expect((await memberHolds(t, member.id)).score).toBe(90);
    });

    it('still takes payment of an order placed 23 hours ago', async () => {
      const t = get();
      const member = await buyer(t, 'slow', 100);
      const created = await order(t, member.token, 'paid1');
      await ageOrder(t, created.data.order.id, 23);
      expect(await pay(t, member.token, created.data.order.id)).toMatchObject({ code: 1 });
    });

    it("removes any member's lapsed unpaid orders when an order is placed, keeping paid and recent ones", async () => {
      const t = get();
      const idle = await buyer(t, 'idle', 0);
      const module = modules[2] as { id: number };
      await unpaidOrders(t, idle.id, module.id, 3, 30);
      await unpaidOrders(t, idle.id, module.id, 2, 2);
      const shopper = await buyer(t, 'shopper', 100);
      const paidLongAgo = await order(t, shopper.token, 'paid3');
      expect((await pay(t, shopper.token, paidLongAgo.data.order.id)).code).toBe(1);
      await ageOrder(t, paidLongAgo.data.order.id, 48);

      expect((await order(t, shopper.token, 'paid4')).code).toBe(1);
      expect(await unpaidOf(t, idle.id)).toBe(2);
      const paid = await orders(t)
        .selectFrom('store_order')
        .select('status')
        .where('id', '=', paidLongAgo.data.order.id)
        .executeTakeFirstOrThrow();
      expect(paid.status).toBe('paid');
    });

    it('refuses a 21st unpaid order with a clear message, and takes one again once one is paid', async () => {
      const t = get();
      const member = await buyer(t, 'hoarder', 100);
      await unpaidOrders(t, member.id, (modules[5] as { id: number }).id, 20);
      expect(await order(t, member.token, 'paid6')).toMatchObject({
        code: 0,
        msg: 'You have 20 unpaid orders: pay one, or wait for them to lapse after 24 hours, before placing another',
      });
      expect(
        await call(t.app, 'POST', '/api/store/order', {
          userToken: member.token,
          body: { uid: 'paid6' },
          lang: 'zh-cn',
        }),
      ).toMatchObject({
        code: 0,
        msg: '您已有 20 个未支付的订单，请先支付，或等其在 24 小时后失效，再下新订单',
      });
      expect(await unpaidOf(t, member.id)).toBe(20);

      // Lapsed orders do not count: one of them ages past 24 hours, and the next order is placed.
      const oldest = await orders(t)
        .selectFrom('store_order')
        .select('id')
        .where('user_id', '=', member.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await ageOrder(t, oldest.id, 25);
      const placed = await order(t, member.token, 'paid6');
      expect(placed.code).toBe(1);
      // Paying it leaves 19 unpaid: there is room for one more.
      expect((await pay(t, member.token, placed.data.order.id)).code).toBe(1);
      expect((await order(t, member.token, 'paid7')).code).toBe(1);
      expect((await order(t, member.token, 'paid8')).code).toBe(0);
    });

    it('caps unpaid orders exactly when many arrive at once, and answers one order for one module', async () => {
      const t = get();
      const member = await buyer(t, 'rusher', 0);
      await unpaidOrders(t, member.id, (modules[9] as { id: number }).id, 15);
      const uids = [
        'paid0',
        'paid1',
        'paid2',
        'paid3',
        'paid4',
        'paid5',
        'paid6',
        'paid7',
        'paid8',
        'paid10',
      ];
      const answers = await Promise.all(uids.map((uid) => order(t, member.token, uid)));
      expect(answers.filter((a) => a.code === 1)).toHaveLength(5);
      expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
      expect(await unpaidOf(t, member.id)).toBe(20);

      const other = await buyer(t, 'clicker2', 0);
      const same = await Promise.all(Array.from({ length: 8 }, () => order(t, other.token, 'paid11')));
      expect(new Set(same.map((a) => a.data.order.id)).size).toBe(1);
      expect(await unpaidOf(t, other.id)).toBe(1);
    });
  },
  emptyStore(),
);
