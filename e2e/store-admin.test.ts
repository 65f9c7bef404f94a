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
import { qrLikePng } from './support/qr-png.js';
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
    await form.getByLabel('开发者联系方式').fill('mailto:dev@example.com');
    // A demo: a javascript: address is refused by its field before anything is sent.
    await form.getByTestId('store-demo-add').click();
    await form.getByLabel('标题 1').fill('手机演示');
    await form.getByLabel('地址 1').fill('javascript:alert(1)');
    await page.getByTestId('form-save').click();
    await form.getByText('请输入 http:// 或 https:// 网址，最多 500 个字符').waitFor();
    await form.getByLabel('地址 1').fill('https://m.example.com/');
    await form
      .getByTestId('store-demo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: qrLikePng() });
    await expect
      .poll(() => form.getByTestId('store-demo').locator('.ant-upload-list-item img').count())
      .toBe(1);
    await expect.poll(() => form.locator('.ant-upload-list-item-uploading').count()).toBe(0);
    await form.getByTestId('store-demos').scrollIntoViewIfNeeded();
    await shoot('module-form-1440-zh-cn');
    await page.getByTestId('form-save').click();
    const row = page.locator('.ant-table-row', { hasText: 'Hello 模块' });
    await row.waitFor();
    // Portico's own modules, seeded in English, are listed in the reader's language.
    await page.locator('.ant-table-row', { hasText: '富文本编辑器' }).waitFor();
    await shoot('modules-1440-zh-cn');

    await row.getByTestId('store-versions').click();
    const versions = topDialog();
    await expect(versions.innerText()).resolves.toContain('Hello 模块 的版本');
    await versions.getByRole('button', { name: '添加' }).click();
    // The version form by its own field: under load the module form may still be closing, and
    // "the last dialog" was then the module form with its demo picture.
    const versionForm = page.getByRole('dialog').filter({ has: page.getByPlaceholder('请输入更新日志') });
    const zipUploaded = page.waitForResponse((r) => r.url().includes('/admin/ajax/upload'));
    await versionForm
      .locator('input[type=file]')
      .setInputFiles({ name: 'hello.zip', mimeType: 'application/zip', buffer: helloZip() });
    // Done, not merely listed: the fading 'uploading' row may still be beside it.
    await expect.poll(() => versionForm.locator('.ant-upload-list-item-done').count()).toBe(1);
    await versionForm.getByPlaceholder('请输入更新日志').fill('第一个版本');
    const added = page.waitForResponse((r) => r.url().includes('store.Version/add'), { timeout: 60_000 });
    await versionForm.getByTestId('form-save').click();
    await expect((await added).json()).resolves.toMatchObject({ code: 1 });
    await page.locator('.ant-modal .ant-table-row', { hasText: '1.0.0' }).waitFor();
    await shoot('versions-1440-zh-cn');
    // Published, the package leaves the public storage: only the store's download serves it.
    const zipUrl = ((await (await zipUploaded).json()) as { data: { file: { url: string } } }).data.file.url;
    expect(zipUrl).toMatch(/^\/storage\/.+\.zip$/);
    expect((await fetch(`${server.baseUrl}${zipUrl}`)).status).toBe(404);

    const catalogue = (await (await fetch(`${server.baseUrl}/api/store/index?keyword=hello`)).json()) as {
      data: { list: { uid: string; price: string; price_type: string }[] };
    };
    expect(catalogue.data.list).toMatchObject([{ uid: 'hello', price_type: 'score', price: '10' }]);
    const info = (await (await fetch(`${server.baseUrl}/api/store/info?uid=hello`)).json()) as {
      data: { developer_contact: string; demos: { title: string; url: string; image: string }[] };
    };
    expect(info.data.developer_contact).toBe('mailto:dev@example.com');
    expect(info.data.demos).toEqual([
      {
        title: '手机演示',
        url: 'https://m.example.com/',
        image: expect.stringMatching(/^\/storage\/.+\.png$/),
      },
    ]);

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
    // The module form with its demo block fits a phone.
    await row.getByRole('button', { name: '编辑' }).click();
    await topDialog().getByTestId('store-demo').waitFor();
    await topDialog().getByTestId('store-demos').scrollIntoViewIfNeeded();
    await expect(
      topDialog().evaluate((dialog) => dialog.getBoundingClientRect().right <= window.innerWidth),
    ).resolves.toBe(true);
    await shoot('module-form-390-zh-cn');
  });
});
