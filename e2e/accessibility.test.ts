/**
 * Keyboard and screen-reader use, in Chromium: axe-core checks every back-office page the
 * super administrator's menu reaches and every member-centre page, in Chinese and (for a few
 * pages) English, in the light theme and (one more pass, in Chinese) the dark one, and finds
 * nothing serious or critical; Tab walks the nav bar with a
 * visible focus ring on each control; an Add dialog opened from the keyboard keeps the focus
 * inside it, and Escape gives it back to the button that opened it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { audit, openInApp, settle } from './support/axe.js';
import { browserAvailable, chooseLanguage, newPage, opened } from './support/browser.js';
import type { E2eServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

type Lang = 'en' | 'zh-cn';
type Theme = 'light' | 'dark';

/** A walk over every page of the menu: longer than one page's test on a busy machine. */
const WALK_TIMEOUT = 180_000;

const MEMBER = { username: 'a11y_member', password: 'member-pass-1', nickname: 'Reader' };

interface MenuRule {
  type: string;
  menu_type: string | null;
  path: string;
  extend: string;
  title: string;
  children?: MenuRule[];
}

/** The back-office pages of the administrator's menu (iframe and link entries are not ours). */
async function adminPages(server: E2eServer): Promise<string[]> {
  const response = await fetch(`${server.baseUrl}/admin/index/index`, {
    headers: { batoken: await adminToken(server), server: 'true', 'think-lang': 'en' },
  });
  const { data } = (await response.json()) as { data: { menus: MenuRule[] } };
  const paths: string[] = [];
  const walk = (rules: MenuRule[]) => {
    for (const rule of rules) {
      if (rule.type === 'menu' && rule.menu_type === 'tab' && rule.extend !== 'add_menu_only')
        paths.push(`/admin/${rule.path.replace(/^\/+/, '')}`);
      walk(rule.children ?? []);
    }
  };
  walk(data.menus);
  return paths;
}

/** What shows the keyboard focus on the focused element (or on the antd box around it). */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    const ring = (element: Element) => {
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
          ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
          : '';
      return { outline, shadow: style.boxShadow === 'none' ? '' : style.boxShadow };
    };
    // An antd input's focus shows on its wrapper.
    const box =
      active.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker') ?? active;
    const { outline, shadow } = ring(box);
    return {
      name:
        active.getAttribute('aria-label') ||
        active.getAttribute('title') ||
        active.textContent?.trim().slice(0, 40) ||
        active.tagName,
      inNavBar: Boolean(active.closest('.ba-nav-bar')),
      testId: active.getAttribute('data-testid'),
      outline,
      shadow,
    };
  });
}

describe.skipIf(!browserAvailable)('accessibility', () => {
  const suite = serverWithBrowser();

  beforeAll(async () => {
    await api(
      suite.server,
      '/admin/user.User/add',
      { ...MEMBER, group_id: 1 },
      await adminToken(suite.server),
    );
  });

  /** The interface in `lang` and `theme`, as a visitor who chose both before (stored settings). */
  const choose = async (page: Page, lang: Lang, theme: Theme) => {
    await chooseLanguage(page, suite.server.baseUrl, lang);
    if (theme === 'light') return;
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('storeConfig_v2') ?? '{}');
      saved.state.layout = { ...saved.state.layout, isDark: true };
      localStorage.setItem('storeConfig_v2', JSON.stringify(saved));
    });
  };

  const signInAdmin = (lang: Lang, theme: Theme = 'light') =>
    openSignedIn(suite.browser, suite.server, {
      lang,
      layout: theme === 'dark' ? { isDark: true } : undefined,
    });

  const signInMember = async (lang: Lang, theme: Theme = 'light') => {
    const { context, page } = await newPage(suite.browser);
    await choose(page, lang, theme);
    await page.goto(`${suite.server.baseUrl}/user/login`);
    await page.fill('#username', MEMBER.username);
    await page.fill('#password', MEMBER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/account\/overview/);
    return { context, page };
  };

  /** The member-centre pages of the signed-in member's menus. */
  const memberPages = (page: Page) =>
    page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('userInfo') ?? '{}').state?.token ?? '';
      const response = await fetch('/api/index/index', {
        headers: { 'ba-user-token': token, server: 'true', 'think-lang': 'en' },
      });
      type Rule = { type: string; menu_type: string | null; path: string; children?: Rule[] };
      const { data } = (await response.json()) as { data: { menus: Rule[] } };
      const paths: string[] = [];
      const walk = (rules: Rule[]) => {
        for (const rule of rules) {
          if (rule.type === 'menu' && rule.menu_type === 'tab')
            paths.push(`/user/${rule.path.replace(/^\/+/, '')}`);
          walk(rule.children ?? []);
        }
      };
      walk(data.menus);
      return paths;
    });

  /**
   * The first page loaded, the others opened in the app: a page load costs a second each. The
   * back office keeps an open tab's page in the document, hidden: the other tabs are closed,
   * as a person tidying them would, so each audit reads one page (axe's time grows with the
   * document: 2.5 s a page by the twentieth tab).
   */
  const visitAll = async (page: Page, paths: string[], label: string) => {
    const found: string[] = [];
    const otherTabs = page.locator('[data-testid="nav-tab"][aria-selected="false"] .ba-nav-tab-close');
    for (const [i, path] of paths.entries()) {
      if (i === 0) {
        await page.goto(`${suite.server.baseUrl}${path}`);
        await page.waitForURL((url) => url.pathname === path);
        await settle(page);
      } else await openInApp(page, path);
      while ((await otherTabs.count()) > 0) await otherTabs.first().click();
      found.push(...(await audit(page, `${path} (${label})`)));
    }
    return found;
  };

  /** The page really is drawn in `theme` (a stored setting the app might have ignored). */
  const expectTheme = async (page: Page, theme: Theme) =>
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );

  it('finds nothing serious on the sign-in screens, in both languages and both themes', async () => {
    const found: string[] = [];
    for (const [lang, theme] of [
      ['zh-cn', 'light'],
      ['en', 'light'],
      ['zh-cn', 'dark'],
    ] as const) {
      const { context, page } = await newPage(suite.browser);
      await choose(page, lang, theme);
      for (const path of ['/admin/login', '/user/login', '/user/login?type=register']) {
        await page.goto(`${suite.server.baseUrl}${path}`);
        await settle(page);
        await expectTheme(page, theme);
        found.push(...(await audit(page, `${path} (${lang}, ${theme})`)));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'finds nothing serious on any back-office page of the menu, in Chinese, %s',
    async (theme) => {
      const paths = await adminPages(suite.server);
      // The menu holds the whole back-office: pages of every branch are among them.
      expect(paths).toEqual(
        expect.arrayContaining(['/admin/dashboard', '/admin/auth/admin', '/admin/routine/config']),
      );
      expect(paths.length).toBeGreaterThan(15);
      const { context, page } = await signInAdmin('zh-cn', theme);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      await expectTheme(page, theme);
      const found = await visitAll(page, paths, `zh-cn, ${theme}`);
      await context.close();
      expect(found).toEqual([]);
    },
    // Some twenty pages, each loaded, settled and audited.
    WALK_TIMEOUT,
  );

  it('finds nothing serious on back-office pages, an open Add form and the terminal setup in English', async () => {
    const { context, page } = await signInAdmin('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const found = await visitAll(
      page,
      ['/admin/dashboard', '/admin/auth/admin', '/admin/routine/config', '/admin/user/user'],
      'en, light',
    );
    await page.goto(`${suite.server.baseUrl}/admin/auth/admin`);
    await settle(page);
    await page.locator('.ba-table-header').getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog').locator('#username').waitFor();
    await settle(page);
    found.push(...(await audit(page, '/admin/auth/admin Add dialog (en)', '.ant-modal-wrap')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The terminal's setup, opened from the nav bar over any page.
    await page.getByTestId('terminal-button').click();
    await page.getByTestId('terminal-setup').click();
    await page.getByTestId('terminal-settings').waitFor();
    await settle(page);
    found.push(...(await audit(page, 'terminal setup (en)', '[data-testid="terminal-settings"]')));
    await context.close();
    expect(found).toEqual([]);
  });

  it.each([
    ['zh-cn', 'light'],
    ['en', 'light'],
    ['zh-cn', 'dark'],
  ] as const)('finds nothing serious on any member-centre page in %s, %s', async (lang, theme) => {
    const { context, page } = await signInMember(lang, theme);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'en' ? 'en' : 'zh-CN');
    await expectTheme(page, theme);
    const paths = await memberPages(page);
    expect(paths).toEqual(expect.arrayContaining(['/user/account/overview', '/user/account/profile']));
    const found = await visitAll(page, paths, `${lang}, ${theme}`);
    await context.close();
    expect(found).toEqual([]);
  });

  it('walks the nav bar with Tab, showing where the focus is on every control', async () => {
    const { context, page } = await signInAdmin('en');
    await settle(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached: string[] = [];
    const unmarked: string[] = [];
    for (let step = 0; step < 80; step++) {
      await page.keyboard.press('Tab');
      const focused = await focusIndicator(page);
      if (!focused) continue;
      // The browser's own ring ('auto') is not the application's focus style.
      if ((!focused.outline || focused.outline.startsWith('auto')) && !focused.shadow)
        unmarked.push(`${focused.name} (${focused.outline || 'no outline'}, no shadow)`);
      if (focused.inNavBar) reached.push(focused.testId ?? focused.name);
      if (focused.testId === 'layout-settings') break;
    }
    // Every button of the nav bar was reached (the walk stops at the layout settings, the last).
    expect(reached).toEqual(
      expect.arrayContaining([
        'nav-home',
        'lang-switch',
        'full-screen',
        'terminal-button',
        'clear-cache',
        'admin-info',
        'layout-settings',
      ]),
    );
    expect(unmarked).toEqual([]);

    // The menu toggle of a narrow window is marked like the others (not the browser's black box).
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByTestId('open-aside').waitFor();
    await page.getByTestId('open-aside').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const toggle = await focusIndicator(page);
    expect(toggle?.testId).toBe('open-aside');
    expect(toggle?.outline).toMatch(/^solid/);
    await context.close();
  });

  it('moves between the open pages’ tabs with the arrow keys, opens one with Enter and closes one with Delete', async () => {
    const { context, page } = await signInAdmin('en');
    await settle(page);
    const tabs = page.getByTestId('nav-tab');
    // Pages opened from the menu (each opens a tab; a reload would keep only its own), each shown
    // with its tab active before the next is asked for, as a person would: a click while the
    // previous page is still on its way replaces that navigation (the later choice wins), and its
    // tab never opens (CI once saw two tabs here, on a machine at load 10).
    for (const [folder, item] of [
      ['Permissions', 'Admin management'],
      ['Members', 'Member management'],
    ]) {
      await page.getByRole('menuitem', { name: folder }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await tabs.and(page.locator('[aria-selected="true"]')).filter({ hasText: item }).waitFor();
      await settle(page);
    }
    const titles = () => tabs.allInnerTexts();
    const before = await titles();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const focusedTitle = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText);
    // One Tab stop for the list: the active tab.
    const active = page.locator('[data-testid="nav-tab"][aria-selected="true"]');
    expect(await active.getAttribute('tabindex')).toBe('0');
    await active.focus();
    await page.keyboard.press('ArrowLeft');
    const left = before[before.length - 2];
    expect(await focusedTitle()).toBe(left);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/auth\/admin/, { timeout: 10_000 });
    await page.keyboard.press('End');
    expect(await focusedTitle()).toBe(before[before.length - 1]);
    await page.keyboard.press('Delete');
    await expect.poll(titles, { timeout: 10_000 }).toEqual(before.slice(0, -1));
    await context.close();
  });

  it('opens a dialog without motion when the system asks for less, and zooms it in otherwise', async () => {
    const zoomsWith = async (motion: 'full' | 'reduced') => {
      const { context, page } = await openSignedIn(suite.browser, suite.server, {
        lang: 'en',
        path: '/admin/auth/admin',
        motion,
      });
      await settle(page);
      // Watched from before the click: on a loaded machine the zoom may be over by the time a
      // check after the click runs.
      await page.evaluate(() => {
        const seen = window as { zoomed?: boolean };
        seen.zoomed = false;
        new MutationObserver(() => {
          for (const dialog of document.querySelectorAll('.ant-modal')) {
            const style = getComputedStyle(dialog);
            if (style.animationName !== 'none' && style.animationDuration !== '0s') seen.zoomed = true;
          }
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['class'],
        });
      });
      await page.locator('.ba-table-header').getByRole('button', { name: 'Add' }).click();
      // Open to the end: the zoom's running phase starts frames after the form is there.
      await opened(page.locator('.ant-modal').filter({ has: page.locator('#username') }));
      const zoomed = await page.evaluate(() => Boolean((window as { zoomed?: boolean }).zoomed));
      await context.close();
      return zoomed;
    };
    expect({ reduced: await zoomsWith('reduced'), full: await zoomsWith('full') }).toEqual({
      reduced: false,
      full: true,
    });
  });

  it('keeps the focus inside an Add dialog opened from the keyboard and gives it back on Escape', async () => {
    const { context, page } = await signInAdmin('en');
    await page.goto(`${suite.server.baseUrl}/admin/auth/admin`);
    await settle(page);
    const add = page.locator('.ba-table-header').getByRole('button', { name: 'Add' });
    await add.focus();
    // Focused from the keyboard: Shift+Tab and back, so the browser treats it as keyboard focus.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await add.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.locator('#username').waitFor();
    await settle(page);

    const outside: string[] = [];
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press(step % 10 === 9 ? 'Shift+Tab' : 'Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        // Past the last control the focus may step out to the browser's own controls (as
        // from a native modal <dialog>); the next Tab brings it back to the dialog's first.
        if (active === document.body && !document.hasFocus()) return null;
        const inside = Boolean(active?.closest('.ant-modal-wrap'));
        return inside ? null : `${active?.tagName} ${active?.className}`;
      });
      if (where) outside.push(where);
    }
    expect(outside).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => add.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
