/**
 * First-run guidance on a fresh install: the dashboard lists the settings still to make,
 * each button opening its screen, and an empty list says how to add its first record (or,
 * searched, that nothing matches), in both languages and on a phone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, settledScreenshot } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

type Lang = 'en' | 'zh-cn';
/** Set E2E_SCREENSHOT_DIR to look at the screens. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

const TEXTS = {
  en: {
    title: 'Finish setting up the site',
    left: '3 of 3 left',
    basics: 'Basics',
    empty: 'No records in “Member management” yet.',
    nothingMatches: 'Nothing matches the search.',
    clear: 'Clear search',
    comSearch: 'Expand generic search',
    usernameBox: 'Please input Username',
  },
  'zh-cn': {
    title: '完成站点设置',
    left: '还剩 3 项（共 3 项）',
    basics: '基础配置',
    empty: '「会员管理」还没有记录。',
    nothingMatches: '没有符合搜索条件的记录。',
    clear: '清除搜索',
    comSearch: '展开通用搜索',
    usernameBox: '请输入用户名',
  },
} as const;

describe.skipIf(!browserAvailable)('first-run guidance', () => {
  const suite = serverWithBrowser();
  beforeAll(() => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await settledScreenshot(page, join(SHOTS, `first-run-${name}.png`));
  };

  const signIn = (lang: Lang, width: number) =>
    openSignedIn(suite.browser, suite.server, { lang, width, height: 900 });

  /** Whether the page scrolls sideways (something does not fit the screen). */
  const overflows = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  it.each([
    ['en', 1280],
    ['zh-cn', 1280],
    ['en', 390],
    ['zh-cn', 390],
  ] as const)('guides a fresh install in %s at %i px', async (lang, width) => {
    const texts = TEXTS[lang];
    const { context, page } = await signIn(lang, width);
    const checklist = page.getByTestId('first-run-checklist');
    await checklist.getByText(texts.title).waitFor();
    await expect(checklist.getByText(texts.left).isVisible()).resolves.toBe(true);
    for (const key of ['siteName', 'mail', 'memberGroup']) {
      await expect(checklist.getByTestId(`first-run-${key}`).locator('button').count()).resolves.toBe(1);
    }
    expect(await overflows(page)).toBe(false);
    await shoot(page, `dashboard-${lang}-${width}`);

    // The site name's button opens the config screen at its basics tab.
    await checklist.getByTestId('first-run-siteName').locator('button').click();
    await page.waitForURL(/\/admin\/routine\/config\?tab=basics$/);
    await expect.poll(() => page.getByRole('tab', { name: texts.basics, selected: true }).count()).toBe(1);
    await page.locator('#site_name, [id$="site_name"]').first().waitFor();

    // The members list is empty on a fresh install: it says how to add the first one.
    await page.goto(`${suite.server.baseUrl}/admin/user/user`);
    const empty = page.getByTestId('list-empty');
    await empty.getByText(texts.empty).waitFor();
    expect(await overflows(page)).toBe(false);
    await shoot(page, `empty-list-${lang}-${width}`);
    await empty.getByRole('button').click();
    await page.getByTestId('form-save').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('form-save').waitFor({ state: 'hidden' });

    // Searched, it says nothing matches, and its button clears the search and its box. A phone
    // has no quick-search box: there the common search is used.
    const box =
      width > 767
        ? page.getByTestId('quick-search').locator('input')
        : page.getByPlaceholder(texts.usernameBox);
    if (width <= 767) await page.getByRole('button', { name: texts.comSearch }).click();
    await box.fill('nobody-by-this-name');
    if (width <= 767) await box.press('Enter');
    await empty.getByText(texts.nothingMatches).waitFor();
    await shoot(page, `no-match-${lang}-${width}`);
    await empty.getByRole('button', { name: texts.clear }).click();
    await empty.getByText(texts.empty).waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await context.close();
  });

  // Last: it names the site, which the fresh-install tests above rely on not being done.
  it('ticks an item off when the dashboard tab is shown again after the setting is saved', async () => {
    const { context, page } = await signIn('en', 1280);
    const checklist = page.getByTestId('first-run-checklist');
    await checklist.getByText(TEXTS.en.left).waitFor();
    await checklist.getByTestId('first-run-siteName').locator('button').click();
    await page.waitForSelector('#site_name');
    await page.fill('#site_name', 'Named at first run');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('Named at first run');
    await page.getByTestId('nav-tab').filter({ hasText: 'Dashboard' }).click();
    await checklist.getByText('2 of 3 left').waitFor({ timeout: 10_000 });
    await expect(checklist.getByTestId('first-run-siteName').locator('button').count()).resolves.toBe(0);
    await context.close();
  });
});
