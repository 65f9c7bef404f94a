/**
 * MARKET_URL names someone else's server: whatever it sends is untrusted. A hostile store's
 * HTML reaches the back office only as the site's own rich-text sanitizer leaves it, an answer
 * far larger than any screen asks for is cut off while it arrives (not read whole first), a
 * package that is not the module asked for is refused with nothing installed, and the pages'
 * security policy allows no frame or form target the site did not choose.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { type HostileStore, hostileStore, OVERSIZE_BYTES } from '../support/hostile-store.js';
import { fakeProject, removeScratchDirs, scratchDir } from '../support/module-project.js';
import { call, loginSuper, startTestApp, type TestApp } from '../support/test-app.js';

for (const { dialect } of testDatabases()) {
  describe(`a hostile module store [${dialect}]`, () => {
    let store: HostileStore;
    let site: TestApp;
    let project: string;
    let token: string;

    beforeAll(async () => {
      store = await hostileStore();
      project = fakeProject();
      site = await startTestApp(dialect, {
        projectDir: project,
        marketUrl: store.origin,
        marketTimeoutMs: 20_000,
      });
      token = (await loginSuper(site)).token;
    });
    afterAll(async () => {
      await site?.close();
      await store?.close();
      removeScratchDirs();
    });

    const market = (path: string, query: Record<string, string> = {}) =>
      call(site.app, 'GET', '/admin/module/market', { token, query: { path, ...query } });

    it("keeps only formatting of the store's description: no script, event, frame, form or style", async () => {
      const res = await market('store/info', { uid: 'hostile' });
      expect(res.code).toBe(1);
      const description: string = res.data.description;
      expect(description).toContain('<p>Useful <b>module</b></p>');
      for (const hostile of [
        'onerror',
        'onclick',
        '<iframe',
        '<form',
        '<input',
        'style=',
        '<script',
        'javascript:',
      ])
        expect(description, hostile).not.toContain(hostile);
    });

    it("passes the store's captcha image on under a policy that lets it run nothing", async () => {
      const res = await site.app.inject({
        method: 'GET',
        url: '/admin/module/market',
        query: { path: 'common/captcha', id: 'hostile-captcha' },
        headers: { batoken: token, server: 'true' },
      });
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    });

    it('cuts an oversize answer off while it arrives and refuses it', async () => {
      const before = process.memoryUsage().rss;
      const res = await market('index/index');
      // Buffered whole, 300 MiB made the process grow by about 900 MB; cut off, by a few.
      expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('The module market sent an answer larger than 2 MB: it was refused');
      // The store saw the connection closed long before it had sent what it offered.
      await expect.poll(() => store.oversize.closedEarly, { timeout: 5000 }).toBe(true);
      expect(store.oversize.finished).toBe(false);
      expect(store.oversize.sent).toBeLessThan(OVERSIZE_BYTES / 10);
    });

    it("cuts off the installer's oversize preCheck answer too, installing nothing", async () => {
      const res = await call(site.app, 'POST', '/admin/module/install', {
        token,
        query: { uid: 'huge' },
        body: { token: 'member-token', orderId: 0 },
      });
      expect(res.code).toBe(0);
      expect(res.msg).toBe('The module market sent an answer larger than 2 MB: it was refused');
      await expect.poll(() => store.oversize.closedEarly, { timeout: 5000 }).toBe(true);
      expect(store.oversize.sent).toBeLessThan(OVERSIZE_BYTES / 10);
      expect(existsSync(join(project, 'modules/huge'))).toBe(false);
    });

    it('refuses a package whose module.json names another module than the one asked for', async () => {
      const res = await call(site.app, 'POST', '/admin/module/install', {
        token,
        query: { uid: 'wanted' },
        body: { token: 'member-token', orderId: 0 },
      });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(
        'The module market sent the package of paidmod instead of wanted: nothing was installed',
      );
      expect(existsSync(join(project, 'modules/paidmod'))).toBe(false);
      expect(existsSync(join(project, 'modules/wanted'))).toBe(false);
      expect(existsSync(join(project, 'apps/web/src/modules/paidmod'))).toBe(false);
    });
  });
}

describe("the pages' content security policy", () => {
  it('allows frames only from this site and https, and forms only to this site', async () => {
    const dist = scratchDir('portico-dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="app"></div></body></html>');
    const t = await startTestApp('sqlite', { webDist: dist });
    try {
      const page = await t.app.inject({ url: '/admin/moduleStore', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      expect(/frame-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https:");
      expect(/form-action ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    } finally {
      await t.close();
      removeScratchDirs();
    }
  });
});
