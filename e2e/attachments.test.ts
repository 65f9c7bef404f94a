/** Uploading through a form in Chromium: the same image twice is one attachment used twice. */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { browserAvailable } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

describe.skipIf(!browserAvailable)('attachments', () => {
  const suite = serverWithBrowser();

  it('uploads the same image twice and shows one attachment with reference count 2', async () => {
    const { context, page } = await openSignedIn(suite.browser, suite.server, { path: '/admin/auth/admin' });
    await page.waitForSelector('.ant-table-row');
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.getByRole('button', { name: '添加' }).click();
    const avatar = page.getByRole('dialog').locator('.ba-upload-image input[type=file]');
    const file = { name: 'avatar.png', mimeType: 'image/png', buffer: PNG };
    // Uploaded, and alone: the 'uploading' row fades out beside the finished one for a moment.
    const uploaded = async () => {
      const items = page.getByRole('dialog').locator('.ant-upload-list-item');
      const done = items.and(page.locator('.ant-upload-list-item-done'));
      // Both at one moment: one row in all, and it finished.
      await expect.poll(async () => [await items.count(), await done.count()]).toEqual([1, 1]);
      return items;
    };
    await avatar.setInputFiles(file);
    // Remove it and send the very same picture again.
    const first = await uploaded();
    await first.hover();
    await first.locator('.anticon-delete').click();
    await avatar.setInputFiles(file);
    await uploaded();
    await page.getByRole('button', { name: /取\s*消/ }).click();

    await page.getByRole('menuitem', { name: '常规管理' }).click();
    await page.getByRole('menuitem', { name: '附件管理' }).click();
    await page.waitForURL(/\/admin\/routine\/attachment$/);
    const rows = page.locator('.ant-table-row:visible');
    await expect.poll(() => rows.first().textContent()).toContain('avatar.png');
    expect(await rows.count()).toBe(1);
    // The reference count column.
    expect(await rows.first().locator('td').nth(7).textContent()).toBe('2');
    await context.close();
  });
});
