/**
 * A large list's footer never shows an estimate as a count: the admin log past the counting
 * cap shows its exact total (kept by triggers), a broad search over it "超过 10000 条". Moving
 * to the next page sends the shown page's keys, and the page shown is the one an offset read
 * gives.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/api.js';
import { browserAvailable, launchBrowser } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

const ROWS = 10_050;

describe.skipIf(!browserAvailable)('list totals and paging by key', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const db = new Database(server.databaseFile);
    try {
      const insert = db.prepare(
        "insert into ba_admin_log (admin_id, username, url, title, data, ip, useragent, create_time) values (1, 'admin', ?, ?, '', '127.0.0.1', 'e2e', ?)",
      );
      db.transaction(() => {
        for (let i = 0; i < ROWS; i++) insert.run(`/admin/bulk/${i}`, `Bulk entry ${i}`, 1_700_000_000 + i);
      })();
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('counts the whole log exactly and says "more than" for a broad search', async () => {
    const { page, context } = await openSignedIn(browser, server, { path: '/admin/auth/adminLog' });
    const footer = page.locator('.ant-pagination-total-text');
    await expect.poll(() => footer.textContent()).toMatch(/^共 \d+ 条$/);
    const exact = Number((await footer.textContent())?.replace(/\D/g, ''));
    const db = new Database(server.databaseFile, { readonly: true });
    try {
      const { n } = db.prepare('select count(*) as n from ba_admin_log').get() as { n: number };
      expect(exact).toBe(n);
    } finally {
      db.close();
    }
    expect(exact).toBeGreaterThan(ROWS);

    // The quick search runs as the text settles.
    await page.locator('.ba-quick-search input').fill('Bulk entry');
    await expect.poll(() => footer.textContent()).toBe('超过 10000 条');
    await context.close();
  });

  it('asks for the next page with the shown page’s keys and shows the offset page', async () => {
    // Signing in is logged: both sign-ins happen before the pages are compared.
    const token = await adminToken(server);
    const { page, context } = await openSignedIn(browser, server, { path: '/admin/auth/adminLog' });
    await page.locator('.ant-table-row').first().waitFor();
    const offsetPage = await fetch(`${server.baseUrl}/admin/auth.AdminLog/index?page=2&limit=10`, {
      headers: { batoken: token, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { list: { id: number }[] } }>);
    const expected = offsetPage.data.list.map((row) => String(row.id));
    const asked = page.waitForRequest((request) => request.url().includes('AdminLog/index?page=2'));
    await page.locator('.ant-pagination-next').click();
    const url = decodeURIComponent((await asked).url());
    expect(url).toContain('seek[page]=1');
    expect(url).toMatch(/seek\[last\]\[id\]=\d+/);
    await expect
      .poll(() =>
        page.locator('.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key'))),
      )
      .toEqual(expected);
    await context.close();
  });
});
