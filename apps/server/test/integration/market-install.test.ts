/**
 * A site installing from a store over real HTTP: two Portico apps, each on its own database,
 * the site's MARKET_URL naming the store. A free module is downloaded with the market member's
 * token and installed; a paid one without a covering order is refused with the store's reason;
 * a package changed on the store after publishing is refused by its SHA-256 and nothing is
 * installed; "Disable and update" downloads the newer version; a store that does not answer,
 * or cannot be reached, is a clear message within the timeout.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesRoot } from '../../src/areas/store/packages.js';
import { testDatabases } from '../support/databases.js';
import { fakeProject, readText, removeScratchDirs } from '../support/module-project.js';
import { freePort } from '../support/server-process.js';
import {
  addModule,
  buyer,
  listeningStore,
  type PublishedModule,
  publishVersion,
  siteOfStore,
} from '../support/store.js';
import { call, loginSuper, startTestApp, type TestApp } from '../support/test-app.js';

/** A server that takes connections and never answers them. */
async function silentServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

for (const { dialect } of testDatabases()) {
  describe(`installing from the module market [${dialect}]`, () => {
    let store: TestApp;
    let site: TestApp;
    let project: string;
    let siteToken: string;
    let memberToken: string;
    let hello: PublishedModule;

    const install = (uid: string, body: Record<string, unknown>) =>
      call(site.app, 'POST', '/admin/module/install', { token: siteToken, query: { uid }, body });
    const installed = (uid: string) => existsSync(join(project, `apps/web/src/modules/${uid}/index.ts`));

    beforeAll(async () => {
      const listening = await listeningStore(dialect);
      store = listening.store;
      const admin = (await loginSuper(store)).token;
      hello = await addModule(store, admin, { uid: 'hello', price_type: 'free' });
      expect((await publishVersion(store, admin, hello, '1.0.0')).code).toBe(1);
      const paid = await addModule(store, admin, { uid: 'paid', price_type: 'score', price: '10' });
      expect((await publishVersion(store, admin, paid, '1.0.0')).code).toBe(1);
      const original = await addModule(store, admin, { uid: 'original', price_type: 'free' });
      expect((await publishVersion(store, admin, original, '1.0.0')).code).toBe(1);
      const tampered = await addModule(store, admin, { uid: 'tampered', price_type: 'free' });
      expect((await publishVersion(store, admin, tampered, '1.0.0')).code).toBe(1);
      memberToken = (await buyer(store, 'marketeer', 100)).token;

      ({ project, site, siteToken } = await siteOfStore(dialect, listening.port));
    });
    afterAll(async () => {
      await site?.close();
      await store?.close();
      removeScratchDirs();
    });

    it('downloads a free module with the market member token and installs it', async () => {
      const res = await install('hello', { token: memberToken, orderId: 0 });
      expect(res.msg).toBe('');
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject({
        state: 1,
        info: { uid: 'hello', version: '1.0.0' },
        needRebuild: true,
      });
      expect(readText(project, 'apps/web/src/modules/hello/index.ts')).toBe("export default '1.0.0';\n");
    });

    it('installs with the market member in the query, as the original client sends it', async () => {
      const res = await call(site.app, 'POST', '/admin/module/install', {
        token: siteToken,
        query: { uid: 'original', token: memberToken, orderId: '0' },
        body: { extend: {} },
      });
      expect(res.code, res.msg).toBe(1);
      expect(res.data).toMatchObject({ state: 1, info: { uid: 'original', version: '1.0.0' } });
      expect(installed('original')).toBe(true);
    });

    it('passes on the store refusal of a paid module without a covering order, installing nothing', async () => {
      const res = await install('paid', { token: memberToken, orderId: 0 });
      expect(res.code).toBe(0);
      expect(res.msg).toMatch(/^The module market refused: /);
      expect(installed('paid')).toBe(false);
      expect(existsSync(join(project, 'modules/paid'))).toBe(false);
    });

    it('refuses a package that does not match the SHA-256 the store published', async () => {
      const dir = join(packagesRoot(store.ctx.config.storageDir), 'tampered');
      for (const file of readdirSync(dir)) appendFileSync(join(dir, file), 'changed after publishing');
      const res = await install('tampered', { token: memberToken, orderId: 0 });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(
        'The downloaded package does not match the checksum the market published: nothing was installed',
      );
      expect(existsSync(join(project, 'modules/tampered'))).toBe(false);
      expect(installed('tampered')).toBe(false);
      expect(readdirSync(join(site.ctx.config.dataDir, 'market-downloads'))).toEqual([]);
    });

    it('"Disable and update" downloads the newer version from the market and installs it', async () => {
      const admin = (await loginSuper(store)).token;
      expect((await publishVersion(store, admin, hello, '1.0.1')).code).toBe(1);

      const disabled = await call(site.app, 'POST', '/admin/module/changeState', {
        token: siteToken,
        body: { uid: 'hello', state: 0, update: 1 },
      });
      expect(disabled.code).toBe(-3);
      const updated = await call(site.app, 'POST', '/admin/module/update', {
        token: siteToken,
        query: { uid: 'hello' },
        body: { token: memberToken, orderId: 0 },
      });
      expect(updated.code).toBe(1);
      expect(updated.data).toMatchObject({ state: 2, info: { version: '1.0.1' } });
      const res = await install('hello', {});
      expect(res.code).toBe(1);
      expect(readText(project, 'apps/web/src/modules/hello/index.ts')).toBe("export default '1.0.1';\n");
    });

    it('the market screens reach the store through the site: its list, captcha, market login and orders', async () => {
      const market = (
        path: string,
        options: { query?: Record<string, string>; body?: unknown; market?: string } = {},
      ) =>
        call(site.app, options.body ? 'POST' : 'GET', '/admin/module/market', {
          token: siteToken,
          query: { path, ...options.query },
          body: options.body,
          headers: options.market ? { 'x-market-token': options.market } : {},
        });
      const list = await market('store/index', { query: { keyword: 'hello' } });
      expect(list.code).toBe(1);
      expect(list.data.list.map((item: { uid: string }) => item.uid)).toEqual(['hello']);

      const captcha = await site.app.inject({
        method: 'GET',
        url: '/admin/module/market',
        query: { path: 'common/captcha', id: 'market-captcha-1' },
        headers: { batoken: siteToken, server: 'true' },
      });
      expect(captcha.headers['content-type']).toMatch(/^image\/svg\+xml/);

      const login = await market('user/checkIn', {
        body: { tab: 'login', username: 'marketeer', password: 'buyer-pass-1' },
      });
      expect(login.code).toBe(1);
      const storeToken = login.data.userInfo.token;
      const orders = await market('store/orders', { market: storeToken });
      expect(orders.code).toBe(1);
      // Without the market login the store asks for it (as the market's 301, not the site's 303).
      expect((await market('store/orders')).code).toBe(301);
      // The market password is not kept in the site's admin log.
      const logged = await site.ctx.db.kysely
        .selectFrom('admin_log')
        .select('data')
        .where('url', 'like', '%/admin/module/market%')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(logged.data).not.toContain('buyer-pass-1');

      for (const path of ['../admin/index/index', 'admin/index/index', 'store/download', 'store/pay']) {
        const refused = await market(path);
        expect(refused.code, path).toBe(0);
        expect(refused.msg, path).toBe('The module market has no such page');
      }
    });

    it("a fresh instance's store offers Portico's own modules free, and a site installs one", async () => {
      // The checkout's modules/ folder is only read: the store packs it into its own data folder.
      const portico = await startTestApp(dialect);
      try {
        const catalogue = await call(portico.app, 'GET', '/api/store/index');
        const listed = catalogue.data.list.map((item: { uid: string; price_type: string }) => [
          item.uid,
          item.price_type,
        ]);
        expect(listed).toEqual(
          expect.arrayContaining([
            ['checkin', 'free'],
            ['editor', 'free'],
          ]),
        );
        const shipped = JSON.parse(readFileSync('modules/checkin/module.json', 'utf8')) as {
          version: string;
        };
        const info = await call(portico.app, 'GET', '/api/store/info', { query: { uid: 'checkin' } });
        expect(info.data.versions.map((v: { version: string }) => v.version)).toEqual([shipped.version]);

        const port = await freePort();
        await portico.app.listen({ port, host: '127.0.0.1' });
        site.ctx.config.marketUrl = `http://127.0.0.1:${port}`;
        const member = (await buyer(portico, 'shipped', 0)).token;
        const res = await install('checkin', { token: member, orderId: 0 });
        expect(res.code).toBe(1);
        expect(res.data).toMatchObject({ state: 1, info: { uid: 'checkin', version: shipped.version } });
        expect(existsSync(join(project, 'apps/server/src/modules/checkin/index.ts'))).toBe(true);
      } finally {
        await portico.close();
      }
    });

    it('a store that does not answer, or is not there, is a clear message within the timeout', async () => {
      const silent = await silentServer();
      const closedPort = await freePort();
      const lost = await startTestApp(dialect, {
        projectDir: fakeProject(),
        marketUrl: silent.origin,
        marketTimeoutMs: 1000,
      });
      try {
        const token = (await loginSuper(lost)).token;
        const started = Date.now();
        const res = await call(lost.app, 'POST', '/admin/module/install', {
          token,
          query: { uid: 'hello' },
          body: { token: memberToken },
        });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(res.code).toBe(0);
        expect(res.msg).toBe(
          `The module market at ${silent.origin} did not answer within 1 seconds, please try again later`,
        );

        lost.ctx.config.marketUrl = `http://127.0.0.1:${closedPort}`;
        const refused = await call(lost.app, 'POST', '/admin/module/install', {
          token,
          query: { uid: 'hello' },
          body: { token: memberToken },
          lang: 'zh-cn',
        });
        expect(refused.msg).toBe(`无法连接模块市场 http://127.0.0.1:${closedPort}，请稍后再试`);
      } finally {
        await lost.close();
        await silent.close();
      }
    });
  });
}
