/**
 * The safety net in Chromium: a member deleted in the back-office is restored from the recycle
 * log and can sign in again; an administrator's changed mobile shows in the sensitive-data log
 * and, rolled back there, the old number is back in the administrator list. A Restore is
 * confirmed by a click at once: the button's tooltip does not cover its popover's buttons.
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

  /**
   * A real mouse click at the centre of the open popover's confirm button, as soon as the
   * popover and the button's tooltip have appeared: whatever covers the button takes it.
   */
  const clickConfirmAtOnce = async (page: Page) => {
    const confirm = page.locator('.ant-popconfirm .ant-btn-primary');
    await confirm.waitFor({ state: 'visible' });
    // The tooltip opens a moment after the pointer came over the button (0.1 s).
    await page.waitForTimeout(300);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const box = await confirm.boundingBox();
    if (!box) throw new Error('the confirm button is not drawn');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };

  it('restores from the row and from the header at the first click on the confirm button', async () => {
    for (const username of ['quick1', 'quick2']) {
      await api(
        server,
        '/admin/user.User/add',
        { username, nickname: 'Quick', group_id: 1, password: 'Quick12345' },
        token,
      );
    }
    const { page, context } = await newPage(browser);
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
    await openList(page, 'user/user');
    for (const username of ['quick1', 'quick2']) {
      await rowOf(page, username).getByRole('button', { name: '删除' }).click();
      await confirmPopup(page);
      await rowOf(page, username).waitFor({ state: 'detached' });
    }

    await openList(page, 'security/dataRecycleLog');
    await rowOf(page, 'quick1').getByRole('button', { name: '还原' }).click();
    await clickConfirmAtOnce(page);
    await rowOf(page, 'quick1').getByText('已还原').waitFor({ timeout: 5_000 });

    await rowOf(page, 'quick2').getByRole('checkbox').check();
    await page.locator('.ba-table-header').getByRole('button', { name: '还原' }).click();
    await clickConfirmAtOnce(page);
    await rowOf(page, 'quick2').getByText('已还原').waitFor({ timeout: 5_000 });
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
    // The detail names the changed row once, as `id=<its id>`.
    await rowOf(page, '13900009999').getByRole('button', { name: '详情' }).click();
    const changedRow = page.getByRole('dialog').locator('th:has-text("被修改的数据") + td');
    await changedRow.waitFor();
    expect(await changedRow.innerText()).toMatch(/^id=\d+$/);
    await page.keyboard.press('Escape');

    await openList(page, 'auth/admin');
    await rowOf(page, 'watcher1').getByText('13800008888').waitFor();
    await expect(rowOf(page, '13900009999').count()).resolves.toBe(0);
    await context.close();
  });
});
