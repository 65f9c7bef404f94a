/**
 * The safety net in Chromium: a member deleted in the back-office is restored from the recycle
 * log and can sign in again; an administrator's changed mobile shows in the sensitive-data log
 * and, rolled back there, the old number is back in the administrator list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { browserAvailable, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';

describe.skipIf(!browserAvailable)('data security', () => {
  let server: E2eServer;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await adminToken(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openList = async (page: Page, path: string) => {
    await page.goto(`${server.baseUrl}/admin/${path}`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.waitForSelector('.ant-table-row');
  };
  const rowOf = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
  const confirmPopup = (page: Page) =>
    page.locator('.ant-popconfirm .ant-btn-primary, .ant-popconfirm .ant-btn-dangerous').click();

  it('restores a deleted member from the recycle log, who then signs in again', async () => {
    await api(
      server,
      '/admin/user.User/add',
      { username: 'comeback1', nickname: 'Comeback', group_id: 1, password: 'Comeback123' },
      token,
    );
    const { page, context } = await newPage(browser);
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
    await openList(page, 'user/user');
    await rowOf(page, 'comeback1').getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await rowOf(page, 'comeback1').waitFor({ state: 'detached' });

    await openList(page, 'security/dataRecycleLog');
    const entry = rowOf(page, 'comeback1');
    await expect(entry.innerText()).resolves.toContain('未还原');
    await entry.getByRole('button', { name: '还原' }).click();
    await confirmPopup(page);
    await expect(rowOf(page, 'comeback1').getByText('已还原').count())
      .resolves.toBe(0)
      .catch(() => undefined);
    await rowOf(page, 'comeback1').getByText('已还原').waitFor();

    const member = await newPage(browser);
    await member.page.goto(`${server.baseUrl}/user/login`);
    await member.page.fill('#username', 'comeback1');
    await member.page.fill('#password', 'Comeback123');
    await member.page.keyboard.press('Enter');
    await member.page.waitForURL(/\/user\/account\/overview/);
    await member.context.close();
    await context.close();
  });

  it('shows a changed admin mobile in the sensitive-data log and rolls it back', async () => {
    await api(
      server,
      '/admin/auth.Admin/add',
      {
        username: 'watcher1',
        nickname: 'Watcher',
        mobile: '13800008888',
        password: 'Watcher123',
        group_arr: [2],
      },
      token,
    );
    const { page, context } = await newPage(browser);
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
    await openList(page, 'auth/admin');
    await rowOf(page, 'watcher1').locator('td').nth(2).dblclick();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#mobile').fill('13900009999');
    await page.getByTestId('form-save').click();
    await rowOf(page, '13900009999').waitFor();

    await openList(page, 'security/sensitiveDataLog');
    const entry = rowOf(page, '13900009999');
    await expect(entry.innerText()).resolves.toContain('13800008888');
    await entry.getByRole('button', { name: '回滚' }).click();
    await confirmPopup(page);
    await rowOf(page, '13900009999').getByText('已回滚').waitFor();

    await openList(page, 'auth/admin');
    await rowOf(page, 'watcher1').getByText('13800008888').waitFor();
    await expect(rowOf(page, '13900009999').count()).resolves.toBe(0);
    await context.close();
  });
});
