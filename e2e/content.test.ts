/**
 * Public content in Chromium: an article written in the back-office appears at /article/{id}
 * with its title in the tab title, without the first-load overlay and without running any
 * script smuggled into its body; drafts and unknown ids show the 404 screen.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, newPage } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

describe.skipIf(!browserAvailable)('content pages', () => {
  const suite = serverWithBrowser();

  it('publishes an article from the back-office and shows it, safely, under its own title', async () => {
    const admin = await openSignedIn(suite.browser, suite.server, { path: '/admin/content/content' });
    await admin.page.getByRole('button', { name: '添加' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByPlaceholder('请输入标题').fill('Spring opening hours');
    // No editor is installed: the hint shows and the body is written as HTML in a textarea.
    await expect(dialog.getByText('请先于模块市场安装富文本编辑器').count()).resolves.toBe(1);
    await dialog
      .locator('.ba-editor-fallback textarea')
      .fill('<p>Open <b>daily</b> from nine.</p><img src=x onerror="window.__pwned = 1">');
    await admin.page.getByTestId('form-save').click();
    const row = admin.page.locator('.ant-table-row', { hasText: 'Spring opening hours' });
    await row.waitFor();
    const id = (await row.locator('td').nth(1).innerText()).trim();
    expect(id).toMatch(/^\d+$/);

    const visitor = await newPage(suite.browser);
    await visitor.page.goto(`${suite.server.baseUrl}/article/${id}`);
    await expect(visitor.page.locator('h1').innerText()).resolves.toBe('Spring opening hours');
    await expect(visitor.page.locator('.ba-content-body b').innerText()).resolves.toBe('daily');
    await expect(visitor.page.locator('#block-loading').count()).resolves.toBe(0);
    await visitor.page.waitForFunction(() => document.title.startsWith('Spring opening hours - '));
    expect(await visitor.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await visitor.page.locator('.ba-content-body img').getAttribute('onerror')).toBeNull();

    // The same id is not a page; an unknown article is missing.
    await visitor.page.goto(`${suite.server.baseUrl}/page/${id}`);
    await visitor.page.getByText('404').first().waitFor();
    await visitor.page.goto(`${suite.server.baseUrl}/article/987654`);
    await visitor.page.getByText('404').first().waitFor();

    // Turned back into a draft in the list, it is no longer public.
    await row.locator('.ant-switch').click();
    await admin.page.waitForFunction(
      () => document.querySelector('.ant-table-row .ant-switch-checked') === null,
    );
    await visitor.page.goto(`${suite.server.baseUrl}/article/${id}`);
    await visitor.page.getByText('404').first().waitFor();
    await expect(visitor.page.locator('h1').count()).resolves.toBe(0);
    await admin.context.close();
    await visitor.context.close();
  });
});
