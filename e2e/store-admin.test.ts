/**
 * The module store's back-office in Chromium: a category, a module priced in points, and its
 * first version published by uploading its package zip in the module's versions dialog; the
 * store's public catalogue then lists it at that price, and the orders page opens. In Chinese
 * (the default) at 1440 px, and the module list at 390 px without sideways scrolling.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { moduleJson, writeRawZip } from '../apps/server/test/support/module-project.js';
import { browserAvailable, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

function helloZip(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'portico-store-zip-'));
  try {
    const file = join(dir, 'hello.zip');
    writeRawZip(file, [
      {
        name: 'module.json',
        data: Buffer.from(JSON.stringify(moduleJson({ uid: 'hello', version: '1.0.0' }))),
      },
      { name: 'apps/web/src/modules/hello/index.ts', data: Buffer.from('export default {};\n') },
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!browserAvailable)('module store back-office', () => {
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    page = (await newPage(browser, { width: 1440, height: 900 })).page;
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string) => {
    await page.goto(`${server.baseUrl}/admin/${path}`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
  };
  const topDialog = () => page.getByRole('dialog').last();
  const shoot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `store-${name}.png`) });
  };

  it('publishes a module priced in points with its first version, and the catalogue lists it', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: join(tmpdir(), 'store-admin-failed.png') });
    });
    await open('store/category');
    await page.getByRole('button', { name: '添加' }).click();
    await topDialog().getByPlaceholder('请输入名称').fill('官方模块');
    await page.getByTestId('form-save').click();
    await page.locator('.ant-table-row', { hasText: '官方模块' }).waitFor();

    await open('store/module');
    await page.getByRole('button', { name: '添加' }).click();
    const form = topDialog();
    await form.getByPlaceholder('请输入模块标识').fill('hello');
    await form.getByPlaceholder('请输入标题').fill('Hello 模块');
    await form.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: '官方模块' }).click();
    await form.getByText('积分', { exact: true }).click();
    await form.getByPlaceholder('请输入价格').fill('10');
    await page.getByTestId('form-save').click();
    const row = page.locator('.ant-table-row', { hasText: 'Hello 模块' });
    await row.waitFor();
    await shoot('modules-1440-zh-cn');

    await row.getByTestId('store-versions').click();
    const versions = topDialog();
    await expect(versions.innerText()).resolves.toContain('Hello 模块 的版本');
    await versions.getByRole('button', { name: '添加' }).click();
    await topDialog()
      .locator('input[type=file]')
      .setInputFiles({ name: 'hello.zip', mimeType: 'application/zip', buffer: helloZip() });
    await expect.poll(() => topDialog().locator('.ant-upload-list-item').count()).toBe(1);
    await topDialog().getByPlaceholder('请输入更新日志').fill('第一个版本');
    const added = page.waitForResponse((r) => r.url().includes('store.Version/add'), { timeout: 60_000 });
    await page.getByTestId('form-save').last().click();
    console.log('ADD', (await added).status(), await (await added).text());
    await page.locator('.ant-modal .ant-table-row', { hasText: '1.0.0' }).waitFor();
    await shoot('versions-1440-zh-cn');

    const catalogue = (await (await fetch(`${server.baseUrl}/api/store/index?keyword=hello`)).json()) as {
      data: { list: { uid: string; price: string; price_type: string }[] };
    };
    expect(catalogue.data.list).toMatchObject([{ uid: 'hello', price_type: 'score', price: '10' }]);

    await open('store/order');
    await page.locator('.ant-table').waitFor();
    await shoot('orders-1440-zh-cn');

    await page.setViewportSize({ width: 390, height: 844 });
    await open('store/module');
    await row.waitFor();
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);
    await shoot('modules-390-zh-cn');
  });
});
