/**
 * The module store's orders, payments and downloads: payments are charged once however many
 * arrive at the same time, many members buying at once end with exact balances and one log row
 * each, a short balance changes nothing, and downloads need an order covering the version.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  addModule,
  buyer,
  emptyStore,
  memberHolds,
  type PublishedModule,
  publishVersion,
  sha256,
} from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

type StoreDb = {
  store_order: { id: number; status: string; expire_time: number | null; pay_time: number | null };
  store_version: { module_id: number; version: string; create_time: number };
};

const order = async (t: TestApp, token: string, uid: string) =>
  call(t.app, 'POST', '/api/store/order', { userToken: token, body: { uid } });
/** An order the test expects to be placed: a refusal fails here, with the server's message. */
const placedOrder = async (t: TestApp, token: string, uid: string) => {
  const answer = await order(t, token, uid);
  expect(answer, `order of ${uid}: ${answer.msg}`).toMatchObject({ code: 1 });
  return answer;
};
const pay = (t: TestApp, token: string, orderId: number, lang: 'en' | 'zh-cn' = 'en') =>
  call(t.app, 'POST', '/api/store/pay', { userToken: token, body: { order_id: orderId }, lang });
const download = (t: TestApp, token: string, query: Record<string, unknown>) =>
  t.app.inject({
    method: 'GET',
    url: '/api/store/download',
    query: query as Record<string, string>,
    headers: { 'ba-user-token': token, 'think-lang': 'en', server: 'true' },
  });

forEachDatabase(
  'module store orders',
  (get) => {
    let admin = '';
    let pointsModule: PublishedModule;
    let moneyModule: PublishedModule;
    let freeModule: PublishedModule;

    beforeAll(async () => {
      const t = get();
      admin = (await loginSuper(t)).token;
      pointsModule = await addModule(t, admin, {
        uid: 'checkin',
        title: 'Daily check-in',
        price_type: 'score',
        price: '10',
      });
      moneyModule = await addModule(t, admin, {
        uid: 'blog',
        title: 'Blog',
        price_type: 'money',
        price: '12.50',
      });
      freeModule = await addModule(t, admin, { uid: 'notes', title: 'Notes', price_type: 'free' });
      for (const module of [pointsModule, moneyModule, freeModule]) {
        expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      }
    });

    it('charges 50 simultaneous payments of one order once', async () => {
      const t = get();
      const member = await buyer(t, 'clicker', 100);
      const created = await order(t, member.token, 'checkin');
      expect(created).toMatchObject({
        code: 1,
        data: { purchased: false, order: { status: 'unpaid', amount: '10' } },
      });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => pay(t, member.token, created.data.order.id)),
      );
      const paid = answers.filter((a) => a.code === 1);
      expect(paid).toHaveLength(1);
      expect(paid[0]?.data).toMatchObject({ score: 90, order: { status: 'paid' } });
      const refused = answers.filter((a) => a.code !== 1);
      expect(refused).toHaveLength(49);
      for (const answer of refused) {
        expect(answer).toMatchObject({
          code: 0,
          msg: 'This order has already been paid',
          data: { order: { status: 'paid' } },
        });
      }
      const holds = await memberHolds(t, member.id);
      expect(holds.score).toBe(90);
      expect(holds.scoreLogs).toHaveLength(1);
      expect(holds.scoreLogs[0]).toMatchObject({ score: -10, before: 100, after: 90 });
      expect(holds.scoreLogs[0]?.memo).toContain('Daily check-in');
      // Paid: one year from the payment.
      const row = await t.ctx.db.kysely
        .withTables<StoreDb>()
        .selectFrom('store_order')
        .selectAll()
        .where('id', '=', created.data.order.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.expire_time) - Number(row.pay_time)).toBe(365 * 24 * 60 * 60);
      // The back-office sees it, found by the member's name.
      const listed = await call(t.app, 'GET', '/admin/store.Order/index', {
        token: admin,
        query: { quickSearch: 'clicker' },
      });
      expect(listed.data.list).toEqual([
        expect.objectContaining({ username: 'clicker', module_uid: 'checkin', amount: '10', status: 'paid' }),
      ]);
      // Ordering again while the period runs answers the paid order: nothing new to pay.
      expect(await order(t, member.token, 'checkin')).toMatchObject({
        code: 1,
        data: { purchased: true, order: { id: created.data.order.id, status: 'paid' } },
      });
    });

    it('leaves 20 members buying at once with exact balances and one log row each', async () => {
      const t = get();
      const members = await Promise.all(
        Array.from({ length: 20 }, (_, i) => buyer(t, `crowd${i}`, 0, 2000 + i * 100)),
      );
      const orders = await Promise.all(members.map((m) => placedOrder(t, m.token, 'blog')));
      for (const created of orders)
        expect(created.data.order).toMatchObject({ amount: '12.50', price_type: 'money' });
      const answers = await Promise.all(
        members.map((m, i) => pay(t, m.token, orders[i]?.data.order.id, 'zh-cn')),
      );
      expect(answers.map((a) => a.code)).toEqual(members.map(() => 1));
      for (const [i, m] of members.entries()) {
        const holds = await memberHolds(t, m.id);
        expect(holds.money).toBe(2000 + i * 100 - 1250);
        expect(holds.moneyLogs).toHaveLength(1);
        expect(holds.moneyLogs[0]).toMatchObject({
          money: -1250,
          before: 2000 + i * 100,
          after: 750 + i * 100,
        });
        expect(holds.moneyLogs[0]?.memo).toBe(`购买模块 Blog（订单 ${orders[i]?.data.order.order_no}）`);
        expect(answers[i]?.data.money).toBe(((750 + i * 100) / 100).toFixed(2));
      }
    });

    it('refuses a payment the balance cannot cover and changes nothing', async () => {
      const t = get();
      const member = await buyer(t, 'short', 9, 1249);
      const points = await placedOrder(t, member.token, 'checkin');
      const money = await placedOrder(t, member.token, 'blog');
      expect(await pay(t, member.token, points.data.order.id)).toMatchObject({
        code: 0,
        msg: 'Insufficient points: 10 needed, 9 available',
      });
      expect(await pay(t, member.token, money.data.order.id, 'zh-cn')).toMatchObject({
        code: 0,
        msg: '余额不足：需要 12.50，当前可用 12.49',
      });
      const holds = await memberHolds(t, member.id);
      expect(holds).toMatchObject({ score: 9, money: 1249, scoreLogs: [], moneyLogs: [] });
      const statuses = await t.ctx.db.kysely
        .withTables<StoreDb>()
        .selectFrom('store_order')
        .select('status')
        .where('id', 'in', [points.data.order.id, money.data.order.id])
        .execute();
      expect(statuses.map((s) => s.status)).toEqual(['unpaid', 'unpaid']);
      // Still unpaid: no download either.
      const refused = await download(t, member.token, { uid: 'checkin' });
      expect(refused.json()).toMatchObject({ code: 0, msg: 'This order has not been paid yet' });
    });

    it('sells no module without a published version: no order, no charge', async () => {
      const t = get();
      const unreleased = await addModule(t, admin, {
        uid: 'soon',
        title: 'Soon',
        price_type: 'score',
        price: '10',
      });
      const member = await buyer(t, 'early', 50);
      expect(await order(t, member.token, 'soon')).toMatchObject({
        code: 0,
        msg: 'This module has no published version yet',
      });
      // An order placed while a version was out is not paid once none is left.
      expect((await publishVersion(t, admin, unreleased, '1.0.0')).code).toBe(1);
      const placed = await order(t, member.token, 'soon');
      expect(placed.code, placed.msg).toBe(1);
      await t.ctx.db.kysely
        .withTables<{ store_version: { module_id: number } }>()
        .deleteFrom('store_version')
        .where('module_id', '=', unreleased.id)
        .execute();
      expect(await pay(t, member.token, placed.data.order.id)).toMatchObject({
        code: 0,
        msg: 'This module has no published version yet',
      });
      expect(await memberHolds(t, member.id)).toMatchObject({ score: 50, scoreLogs: [] });
    });

    it('refuses orders for free modules and foreign or missing orders', async () => {
      const t = get();
      const owner = await buyer(t, 'owner', 50);
      const other = await buyer(t, 'other', 50);
      expect(await order(t, owner.token, 'notes')).toMatchObject({
        code: 0,
        msg: 'This module is free: no order is needed to download it',
      });
      expect(await order(t, owner.token, 'nope')).toMatchObject({
        code: 0,
        msg: 'The module was not found in the store',
      });
      const mine = await placedOrder(t, owner.token, 'checkin');
      expect(await pay(t, other.token, mine.data.order.id)).toMatchObject({
        code: 0,
        msg: 'This order belongs to another member',
      });
      expect((await memberHolds(t, other.id)).score).toBe(50);
      // A points order is not paid from the balance.
      const byBalance = await call(t.app, 'POST', '/api/store/pay', {
        userToken: owner.token,
        body: { order_id: mine.data.order.id, pay_type: 'money' },
        lang: 'zh-cn',
      });
      expect(byBalance).toMatchObject({ code: 0, msg: '该订单只能使用积分支付' });
      expect((await memberHolds(t, owner.id)).score).toBe(50);
      expect(
        (await call(t.app, 'POST', '/api/store/pay', { body: { order_id: mine.data.order.id } })).code,
      ).toBe(303);
    });

    it('downloads only what an order covers, counting each download', async () => {
      const t = get();
      const member = await buyer(t, 'downloader', 100);
      const stranger = await buyer(t, 'stranger', 100);
      expect((await download(t, member.token, { uid: 'checkin' })).json()).toMatchObject({
        code: 0,
        msg: 'Please buy this module first',
      });
      const preRefused = await call(t.app, 'GET', '/api/store/preCheck', {
        userToken: member.token,
        query: { uid: 'checkin' },
      });
      expect(preRefused).toMatchObject({ code: 0, msg: 'Please buy this module first' });

      const created = await placedOrder(t, member.token, 'checkin');
      expect((await pay(t, member.token, created.data.order.id)).code).toBe(1);
      const before = await call(t.app, 'GET', '/api/store/info', { query: { uid: 'checkin' } });
      const got = await download(t, member.token, { uid: 'checkin', order_id: created.data.order.id });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/zip');
      expect(got.headers['x-package-sha256']).toBe(sha256(got.rawPayload));
      expect(got.headers['x-package-sha256']).toBe(before.data.versions[0].sha256);
      const after = await call(t.app, 'GET', '/api/store/info', { query: { uid: 'checkin' } });
      expect(after.data.downloads).toBe(before.data.downloads + 1);

      expect(
        await call(t.app, 'GET', '/api/store/preCheck', {
          userToken: member.token,
          query: { uid: 'checkin', order_id: created.data.order.id },
        }),
      ).toMatchObject({
        code: 1,
        data: {
          listed: true,
          version: '1.0.0',
          sha256: before.data.versions[0].sha256,
          order_id: created.data.order.id,
        },
      });
      // Someone else's order number does not open the download.
      expect(
        (await download(t, stranger.token, { uid: 'checkin', order_id: created.data.order.id })).json(),
      ).toMatchObject({ code: 0, msg: 'This order belongs to another member' });
      // A free module: any signed-in member, no order; nobody signed out.
      const free = await download(t, stranger.token, { uid: 'notes' });
      expect(free.statusCode).toBe(200);
      expect(free.headers['content-type']).toBe('application/zip');
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/store/download?uid=notes' });
      expect(anonymous.json()).toMatchObject({ code: 303 });
      // A module the store does not publish: the store has no say (a site's own upload).
      expect(
        await call(t.app, 'GET', '/api/store/preCheck', {
          userToken: member.token,
          query: { uid: 'private' },
        }),
      ).toMatchObject({ code: 1, data: { listed: false } });
    });

    it('refuses versions released after an order expired, and keeps the ones released within it', async () => {
      const t = get();
      const member = await buyer(t, 'lapsed', 100);
      const created = await placedOrder(t, member.token, 'checkin');
      expect((await pay(t, member.token, created.data.order.id)).code).toBe(1);
      // The year is over: its end moved to one second before the next version's release.
      const ended = Math.floor(Date.now() / 1000) - 1;
      await t.ctx.db.kysely
        .withTables<StoreDb>()
        .updateTable('store_order')
        .set({ expire_time: ended })
        .where('id', '=', created.data.order.id)
        .execute();
      // 1.0.0 a minute inside the period: published in the same second as `ended` was taken,
      // it would count as released after the end (the times are whole seconds).
      await t.ctx.db.kysely
        .withTables<StoreDb>()
        .updateTable('store_version')
        .set({ create_time: ended - 60 })
        .where('module_id', '=', pointsModule.id)
        .where('version', '=', '1.0.0')
        .execute();
      expect((await publishVersion(t, admin, pointsModule, '1.0.1')).code).toBe(1);
      const day = new Date(ended * 1000).toISOString().slice(0, 10);
      const message = `Version 1.0.1 was released after the update period of your order ended (${day}): buy it again to get this version`;
      expect((await download(t, member.token, { uid: 'checkin' })).json()).toMatchObject({
        code: 0,
        msg: message,
      });
      expect(
        await call(t.app, 'GET', '/api/store/preCheck', {
          userToken: member.token,
          query: { uid: 'checkin', version: '1.0.1' },
        }),
      ).toMatchObject({ code: 0, msg: message });
      // What was released within the period stays theirs.
      expect((await download(t, member.token, { uid: 'checkin', version: '1.0.0' })).statusCode).toBe(200);
      const info = await call(t.app, 'GET', '/api/store/info', {
        userToken: member.token,
        query: { uid: 'checkin' },
      });
      expect(info.data.purchase).toMatchObject({ covered: false, order: { status: 'paid' } });
      // Buying again opens a new year that covers the new version.
      const renewed = await order(t, member.token, 'checkin');
      expect(renewed.data).toMatchObject({ purchased: false, order: { status: 'unpaid' } });
      expect((await pay(t, member.token, renewed.data.order.id)).code).toBe(1);
      expect((await download(t, member.token, { uid: 'checkin' })).statusCode).toBe(200);
      expect((await memberHolds(t, member.id)).score).toBe(80);
    });
  },
  emptyStore(),
);
