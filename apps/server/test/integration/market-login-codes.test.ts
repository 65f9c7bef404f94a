/**
 * The market's login codes are not the site's (as in the original): when the store asks its
 * member to sign in (its 303) or says the member's token expired (its 409), the site passes
 * that on as 301 or 408 with the store's message, through the market proxy and through an
 * install or update downloading from the market. The site's own 303 and 409, about the
 * administrator's session, stay as they are, so the screens can tell the two apart: a market
 * code ends the market login, a site code refreshes or ends the admin session.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ResponseCode } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { removeScratchDirs } from '../support/module-project.js';
import { addModule, buyer, listeningStore, publishVersion, siteOfStore } from '../support/store.js';
import { call, loginSuper, type TestApp } from '../support/test-app.js';

for (const { dialect } of testDatabases()) {
  describe(`market login codes through the site [${dialect}]`, () => {
    let store: TestApp;
    let site: TestApp;
    let project: string;
    let siteToken: string;
    let memberToken: string;
    let expiredMemberToken: string;

    const expireToken = (t: TestApp, token: string) =>
      t.ctx.db.kysely
        .updateTable('token')
        .set({ expire_time: 1 })
        .where('token', '=', t.ctx.tokens.hash(token))
        .execute();
    const market = (path: string, marketToken?: string, token = siteToken) =>
      call(site.app, 'GET', '/admin/module/market', {
        token,
        query: { path },
        headers: marketToken ? { 'x-market-token': marketToken } : {},
      });
    const install = (uid: string, marketToken: string) =>
      call(site.app, 'POST', '/admin/module/install', {
        token: siteToken,
        query: { uid },
        body: { token: marketToken, orderId: 0 },
      });

    beforeAll(async () => {
      const listening = await listeningStore(dialect);
      store = listening.store;
      const admin = (await loginSuper(store)).token;
      const hello = await addModule(store, admin, { uid: 'hello', price_type: 'free' });
      expect((await publishVersion(store, admin, hello, '1.0.0')).code).toBe(1);
      memberToken = (await buyer(store, 'member', 0)).token;
      expiredMemberToken = (await buyer(store, 'expired', 0)).token;
      await expireToken(store, expiredMemberToken);

      ({ project, site, siteToken } = await siteOfStore(dialect, listening.port));
    });
    afterAll(async () => {
      await site?.close();
      await store?.close();
      removeScratchDirs();
    });

    it('the codes are the reference market codes, distinct from the site login codes', () => {
      expect(ResponseCode.marketNeedLogin).toBe(301);
      expect(ResponseCode.marketTokenExpired).toBe(408);
    });

    it('a store page without, or with an unknown, market token answers 301 with the store message', async () => {
      for (const token of [undefined, 'not-a-market-token']) {
        const res = await market('store/orders', token);
        expect(res.code, String(token)).toBe(301);
        expect(res.msg).toBe('Please login first');
      }
      // The same member signed in still gets their orders.
      expect((await market('store/orders', memberToken)).code).toBe(1);
    });

    it('a store page with an expired market token answers 408 with the store message', async () => {
      const res = await market('store/orders', expiredMemberToken);
      expect(res.code).toBe(408);
      expect(res.msg).toBe('Token expiration');
      const zh = await call(site.app, 'GET', '/admin/module/market', {
        token: siteToken,
        query: { path: 'store/orders' },
        headers: { 'x-market-token': expiredMemberToken },
        lang: 'zh-cn',
      });
      expect(zh.code).toBe(408);
      expect(zh.msg).not.toBe('');
    });

    it("the site's own expired admin token on the market route still answers 409, and no token 303", async () => {
      const { token } = await loginSuper(site);
      await expireToken(site, token);
      const expired = await market('store/orders', memberToken, token);
      expect(expired.code).toBe(409);
      const anonymous = await call(site.app, 'GET', '/admin/module/market', {
        query: { path: 'store/orders' },
      });
      expect(anonymous.code).toBe(303);
    });

    it('an install downloading with an unknown or expired market token answers 301 or 408, installing nothing', async () => {
      const unknown = await install('hello', 'not-a-market-token');
      expect(unknown.code).toBe(301);
      // The store's own reason follows, in the administrator's language as the rest.
      expect(unknown.msg).toBe('The module market refused: Please login first');
      const expired = await install('hello', expiredMemberToken);
      expect(expired.code).toBe(408);
      expect(expired.msg).toBe('The module market refused: Token expiration');
      const zh = await call(site.app, 'POST', '/admin/module/install', {
        token: siteToken,
        query: { uid: 'hello' },
        body: { token: 'not-a-market-token', orderId: 0 },
        lang: 'zh-cn',
      });
      expect(zh.code).toBe(301);
      expect(zh.msg).toMatch(/^模块市场拒绝了请求：[^A-Za-z]+$/);
      expect(existsSync(join(project, 'modules/hello'))).toBe(false);
    });

    it('an update downloading with an unknown or expired market token answers 301 or 408', async () => {
      expect((await install('hello', memberToken)).code).toBe(1);
      const disabled = await call(site.app, 'POST', '/admin/module/changeState', {
        token: siteToken,
        body: { uid: 'hello', state: 0, update: 1 },
      });
      expect(disabled.code).toBe(-3);
      const update = (marketToken: string) =>
        call(site.app, 'POST', '/admin/module/update', {
          token: siteToken,
          query: { uid: 'hello' },
          body: { token: marketToken, orderId: 0 },
        });
      expect((await update('not-a-market-token')).code).toBe(301);
      expect((await update(expiredMemberToken)).code).toBe(408);
    });
  });
}
