/**
 * The API reference page: opened from the back-office menu, it lists the site's
 * routes from the OpenAPI document, finds a route by its permission, and shows who may call
 * it and what it takes, in both languages and on a phone-wide screen.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserAvailable, settledScreenshot } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

/** Set E2E_SCREENSHOT_DIR to look at the page. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe.skipIf(!browserAvailable)('API reference page', () => {
  const suite = serverWithBrowser();

  const open = async (lang: 'en' | 'zh-cn', width: number) => {
    const { context, page } = await openSignedIn(suite.browser, suite.server, {
      lang,
      width,
      height: 900,
      path: '/admin/routine/apiReference',
    });
    await page.locator('.ba-api-group').first().waitFor();
    return { context, page };
  };

  it('finds a route by its permission and shows what it takes, in English', async () => {
    const { context, page } = await open('en', 1280);
    try {
      expect(await page.locator('.ba-api-operation').count()).toBeGreaterThan(100);
      await page
        .getByRole('searchbox', { name: 'Search by path, summary or permission' })
        .fill('auth/admin/add');
      const operation = page.locator('.ba-api-operation', { hasText: '/admin/auth.Admin/add' });
      await expect.poll(() => page.locator('.ba-api-operation').count()).toBe(1);
      await operation.click();
      await expect.poll(() => page.getByText('Needs the permission auth/admin/add.').count()).toBe(1);
      const body = await page.locator('.ba-api-schema').first().textContent();
      expect(body).toContain('username: string');
      expect(body).toContain('password');
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await settledScreenshot(page, join(SHOTS, 'api-reference-en.png'));
      }
    } finally {
      await context.close();
    }
  });

  it('reads in Chinese and fits a 390 px wide screen', async () => {
    const { context, page } = await open('zh-cn', 390);
    try {
      await expect.poll(() => page.getByText('下载 OpenAPI 3.1 文档').count()).toBe(1);
      const search = page.getByRole('searchbox', { name: '按路径、说明或权限搜索' });
      // The routes' summaries read in Chinese too, and the search finds a route by them.
      await search.fill('管理员登录');
      await expect
        .poll(() => page.getByRole('button', { name: 'POST /admin/index/login' }).textContent())
        .toContain('管理员登录');
      await search.fill('user/checkIn');
      await page.locator('.ba-api-operation', { hasText: '/api/user/checkIn' }).first().click();
      await expect
        .poll(() => page.getByText('公开：无需令牌。', { exact: false }).count())
        .toBeGreaterThan(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await settledScreenshot(page, join(SHOTS, 'api-reference-zh-390.png'));
      }
    } finally {
      await context.close();
    }
  });
});
