/**
 * The auth screens in Chromium: a group granting a few rules and an administrator in it,
 * who then sees only those menus and buttons and the 401 screen elsewhere; reordering
 * rules by dragging survives a reload.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, loginAsAdmin, newPage } from './support/browser.js';
import { serverWithBrowser } from './support/suite.js';

describe.skipIf(!browserAvailable)('auth screens', () => {
  const suite = serverWithBrowser();

  const openPage = async (page: Page, path: string) => {
    await page.goto(`${suite.server.baseUrl}/admin/${path}`);
    await page.waitForSelector('.ant-table-row');
    // The first-load overlay would take the pointer for another second.
    await page.waitForSelector('#block-loading', { state: 'detached' });
  };
  const dialog = (page: Page) => page.getByRole('dialog');
  const treeNode = (page: Page, index: number) =>
    page.locator('.ant-modal .ant-tree-treenode:not([aria-hidden="true"])').nth(index);

  it('creates a group and an administrator who sees only what the group grants', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginAsAdmin(page, suite.server.baseUrl, suite.server.adminPassword);

    await openPage(page, 'auth/group');
    await page.getByRole('button', { name: '添加' }).click();
    await dialog(page).getByPlaceholder('请输入组名').fill('E2E editors');
    await page.waitForSelector('.ant-modal .ant-tree-treenode:not([aria-hidden="true"])');
    const titles = await page
      .locator('.ant-modal .ant-tree-treenode:not([aria-hidden="true"])')
      .allTextContents();
    // The dashboard with its view button, and the administrator page with only its view button.
    await treeNode(page, titles.indexOf('控制台')).locator('.ant-tree-checkbox').click();
    const admins = titles.indexOf('管理员管理');
    const view = titles.indexOf('查看', admins);
    // Among the page's own six buttons (view, add, edit, delete, export, import).
    expect(view - admins).toBeLessThanOrEqual(6);
    await treeNode(page, view).locator('.ant-tree-checkbox').click();
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'E2E editors' }).count()).toBe(1);

    await openPage(page, 'auth/admin');
    await page.getByRole('button', { name: '添加' }).click();
    await dialog(page).getByPlaceholder('请输入用户名').fill('editor1');
    await dialog(page).getByPlaceholder('请输入昵称').fill('Editor One');
    await dialog(page).locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: 'E2E editors' }).click();
    await page.keyboard.press('Escape');
    await dialog(page).getByPlaceholder('请输入密码').fill('editor-pass-1');
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: 'editor1' }).count()).toBe(1);
    await context.close();

    const editor = await newPage(suite.browser);
    await editor.page.goto(`${suite.server.baseUrl}/admin/login`);
    await editor.page.fill('#username', 'editor1');
    await editor.page.fill('#password', 'editor-pass-1');
    await editor.page.keyboard.press('Enter');
    await editor.page.waitForURL(/\/admin\/dashboard/);
    const menu = editor.page.locator('.ba-aside-menu');
    await editor.page.getByRole('menuitem', { name: '权限管理' }).click();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['控制台', '权限管理', '管理员管理']);

    await editor.page.getByRole('menuitem', { name: '管理员管理' }).click();
    await editor.page.waitForSelector('.ant-table-row');
    // Only viewing was granted: no add, edit or delete anywhere on the page.
    expect(await editor.page.getByRole('button', { name: '添加' }).count()).toBe(0);
    expect(await editor.page.locator('.ant-table-row .anticon-delete').count()).toBe(0);

    await editor.page.goto(`${suite.server.baseUrl}/admin/auth/rule`);
    await editor.page.waitForURL(/\/401$/);
    await editor.context.close();
  });

  it('reorders two rules by dragging, and the order survives a reload', async () => {
    const { context, page } = await newPage(suite.browser);
    await loginAsAdmin(page, suite.server.baseUrl, suite.server.adminPassword);
    await openPage(page, 'auth/rule');
    const order = () => page.locator('.ant-table-row-level-0 td:nth-child(2)').allTextContents();
    const before = await order();
    const from = before.indexOf('会员管理');
    const to = before.indexOf('权限管理');
    expect(from).toBeGreaterThan(to);

    const handle = page.locator('.ant-table-row-level-0').nth(from).locator('.ba-drag-handle');
    const target = page.locator('.ant-table-row-level-0').nth(to);
    await drag(page, handle, target);
    await expect.poll(order).not.toEqual(before);
    await page.reload();
    await page.waitForSelector('.ant-table-row');
    const after = await order();
    expect(after.indexOf('会员管理')).toBeLessThan(after.indexOf('权限管理'));
    await context.close();
  });
});

/** A pointer drag in small steps, as @dnd-kit's pointer sensor expects. */
async function drag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}
