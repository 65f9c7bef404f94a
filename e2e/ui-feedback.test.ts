/**
 * What the back-office shows, in Chromium: a page opened by its address on a phone has no
 * menu floating over it. Set E2E_SCREENSHOT_DIR to keep screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

type Lang = 'en' | 'zh-cn';

describe.skipIf(!browserAvailable)('back-office feedback', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
  };

  /** Signs in with the interface already in `lang`, as a visitor who chose it before. */
  const signIn = async (lang: Lang, width = 1280) => {
    const { context, page } = await newPage(browser, { width });
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.evaluate(
      (defaultLang) =>
        localStorage.setItem(
          'storeConfig_v2',
          JSON.stringify({ state: { lang: { defaultLang } }, version: 0 }),
        ),
      lang,
    );
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    return { context, page };
  };

  it('opens a page by its address on a phone without a menu floating over it', async () => {
    const { context, page } = await signIn('zh-cn', 390);
    await page.goto(`${server.baseUrl}/admin/auth/admin`);
    await page.waitForSelector('.ant-table-row');
    await page.waitForTimeout(500);
    await shoot(page, 'deep-link-390');
    expect(await page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').count()).toBe(0);
    // The page's own buttons take clicks.
    await page.locator('.ba-table-header').getByRole('button', { name: '添加' }).click({ timeout: 3000 });
    await page.getByRole('dialog').locator('#username').waitFor();
    await context.close();
  });
});
