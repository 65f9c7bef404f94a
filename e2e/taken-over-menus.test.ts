/**
 * Menu rules as a database taken over from the original product has them: a
 * component path ending in `.vue` opens the matching Portico page (as the seeded rules, stored in
 * the original's form, do), one typed with Portico's `.tsx` opens it too, and the address of a rule
 * naming a page Portico does not have opens a clear "not available" screen instead of a blank
 * one (the menu leaves such a page out, as it does the seeded CRUD generator's).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import {
  browserAvailable,
  chooseLanguage,
  loginAsAdmin,
  newPage,
  settledScreenshot,
} from './support/browser.js';
import { serverWithBrowser } from './support/suite.js';

/** Set E2E_SCREENSHOT_DIR to look at the screen. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe.skipIf(!browserAvailable)('menus of a taken-over database', () => {
  const suite = serverWithBrowser();

  it('opens .vue pages as Portico pages and says when a page is not available', async () => {
    const token = await adminToken(suite.server);
    const menu = (title: string, name: string, component: string) =>
      api(suite.server, '/admin/auth.Rule/add', { type: 'menu', title, name, path: name, component }, token);
    await menu('Old attachments', 'legacy/attachment', '/src/views/backend/routine/attachment/index.vue');
    await menu('Old missing screen', 'legacy/crud', '/src/views/backend/legacy/missing/index.vue');
    await menu('Typed log', 'legacy/log', '/src/views/backend/auth/adminLog/index.tsx');

    const { context, page } = await newPage(suite.browser);
    try {
      await chooseLanguage(page, suite.server.baseUrl, 'en');
      await loginAsAdmin(page, suite.server.baseUrl, suite.server.adminPassword);

      await page.getByRole('menuitem', { name: 'Old attachments' }).click();
      await page.waitForURL(/\/admin\/legacy\/attachment$/);
      // The attachment screen's own table, with its columns.
      await expect
        .poll(() => page.getByRole('columnheader', { name: 'Original name' }).count())
        .toBeGreaterThan(0);

      await page.getByRole('menuitem', { name: 'Typed log' }).click();
      await page.waitForURL(/\/admin\/legacy\/log$/);
      // The admin log's own table.
      await expect
        .poll(() => page.getByRole('columnheader', { name: 'Admin username' }).count())
        .toBeGreaterThan(0);

      expect(await page.getByRole('menuitem', { name: 'Old missing screen' }).count()).toBe(0);
      await page.goto(`${suite.server.baseUrl}/admin/legacy/crud`);
      await expect.poll(() => page.getByText('This page is not available').count()).toBe(1);
      expect(await page.getByText('/src/views/backend/legacy/missing/index.vue').count()).toBe(1);
      if (SHOTS) await settledScreenshot(page, join(SHOTS, 'page-unavailable.png'));
    } finally {
      await context.close();
    }
  });
});
