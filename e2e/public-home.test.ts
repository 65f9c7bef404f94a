/**
 * Members and visitors land on the site's public front, never on the administrators' sign-in:
 * the member centre's Home and an article's brand link lead to the member centre by default,
 * and to the content page an administrator chooses in the system configuration once set.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { browserAvailable, newPage } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

describe.skipIf(!browserAvailable)('public home', () => {
  const suite = serverWithBrowser();

  /** Adds published content and answers its id (the newest row of its kind). */
  const addContent = async (token: string, kind: 'article' | 'page', title: string) => {
    await api(
      suite.server,
      '/admin/content.Content/add',
      { kind, title, body: `<p>${title}</p>`, status: '1' },
      token,
    );
    const found = await fetch(`${suite.server.baseUrl}/admin/content.Content/index?quickSearch=${title}`, {
      headers: { batoken: token, server: 'true' },
    }).then((r) => r.json() as Promise<{ data: { list: { id: number }[] } }>);
    const id = found.data.list[0]?.id;
    if (!id) throw new Error(`${title} not found`);
    return id;
  };

  /** Clicks Home in the member centre's menu and answers where it led. */
  const homeFromMemberCentre = async (page: Page) => {
    await page.goto(`${suite.server.baseUrl}/user`);
    await page.waitForURL(/\/user\/account\/overview/);
    await page
      .locator('.ba-frontend-menu')
      .getByText(/^(首页|Home)$/)
      .click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/account'));
    await page.waitForLoadState();
    return new URL(page.url()).pathname;
  };
  const brandLinkOf = async (page: Page, articleId: number) => {
    await page.goto(`${suite.server.baseUrl}/article/${articleId}`);
    const brand = page.locator('.ba-frontend-brand');
    await brand.waitFor();
    return brand.getAttribute('href');
  };

  it('leads to the member centre by default and to the chosen page once set, never to /admin', async () => {
    const token = await adminToken(suite.server);
    await api(
      suite.server,
      '/admin/user.User/add',
      { username: 'home_member', nickname: 'home', group_id: 1, password: 'member-pass-1' },
      token,
    );
    const article = await addContent(token, 'article', 'launchnotes');
    const about = await addContent(token, 'page', 'aboutus');

    const { page, context } = await newPage(suite.browser);
    await page.goto(`${suite.server.baseUrl}/user/login`);
    await page.fill('#username', 'home_member');
    await page.fill('#password', 'member-pass-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/account\/overview/);

    const landed = await homeFromMemberCentre(page);
    expect(landed).toMatch(/^\/user/);
    expect(await brandLinkOf(page, article)).toBe('/user');

    // The administrator picks the page in System configuration → Basics.
    const admin = await openSignedIn(suite.browser, suite.server, { path: '/admin/routine/config' });
    const select = admin.page.locator('#home_page');
    await select.click();
    await admin.page.locator('.ant-select-item-option', { hasText: 'aboutus' }).click();
    await admin.page
      .getByRole('button', { name: /^(保\s*存|Save)$/ })
      .first()
      .click();
    await admin.page.locator('.ant-message-success').waitFor();
    await admin.context.close();

    expect(await homeFromMemberCentre(page)).toBe(`/page/${about}`);
    await page.locator('.ba-content-title', { hasText: 'aboutus' }).waitFor();
    expect(await brandLinkOf(page, article)).toBe(`/page/${about}`);
    await context.close();
  });
});
