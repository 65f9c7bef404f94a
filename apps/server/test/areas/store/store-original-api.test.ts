/**
 * The original client's market against a Portico site (its `api_url` empty, so it calls this
 * instance): every call it makes is answered in the shape it reads. The module list with its
 * tabs, search and "New version"; a module's page; the member login with its image captcha;
 * ordering and paying by points and by balance (with the balance logs); a free module bought
 * without an order; and the download an original server asks for, the package Portico's
 * installer accepts.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { FREE_MODULE_ORDER } from '../../../src/areas/store/original-api/shapes.js';
import { readPackageInfo } from '../../../src/features/module/index.js';
import { createMember } from '../../support/member.js';
import { scratchDir } from '../../support/module-project.js';
import {
  addModule,
  emptyStore,
  memberHolds,
  type PublishedModule,
  publishVersion,
  sha256,
} from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const STORE = '/api/v6.store';

forEachDatabase(
  "the original client's market",
  (get) => {
    let admin = '';
    let toolsId = 0;
    let checkin: PublishedModule;

    /** The market dialog's login: the captcha image for a fresh id, then checkIn with its answer. */
    async function marketLogin(t: TestApp, username: string, password: string) {
      const captchaId = randomUUID();
      const image = await t.app.inject({
        method: 'GET',
        url: `/api/common/captcha?server=1&id=${captchaId}`,
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      // The answer the member reads off the image (issued again for the same id: the test cannot read it).
      const captcha = await t.ctx.captcha.issue(captchaId);
      return call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username, password, captcha, captchaId, keep: false },
      });
    }
    async function member(t: TestApp, username: string, score: number, money = 0) {
      const id = await createMember(t.ctx, username, 'market-pass-1', { score, money });
      const login = await marketLogin(t, username, 'market-pass-1');
      expect(login.code).toBe(1);
      return { id, token: login.data.userInfo.token as string };
    }
    const order = (t: TestApp, token: string | undefined, uid: string) =>
      call(t.app, 'POST', `${STORE}/order`, { userToken: token, query: { goods_id: uid } });
    const pay = (t: TestApp, token: string, orderId: number, payType: string) =>
      call(t.app, 'POST', `${STORE}/pay`, {
        userToken: token,
        query: { order_id: orderId, pay_type: payType },
      });

    beforeAll(async () => {
      const t = get();
      admin = (await loginSuper(t)).token;
      const category = await call(t.app, 'POST', '/admin/store.Category/add', {
        token: admin,
        body: { name: 'Tools', status: '1', weigh: 1 },
      });
      expect(category.code).toBe(1);
      toolsId = Number(
        (
          await t.ctx.db.kysely
            .withTables<{ store_category: { id: number; name: string } }>()
            .selectFrom('store_category')
            .select('id')
            .where('name', '=', 'Tools')
            .executeTakeFirstOrThrow()
        ).id,
      );
      checkin = await addModule(t, admin, {
        uid: 'checkin',
        title: 'Daily check-in',
        category_id: toolsId,
        tags: 'sign,daily',
        price_type: 'score',
        price: '10',
      });
      const blog = await addModule(t, admin, {
        uid: 'blog',
        title: 'Blog',
        price_type: 'money',
        price: '12.50',
        original_price: '20',
      });
      const notes = await addModule(t, admin, { uid: 'notes', title: 'Notes', price_type: 'free' });
      for (const module of [checkin, blog, notes]) {
        expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      }
      expect((await publishVersion(t, admin, checkin, '1.1.0')).code).toBe(1);
    });

    it("points the original client's store calls at this instance: siteConfig.apiUrl is empty", async () => {
      const t = get();
      const index = await call(t.app, 'GET', '/admin/index/index', { token: admin });
      // The client calls `${apiUrl}/api/v6.store/...`: '' is this site's own address.
      expect(index.data.siteConfig.apiUrl).toBe('');
    });

    it('lists every module with the tabs, prices, tags and "New version" the cards read', async () => {
      const t = get();
      // As the client's HTTP client writes the installed modules into the query.
      const query =
        'activeTab=all&sysVersion=2.0.0&installed[0][uid]=checkin&installed[0][version]=1.0.0' +
        '&installed[1][uid]=notes&installed[1][version]=1.0.0';
      const res = await call(t.app, 'GET', `${STORE}/modules`, { query });
      expect(res.code).toBe(1);
      expect(res.data.remark).toBe('');
      expect(res.data.category).toEqual([
        { id: 'all', name: 'All' },
        { id: toolsId, name: 'Tools' },
      ]);
      const byUid = Object.fromEntries(res.data.rows.map((row: { uid: string }) => [row.uid, row]));
      expect(Object.keys(byUid).sort()).toEqual(['blog', 'checkin', 'notes']);
      expect(byUid.checkin).toMatchObject({
        title: 'Daily check-in',
        tags: [
          { name: 'sign', type: '' },
          { name: 'daily', type: '' },
        ],
        currency_select: 0,
        present_price: 10,
        original_price: 0,
        version: '1.1.0',
        new_version: true,
        downloads: 0,
      });
      expect(byUid.blog).toMatchObject({ currency_select: 1, present_price: 12.5, original_price: 20 });
      expect(byUid.blog.new_version).toBe(false);
      expect(byUid.notes).toMatchObject({ currency_select: 0, present_price: 0, new_version: false });
    });

    it('answers a tab and a search with only their modules, and the indexless installed list too', async () => {
      const t = get();
      const tab = await call(t.app, 'GET', `${STORE}/modules`, { query: { activeTab: String(toolsId) } });
      expect(tab.data.rows.map((row: { uid: string }) => row.uid)).toEqual(['checkin']);
      const search = await call(t.app, 'GET', `${STORE}/modules`, { query: { quickSearch: 'Blog' } });
      expect(search.data.rows.map((row: { uid: string }) => row.uid)).toEqual(['blog']);
      const indexless = await call(t.app, 'GET', `${STORE}/modules`, {
        query: 'installed[][uid]=checkin&installed[][version]=1.1.0',
      });
      const row = indexless.data.rows.find((r: { uid: string }) => r.uid === 'checkin');
      expect(row.new_version).toBe(false);
      const json = await call(t.app, 'GET', `${STORE}/modules`, {
        query: `installed=${encodeURIComponent(JSON.stringify([{ uid: 'checkin', version: '1.0.1' }]))}`,
      });
      expect(json.data.rows.find((r: { uid: string }) => r.uid === 'checkin').new_version).toBe(true);
    });

    it("shows a module's page as the goods dialog reads it, and refuses a uid the store does not list", async () => {
      const t = get();
      const res = await call(t.app, 'GET', `${STORE}/info`, {
        query: { uid: 'checkin', localVersion: '1.0.0', sysVersion: '2.0.0' },
      });
      expect(res.code).toBe(1);
      expect(res.data.info).toMatchObject({
        id: 'checkin',
        uid: 'checkin',
        type: 'online',
        title: 'Daily check-in',
        currency_select: 0,
        present_price: 10,
        category: { id: toolsId, name: 'Tools' },
        new_version: true,
        purchased: 0,
        developer: { nickname: 'Portico' },
      });
      // The developer's other works, as the dialog's recommendations.
      expect(res.data.info.developer.goods.map((g: { uid: string }) => g.uid).sort()).toEqual([
        'blog',
        'notes',
      ]);
      expect(res.data.info.version_log.map((v: { title: string }) => v.title)).toEqual(['1.1.0', '1.0.0']);
      expect(res.data.info.version_log[0].describe).toContain('Changes of 1.1.0');
      expect(res.data.info.version_log[0].createtime).toBeGreaterThan(0);
      const missing = await call(t.app, 'GET', `${STORE}/info`, { query: { uid: 'nothing-here' } });
      expect(missing).toMatchObject({ code: 0, msg: 'The module was not found in the store' });
    });

    it('signs the market member in with the image captcha, and refuses a wrong answer', async () => {
      const t = get();
      await createMember(t.ctx, 'marketeer', 'market-pass-1', { score: 5, money: 700 });
      const wrong = await call(t.app, 'POST', '/api/user/checkIn', {
        body: {
          tab: 'login',
          username: 'marketeer',
          password: 'market-pass-1',
          captcha: 'zzzz',
          captchaId: randomUUID(),
          keep: false,
        },
      });
      expect(wrong).toMatchObject({ code: 0, msg: 'Captcha error' });
      const res = await marketLogin(t, 'marketeer', 'market-pass-1');
      expect(res.code).toBe(1);
      // The member dialog fills itself from userInfo.
      expect(res.data.userInfo).toMatchObject({ username: 'marketeer', score: 5, money: '7.00' });
      expect(res.data.userInfo.token).toMatch(/\S{16,}/);
      // The member panel refills itself from /api/user/info, the token included.
      const token = res.data.userInfo.token as string;
      const info = await call(t.app, 'GET', '/api/user/info', { userToken: token });
      expect(info).toMatchObject({
        code: 1,
        data: { userInfo: { username: 'marketeer', score: 5, money: '7.00', token } },
      });
      // Signed out: the market's 301 (Portico's 303 would sign the administrator out).
      expect(await call(t.app, 'GET', '/api/user/info')).toMatchObject({
        code: 301,
        msg: 'Please login first',
      });
    });

    it('asks for the market login with 301, and 408 for an expired token, never the admin codes', async () => {
      const t = get();
      expect(await order(t, undefined, 'checkin')).toMatchObject({ code: 301, msg: 'Please login first' });
      const { token } = await member(t, 'lapsed', 100);
      await t.ctx.db.kysely
        .updateTable('token')
        .set({ expire_time: 1 })
        .where('token', '=', t.ctx.tokens.hash(token))
        .execute();
      expect((await order(t, token, 'checkin')).code).toBe(408);
      expect((await call(t.app, 'GET', '/api/user/info', { userToken: token })).code).toBe(408);
      expect(
        (await call(t.app, 'GET', `${STORE}/info`, { userToken: token, query: { uid: 'checkin' } })).code,
      ).toBe(1);
    });

    it('sells a module for points: order, payment with its points log, then the page offers the install', async () => {
      const t = get();
      const buyer = await member(t, 'pointsbuyer', 25);
      const created = await order(t, buyer.token, 'checkin');
      expect(created.code).toBe(1);
      expect(created.data.info).toMatchObject({
        uid: 'checkin',
        title: 'Daily check-in',
        amount: 10,
        status: 'unpaid',
        purchased: false,
        pay: { score: true, money: false },
      });
      expect(created.data.info.sn).toMatch(/^\d{20}$/);
      const orderId = created.data.info.id as number;
      const gateway = await pay(t, buyer.token, orderId, 'wx');
      expect(gateway).toMatchObject({
        code: 0,
        msg: 'WeChat and Alipay are not offered here: please pay with points or balance',
      });
      const paid = await pay(t, buyer.token, orderId, 'score');
      expect(paid).toMatchObject({
        code: 1,
        msg: 'Payment successful',
        data: { info: { id: orderId, uid: 'checkin', status: 'paid', purchased: true }, score: 15 },
      });
      const holds = await memberHolds(t, buyer.id);
      expect(holds.score).toBe(15);
      expect(holds.scoreLogs).toHaveLength(1);
      expect(holds.scoreLogs[0]).toMatchObject({ score: -10, before: 25, after: 15 });
      // Paying again charges nothing.
      expect((await pay(t, buyer.token, orderId, 'score')).code).toBe(0);
      expect((await memberHolds(t, buyer.id)).score).toBe(15);
      const info = await call(t.app, 'GET', `${STORE}/info`, {
        userToken: buyer.token,
        query: { uid: 'checkin' },
      });
      expect(info.data.info.purchased).toBe(orderId);
      expect((await order(t, buyer.token, 'checkin')).data.info).toMatchObject({
        id: orderId,
        purchased: true,
      });
    });

    it('sells a module for balance with its balance log, and a short balance changes nothing', async () => {
      const t = get();
      const poor = await member(t, 'poorbuyer', 0, 1000);
      const poorOrder = await order(t, poor.token, 'blog');
      expect(poorOrder.data.info).toMatchObject({ amount: 12.5, pay: { score: false, money: true } });
      const short = await pay(t, poor.token, poorOrder.data.info.id, 'balance');
      expect(short.code).toBe(0);
      expect(short.msg).toMatch(/Insufficient balance/);
      expect(await memberHolds(t, poor.id)).toMatchObject({ money: 1000, moneyLogs: [] });

      const buyer = await member(t, 'moneybuyer', 0, 2000);
      const created = await order(t, buyer.token, 'blog');
      const paid = await pay(t, buyer.token, created.data.info.id, 'balance');
      expect(paid).toMatchObject({
        code: 1,
        data: { info: { uid: 'blog', purchased: true }, money: '7.50' },
      });
      const holds = await memberHolds(t, buyer.id);
      expect(holds.money).toBe(750);
      expect(holds.moneyLogs).toHaveLength(1);
      expect(holds.moneyLogs[0]).toMatchObject({ money: -1250, before: 2000, after: 750 });
      expect(holds.moneyLogs[0]?.memo).toContain('Blog');
      // Points cannot pay a balance order.
      const other = await member(t, 'mixedbuyer', 5000, 0);
      const mixed = await order(t, other.token, 'blog');
      expect((await pay(t, other.token, mixed.data.info.id, 'score')).msg).toBe(
        'This order can only be paid with balance',
      );
    });

    it('answers a free module as bought, with an order id the install and download accept', async () => {
      const t = get();
      const taker = await member(t, 'freetaker', 0);
      const created = await order(t, taker.token, 'notes');
      expect(created).toMatchObject({
        code: 1,
        data: { info: { id: FREE_MODULE_ORDER, uid: 'notes', purchased: true, amount: 0 } },
      });
      const info = await call(t.app, 'GET', `${STORE}/info`, {
        userToken: taker.token,
        query: { uid: 'notes' },
      });
      expect(info.data.info.purchased).toBe(FREE_MODULE_ORDER);
      const signedOut = await call(t.app, 'GET', `${STORE}/info`, { query: { uid: 'notes' } });
      expect(signedOut.data.info.purchased).toBe(0);
      const zip = await t.app.inject({
        method: 'GET',
        url: `${STORE}/download`,
        query: {
          uid: 'notes',
          server: '1',
          order_id: String(FREE_MODULE_ORDER),
          'ba-user-token': taker.token,
        },
      });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
    });

    it("downloads the package an original server asks for (token in the query), one Portico's installer accepts", async () => {
      const t = get();
      const buyer = await member(t, 'downloader', 10);
      const created = await order(t, buyer.token, 'checkin');
      expect((await pay(t, buyer.token, created.data.info.id, 'score')).code).toBe(1);
      const query = {
        uid: 'checkin',
        server: '1',
        sysVersion: '2.0.0',
        nuxtVersion: '',
        'ba-user-token': buyer.token,
        order_id: String(created.data.info.id),
        'installed[0]': 'notes',
      };
      const precheck = await call(t.app, 'GET', `${STORE}/preCheck`, {
        query: { uid: 'checkin', moduleVersion: '1.1.0', 'ba-user-token': buyer.token, server: '1' },
      });
      expect(precheck).toMatchObject({ code: 1, data: { listed: true, version: '1.1.0' } });
      const response = await t.app.inject({ method: 'GET', url: `${STORE}/download`, query });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      const bytes = response.rawPayload;
      expect(response.headers['x-package-sha256']).toBe(sha256(bytes));
      // The same bytes Portico's own download serves.
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/store/download',
        query: { uid: 'checkin', order_id: String(created.data.info.id) },
        headers: { 'ba-user-token': buyer.token },
      });
      expect(sha256(own.rawPayload)).toBe(sha256(bytes));
      const dir = scratchDir('portico-original-download-');
      const file = join(dir, 'checkin.zip');
      writeFileSync(file, bytes);
      expect(await readPackageInfo(file, join(dir, 'work'))).toMatchObject({
        uid: 'checkin',
        version: '1.1.0',
      });
      const downloads = await call(t.app, 'GET', `${STORE}/modules`, { query: { quickSearch: 'check-in' } });
      expect(downloads.data.rows[0].downloads).toBe(2);
    });

    it('refuses a download as JSON the original server reads: no token, or no order', async () => {
      const t = get();
      // The original's server sends no language: the site's default, Chinese.
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${STORE}/download`,
        query: { uid: 'checkin' },
      });
      expect(anonymous.body.startsWith('{')).toBe(true);
      expect(anonymous.json()).toMatchObject({ code: 301, msg: '请先登录！' });
      const stranger = await member(t, 'stranger', 0);
      const refused = await t.app.inject({
        method: 'GET',
        url: `${STORE}/download`,
        query: { uid: 'checkin', 'ba-user-token': stranger.token },
        headers: { 'think-lang': 'en' },
      });
      expect(refused.json()).toMatchObject({ code: 0, msg: 'Please buy this module first' });
    });
  },
  // The market dialog always shows the image captcha: the site asks for it too.
  { ...emptyStore(), userLoginCaptcha: true },
);
