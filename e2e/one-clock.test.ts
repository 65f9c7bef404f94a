/**
 * One clock: a browser in New York looks at a site whose `time_zone` is Asia/Shanghai (the
 * seeded default). The admin log's list, the profile's operation timeline and the member's
 * last sign-in show the times the export writes (the site's), each saying which zone; a date
 * range picked in the list's search means that range on the site's clocks.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api } from './support/api.js';
import { browserAvailable, loginAsAdmin, newPage } from './support/browser.js';
import type { E2eServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

const BROWSER_ZONE = 'America/New_York';

/** The export's CSV as `id → cell` of one datetime column (the export writes the site's clock). */
async function exportedTimes(server: E2eServer, token: string, controller: string, prop: string) {
  const columns = [
    { prop: 'id', title: 'ID' },
    { prop, title: 'Time', render: 'datetime' },
  ];
  const query = new URLSearchParams({ format: 'csv', columns: JSON.stringify(columns), limit: '1000' });
  const response = await fetch(`${server.baseUrl}/admin/${controller}/export?${query}`, {
    headers: { batoken: token, server: 'true', 'think-lang': 'en' },
  });
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const rows = text
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  return new Map(rows.map(([id = '', time = '']) => [id, time]));
}

const cellTexts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText.trim()));

describe.skipIf(!browserAvailable)('one clock', () => {
  const suite = serverWithBrowser();

  it("shows the list, the timeline and the member's last sign-in as the export writes them", async () => {
    const { server, browser } = suite;
    const token = await adminToken(server);
    await api(
      server,
      '/admin/user.User/add',
      { username: 'clock_member', nickname: 'clock', group_id: 1, password: 'member-pass-1' },
      token,
    );

    const { page, context } = await newPage(browser, { timezoneId: BROWSER_ZONE });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);

    // The list: every row's time is the export's time of that row.
    await page.goto(`${server.baseUrl}/admin/auth/adminLog`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.locator('.ant-table-row').first().waitFor();
    const exported = await exportedTimes(server, token, 'auth.AdminLog', 'create_time');
    const listed = await page
      .locator('.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.getAttribute('data-row-key') ?? '',
          (row.querySelector('[data-testid="list-time"]') as HTMLElement | null)?.innerText.trim() ?? '',
        ]),
      );
    expect(listed.length).toBeGreaterThan(0);
    for (const [id = '', time] of listed) expect(time, `admin log ${id}`).toBe(exported.get(id));
    // It says which zone.
    expect(await page.getByTestId('list-time').first().getAttribute('title')).toBe('Asia/Shanghai (UTC+8)');

    // The profile's operation timeline: the same entries, the same times.
    await page.goto(`${server.baseUrl}/admin/routine/adminInfo`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.locator('.ant-timeline-item').first().waitFor();
    const timeline = await cellTexts(page, '[data-testid="timeline-time"]');
    const exportedAgain = new Set(
      (await exportedTimes(server, token, 'auth.AdminLog', 'create_time')).values(),
    );
    expect(timeline.length).toBeGreaterThan(0);
    for (const time of timeline) expect(exportedAgain, time).toContain(time);

    // The member's profile: the last sign-in as the members' export writes it.
    await page.goto(`${server.baseUrl}/user/login`);
    await page.fill('#username', 'clock_member');
    await page.fill('#password', 'member-pass-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/account\/overview/);
    const lastLogin = page.getByTestId('last-login-time');
    await expect.poll(() => lastLogin.innerText()).not.toBe('-');
    const members = await exportedTimes(server, token, 'user.User', 'last_login_time');
    expect([...members.values()]).toContain((await lastLogin.innerText()).trim());
    expect(await lastLogin.getAttribute('title')).toBe('Asia/Shanghai (UTC+8)');
    await context.close();
  });

  it("sends a searched date range as the site's days, and says so under the picker", async () => {
    const { server, browser } = suite;
    const { page, context } = await openSignedIn(browser, server, {
      timezoneId: BROWSER_ZONE,
      path: '/admin/auth/adminLog',
    });
    await page.getByRole('button', { name: /通用搜索|generic search/i }).click();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('auth.AdminLog/index')) asked.push(decodeURIComponent(request.url()));
    });
    const inputs = page.locator('.ba-com-search .ant-picker-range input');
    await inputs.first().click();
    await expect.poll(() => page.getByText('时间为 Asia/Shanghai (UTC+8)').count()).toBe(1);
    // Typed as the picker shows it; Enter confirms each end.
    await inputs.first().fill('2024-01-05 00:00:00');
    await page.keyboard.press('Enter');
    await inputs.nth(1).fill('2024-01-05 23:59:59');
    await page.keyboard.press('Enter');
    await page
      .locator('.ba-com-search')
      .getByRole('button', { name: /^(搜\s*索|Search)$/ })
      .click();
    // 2024-01-05 00:00 in Shanghai is 2024-01-04 16:00 UTC (in New York it would be 05:00 UTC).
    const range = `=${Date.UTC(2024, 0, 4, 16) / 1000},${Date.UTC(2024, 0, 5, 15, 59, 59) / 1000}`;
    await expect.poll(() => asked.filter((url) => url.includes('search')).at(-1) ?? '').toContain(range);
    await context.close();
  });
});
