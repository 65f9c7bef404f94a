/**
 * The back-office fits its screen: a list opened from the phone menu is not left under a
 * menu popup, the admins table's fixed Operate column covers no other column when the
 * table has room, and the dashboard's number tiles are one height, in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { browserAvailable, launchBrowser, tallRows } from './support/browser.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

type Lang = 'en' | 'zh-cn';
/** Set E2E_SCREENSHOT_DIR to look at what the assertions measure. */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.skipIf(!browserAvailable)('layout fit', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    // An administrator with every column filled, as lists look in use.
    await api(
      server,
      '/admin/auth.Admin/add',
      {
        username: 'operator2',
        nickname: 'Night operator',
        email: 'night.operator@example.com',
        mobile: '13800001234',
        avatar: '/favicon.svg',
        password: 'Operator123',
        group_arr: [2, 3],
        status: '1',
      },
      await adminToken(server),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `layout-fit-${name}.png`) });
  };

  /** The dashboard, signed in, with the interface in `lang`, as a visitor who chose it before. */
  const signIn = (lang: Lang, width: number, height = 900) =>
    openSignedIn(browser, server, { lang, width, height });

  /** Whether the element's centre is reachable, i.e. nothing lies over it. */
  const uncovered = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      });

  /** Sub-menu popups on screen (closed ones stay in the page, hidden). */
  const visiblePopups = (page: Page) =>
    page
      .locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')
      .evaluateAll((popups) => popups.filter((e) => e.getBoundingClientRect().width > 0).length);

  it('leaves no menu popup over a list opened from the phone menu', async () => {
    const { context, page } = await signIn('zh-cn', 390, 844);
    await page.getByTestId('open-aside').click();
    await page.getByRole('menuitem', { name: '权限管理' }).click();
    await page.getByRole('menuitem', { name: '管理员管理' }).click();
    await page.waitForURL(/\/admin\/auth\/admin$/);
    await page.locator('.ant-table-row').first().waitFor();
    // Past the sidebar's closing and any popup's opening animation.
    await page.waitForTimeout(600);
    await shoot(page, 'phone-menu');

    expect(await visiblePopups(page)).toBe(0);
    await expect(page.locator('.ba-aside-shade').count()).resolves.toBe(0);
    expect(await uncovered(page, '.ant-table-row .ant-btn')).toBe(true);
    expect(await uncovered(page, '.ant-table-thead th:nth-child(3)')).toBe(true);
    await context.close();
  });

  // A guard for the fix above: the collapsed desktop sidebar's popups still work.
  it('opens the collapsed sidebar popups on hover and leaves none after navigating', async () => {
    const { context, page } = await signIn('zh-cn', 1440);
    await page.getByTestId('collapse-aside').click();
    await page.getByTestId('aside').getByRole('menuitem', { name: '权限管理' }).hover();
    await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: '管理员管理' }).click();
    await page.waitForURL(/\/admin\/auth\/admin$/);
    await page.locator('.ant-table-row').first().waitFor();
    await page.mouse.move(800, 600);
    await page.waitForTimeout(600);
    expect(await visiblePopups(page)).toBe(0);
    expect(await uncovered(page, '.ant-table-thead th:nth-child(3)')).toBe(true);

    await page.getByTestId('aside').getByRole('menuitem', { name: '权限管理' }).hover();
    await expect.poll(() => visiblePopups(page)).toBe(1);
    await context.close();
  });

  /** Pairs of a fixed cell and a scrolling cell of the same table row whose boxes overlap. */
  const fixedOverlaps = (page: Page) =>
    page.evaluate(() => {
      const found: string[] = [];
      const rows = document.querySelectorAll('.ant-table-thead > tr, .ant-table-tbody > tr.ant-table-row');
      for (const row of rows) {
        const cells = [...row.children] as HTMLElement[];
        const isFixed = (cell: HTMLElement) => /ant-table-cell-fix/.test(cell.className);
        for (const fixed of cells.filter(isFixed)) {
          const f = fixed.getBoundingClientRect();
          for (const other of cells.filter((cell) => !isFixed(cell))) {
            const o = other.getBoundingClientRect();
            if (Math.min(f.right, o.right) - Math.max(f.left, o.left) > 0.5) {
              found.push(`${fixed.innerText || 'fixed'} over ${other.innerText || 'cell'}`);
            }
          }
        }
      }
      return found;
    });

  it.each(['en', 'zh-cn'] as const)(
    'keeps the fixed Operate column off the State column on wide screens in %s',
    async (lang) => {
      const { context, page } = await signIn(lang, 1920);
      await page.goto(`${server.baseUrl}/admin/auth/admin`);
      await page.waitForSelector('#block-loading', { state: 'detached' });
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
      for (const width of [1920, 1440, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => fixedOverlaps(page), { timeout: 3_000 }).toEqual([]);
        await shoot(page, `admins-${lang}-${width}`);
        const state = page.locator('.ant-table-thead th', { hasText: lang === 'en' ? 'State' : '状态' });
        expect(await state.evaluate((th) => th.getBoundingClientRect().width)).toBeGreaterThan(40);
        expect(await uncovered(page, '.ant-table-tbody .ant-tag-success')).toBe(true);
      }
      await context.close();
    },
  );

  /** The text of each element `selector` finds, with the lines it takes on screen. */
  const lineCounts = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((elements) =>
      elements
        .map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
          return { text: (element as HTMLElement).innerText.trim(), lines: new Set(tops).size };
        })
        .filter((element) => element.text !== ''),
    );
  /** Text whose lines outnumber its words: a word was broken inside. */
  const brokenWords = (texts: { text: string; lines: number }[]) =>
    texts.filter(({ text, lines }) => lines > text.split(/\s+/).length);

  /** Each column title of the list's header (a sortable one's sits beside its sort arrows). */
  const titleLines = (page: Page) =>
    lineCounts(
      page,
      '.ant-table-thead > tr > th .ant-table-column-title, .ant-table-thead > tr > th:not(:has(.ant-table-column-title))',
    );

  // A fresh site's member list is empty: with no rows to widen them, the columns shrank to fit
  // the phone and their titles broke after every character (用/户/名).
  it.each(['en', 'zh-cn'] as const)(
    'keeps an empty list’s column titles whole on a phone in %s',
    async (lang) => {
      const { context, page } = await openSignedIn(browser, server, {
        lang,
        width: 390,
        height: 844,
        path: '/admin/user/user',
      });
      await page.getByTestId('list-empty').waitFor();
      await shoot(page, `empty-members-${lang}`);
      const titles = await titleLines(page);
      expect(titles.length).toBeGreaterThan(5);
      // A title breaks only between words, and a Chinese title (one word to the reader) not at all.
      const broken = lang === 'en' ? brokenWords(titles) : titles.filter(({ lines }) => lines > 1);
      expect(broken).toEqual([]);
      await context.close();
    },
  );

  // A phone's sign-in logs its user agent, 140 characters: wrapped in its 80 px column, each log
  // row was 355 px high, three rows a screen.
  it.each(['en', 'zh-cn'] as const)('keeps the admin log’s rows low on a phone in %s', async (lang) => {
    const signedIn = await fetch(`${server.baseUrl}/admin/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', server: 'true', 'user-agent': PHONE_USER_AGENT },
      body: JSON.stringify({ username: 'admin', password: server.adminPassword }),
    });
    expect(((await signedIn.json()) as { code: number }).code).toBe(1);
    const { context, page } = await openSignedIn(browser, server, {
      lang,
      width: 390,
      height: 844,
      path: '/admin/auth/adminLog',
    });
    const phone = page.locator('.ant-table-row', { hasText: 'iPhone' }).first();
    await phone.waitFor();
    await shoot(page, `admin-log-${lang}`);
    expect(await tallRows(page, 100)).toEqual([]);
    // The whole value is still there, on hover.
    expect(await phone.locator('[title*="Mobile/15E148"]').count()).toBe(1);
    await context.close();
  });

  // At 390 px every column sits at its narrowest: a cell's words broke where the column ended
  // ("Administr" / "ators", "security/D" / "ataRecycl" / "e", a role group's 超级管理 / 员); the
  // table scrolls sideways instead.
  it.each([
    ['en', '/admin/security/dataRecycle', 'Administrators', 'security/DataRecycle'],
    ['zh-cn', '/admin/auth/group', '超级管理组', '超级管理员'],
  ] as const)('keeps the words of a phone’s list cells whole in %s (%s)', async (lang, path, row, cell) => {
    const { context, page } = await openSignedIn(browser, server, { lang, width: 390, height: 844, path });
    await page.locator('.ant-table-row', { hasText: row }).waitFor();
    await shoot(page, `cell-words-${lang}`);
    const cells = await lineCounts(page, '.ant-table-tbody .ba-cell-words');
    expect(cells.map(({ text }) => text)).toContain(cell);
    expect(brokenWords(cells)).toEqual([]);
    await context.close();
  });

  // A tag list wrapped at the 80 px every wrapping column gets: one tag a line, a sensitive-data
  // rule's five fields a row 156 px high.
  it('lays a phone’s tag lists out in rows, not one tag a line', async () => {
    const { context, page } = await openSignedIn(browser, server, {
      lang: 'zh-cn',
      width: 390,
      height: 844,
      path: '/admin/security/sensitiveData',
    });
    await page.locator('.ant-table-row', { hasText: '邮箱' }).waitFor();
    await shoot(page, 'tags-zh-cn');
    expect(await tallRows(page, 100)).toEqual([]);
    await context.close();
  });

  /** The heights of the dashboard's number tiles. */
  const tileHeights = (page: Page) =>
    page.locator('.ba-tile').evaluateAll((tiles) => tiles.map((t) => t.getBoundingClientRect().height));

  it.each(['en', 'zh-cn'] as const)('gives the dashboard tiles one height in %s', async (lang) => {
    const { context, page } = await signIn(lang, 1440);
    await expect.poll(async () => (await tileHeights(page)).length).toBe(4);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { width } = size;
      await page.setViewportSize(size);
      // Past the count-up and the relayout.
      await page.waitForTimeout(600);
      await shoot(page, `dashboard-${lang}-${width}`);
      const heights = await tileHeights(page);
      expect(
        Math.max(...heights) - Math.min(...heights),
        `${width}px: ${heights.join(', ')}`,
      ).toBeLessThanOrEqual(1);
    }
    await context.close();
  });
});
