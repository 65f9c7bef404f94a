/**
 * A list exported and rows imported, in Chromium against the real server. The
 * member list, searched and with a column hidden, is exported as CSV and as Excel: the file
 * saved holds the table's own column titles (in English, then in Chinese) and every row the
 * list API answers for that search, in its order, its first rows reading as the table shows
 * them; a slow download shows its rows arriving in a progress dialog, which Cancel stops. A CSV
 * with a bad row is refused line by line and changes nothing; corrected, its rows are in the
 * list. axe finds nothing serious in the progress dialog or the import dialog; one run is
 * 390 px wide.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, readXlsxFile } from '../apps/server/test/support/spreadsheets.js';
import { adminToken, api } from './support/api.js';
import { audit, settle } from './support/axe.js';
import { browserAvailable, settledScreenshot } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

/** Enough members that a download takes a while and the bar moves. */
const MEMBERS = 3000;
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

interface Member {
  id: number;
  username: string;
  nickname: string;
  group_id: number;
  gender: number;
}

describe.skipIf(!browserAvailable)('list export and import', () => {
  const suite = serverWithBrowser();
  let token = '';

  beforeAll(async () => {
    token = await adminToken(suite.server);
    // A few members through the add call, as an administrator makes them.
    for (let i = 0; i < 5; i++) {
      await api(
        suite.server,
        '/admin/user.User/add',
        {
          username: `other${i}`,
          nickname: `Other ${i}`,
          gender: 0,
          group_id: 1,
          password: 'Bulk-pass1',
          status: 'enable',
        },
        token,
      );
    }
    // The members a search finds: copies of the first, each with its own name and gender. Through
    // the add call (a password hash each) they took a minute of CI; here the database's own
    // triggers still index and count them as they do any member.
    const db = new Database(suite.server.databaseFile);
    try {
      const columns = (
        db.prepare('select name from pragma_table_info(?)').all('ba_user') as { name: string }[]
      )
        .map(({ name }) => name)
        .filter((name) => !['id', 'username', 'nickname', 'gender'].includes(name))
        .map((name) => `"${name}"`)
        .join(', ');
      const copy = db.prepare(
        `insert into ba_user (username, nickname, gender, ${columns}) select ?, ?, ?, ${columns} from ba_user where username = 'other0'`,
      );
      db.transaction(() => {
        for (let i = 0; i < MEMBERS; i++) copy.run(`bulk${String(i).padStart(4, '0')}`, `Bulk ${i}`, i % 3);
      })();
    } finally {
      db.close();
    }
  });

  const shoot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await settledScreenshot(page, join(SHOTS, `list-transfer-${name}.png`));
  };
  const fits = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  /** The export dialog's bar moves for as long as it is open: everything else has to be still. */
  const stillButTheBar = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' ||
            Boolean(
              ((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.ant-progress'),
            ),
        ),
    );

  /** Every member the list API answers for a quick search, in the list's order. */
  const listed = async (quickSearch: string): Promise<{ rows: Member[]; total: number }> => {
    const rows: Member[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ quickSearch, page: String(page), limit: '1000' });
      const answer = await fetch(`${suite.server.baseUrl}/admin/user.User/index?${query}`, {
        headers: { batoken: token, server: 'true', 'think-lang': 'en' },
      }).then((r) => r.json() as Promise<{ data: { list: Member[]; total: number } }>);
      rows.push(...answer.data.list);
      total = answer.data.total;
      if (answer.data.list.length < 1000) return { rows, total };
    }
  };

  /**
   * The member list; `search` fills its quick search from the address (a phone has no quick
   * search box). The browser keeps the site's time zone (Asia/Shanghai, the install's setting):
   * the export writes times in the site's zone, the table in the browser's.
   */
  const openMembers = async (lang: 'en' | 'zh-cn', width = 1280, search = '') => {
    const { context, page } = await openSignedIn(suite.browser, suite.server, {
      lang,
      width,
      timezoneId: 'Asia/Shanghai',
      path: `/admin/user/user${search ? `?quickSearch=${search}` : ''}`,
    });
    await page.locator('.ant-table-row').first().waitFor();
    return { context, page };
  };

  /**
   * Searches and waits for the table to show the search's first rows (their ids in order) and
   * its total: the newest members can head both the unsearched and the searched list, so the
   * rows alone do not say the search has been applied.
   */
  const quickSearch = async (page: Page, text: string, firstIds: number[], total: number) => {
    await page.locator('.ba-quick-search input').fill(text);
    const shown = firstIds.slice(0, 5).map(String);
    await expect
      .poll(async () => ({
        ids: (
          await page
            .locator('.ant-table-row')
            .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-key')))
        ).slice(0, shown.length),
        total: await page.locator('.ant-pagination-total-text').innerText(),
      }))
      .toEqual({ ids: shown, total: `${total} in total` });
  };

  /** The titles of the table's data columns as shown (not the checkbox or Operate column). */
  const shownTitles = (page: Page, operate: string) =>
    page
      .locator('.ba-list-page .ant-table-thead th')
      .allInnerTexts()
      .then((texts) => texts.map((text) => text.trim()).filter((text) => text && text !== operate));

  /** The first rows as the table shows them, one text per data column. */
  const shownRows = (page: Page) =>
    page.locator('.ant-table-row').evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td')]
          .filter((td) => !td.classList.contains('ant-table-selection-column'))
          .map((td) => (td as HTMLElement).innerText.trim())
          .slice(0, -1),
      ),
    );

  /** Starts recording what the export dialog shows: each count text and bar value. */
  const watchProgress = (page: Page) =>
    page.evaluate(() => {
      const seen: { text: string; value: string | null }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid=export-rows]')?.textContent ?? '';
        const value = document.querySelector('[data-testid=export-progress] [role=progressbar]');
        if (text && seen.at(-1)?.text !== text)
          seen.push({ text, value: value?.getAttribute('aria-valuenow') ?? null });
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  const progressSeen = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { progressSeen: { text: string; value: string | null }[] }).progressSeen,
    );

  /**
   * Exports through the header's menu and answers the downloaded file's path and name, once the
   * dialog has closed and given the focus back to the Export button.
   */
  const exportAs = async (page: Page, format: string) => {
    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('menuitem', { name: format }).click();
    const file = await download;
    await page.getByTestId('export-progress').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('export-button');
    return { path: await file.path(), name: file.suggestedFilename() };
  };

  /** Expects an exported table to be the list: the shown titles, the API's rows in order, the first page as shown. */
  const expectTheList = (table: string[][], titles: string[], members: Member[], firstPage: string[][]) => {
    const [header = [], ...rows] = table;
    expect(header).toEqual(titles);
    expect(rows).toHaveLength(members.length);
    const id = header.indexOf(titles[0] ?? '');
    expect(rows.map((row) => Number(row[id]))).toEqual(members.map((m) => m.id));
    // Times, tags and labels read as the list shows them (an empty time shows as '-').
    expect(rows.slice(0, firstPage.length).map((row) => row.map((cell) => cell || '-'))).toEqual(
      firstPage.map((row) => row.map((cell) => cell || '-')),
    );
  };

  it('exports the searched list with its shown columns as CSV and Excel, following a slow download', async () => {
    const { context, page } = await openMembers('en');
    const { rows: members, total } = await listed('bulk');
    expect(total).toBe(MEMBERS);
    await quickSearch(
      page,
      'bulk',
      members.map((member) => member.id),
      total,
    );
    // Hidden columns stay out of the file.
    await page.getByRole('button', { name: 'Column display' }).click();
    await page.getByRole('checkbox', { name: 'Avatar' }).uncheck();
    await page.keyboard.press('Escape');
    const titles = await shownTitles(page, 'Operate');
    expect(titles).not.toContain('Avatar');
    expect(titles).toContain('Username');
    const firstPage = await shownRows(page);

    // A slow line: the rows arrive while the dialog counts them; Cancel stops the download.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 6_000,
      uploadThroughput: -1,
    });
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByTestId('export-button').click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporting to CSV' });
    const rowsText = dialog.getByTestId('export-rows');
    await expect.poll(() => rowsText.innerText(), { timeout: 30_000 }).toMatch(/^[1-9][\d,]* \/ 3,000 rows$/);
    const counted = Number((await rowsText.innerText()).split(' / ')[0]?.replace(/,/g, ''));
    expect(counted).toBeLessThan(MEMBERS);
    const bar = dialog.getByRole('progressbar', { name: 'Export progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await stillButTheBar(page);
    await expect(audit(page, 'export progress (en)', '.ant-modal')).resolves.toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'list-transfer-export-progress-en.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('export-button');
    await page.waitForTimeout(500);
    expect(downloads).toBe(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // CSV: the table's titles, then every row the search finds, in the list's order.
    await watchProgress(page);
    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const text = readFileSync(csv.path, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expectTheList(parseCsv(text), titles, members, firstPage);
    await page.getByText(`Rows saved to ${csv.name}: 3,000`).waitFor();
    const seen = await progressSeen(page);
    expect(seen.map((s) => s.text)).toContain('3,000 / 3,000 rows');
    expect(seen.at(-1)).toEqual({ text: '3,000 / 3,000 rows', value: '100' });

    // Excel, from the keyboard: the same table.
    await page.getByTestId('export-button').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[role=menu]')?.getAttribute('aria-label')),
      )
      .toBe('Export the list as');
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Excel (.xlsx)');
    await page.keyboard.press('Enter');
    const saved = await download;
    const xlsx = { path: await saved.path(), name: saved.suggestedFilename() };
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expectTheList(await readXlsxFile(xlsx.path), titles, members, firstPage);
    await page.getByText(`Rows saved to ${xlsx.name}: 3,000`).waitFor();
    await context.close();
  });

  it('exports in Chinese with the Chinese titles and works at 390 px wide', async () => {
    const { context, page } = await openMembers('zh-cn', 390, 'bulk');
    const { rows: members } = await listed('bulk');
    await expect.poll(() => page.locator('.ant-pagination-total-text').innerText()).toBe('共 3000 条');
    const titles = await shownTitles(page, '操作');
    expect(titles).toContain('用户名');
    const firstPage = await shownRows(page);
    await shoot(page, 'members-zh-390');
    await watchProgress(page);
    // Slowly first, to look at the dialog while the rows arrive.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (bytesPerSecond: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: -1,
      });
    await throttle(3_000);
    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Excel（.xlsx）' }).click();
    const dialog = page.getByRole('dialog', { name: '正在导出为 Excel（.xlsx）' });
    await expect
      .poll(() => dialog.getByTestId('export-rows').innerText(), { timeout: 30_000 })
      .toMatch(/^[1-9][\d,]* \/ 3,000 行$/);
    await stillButTheBar(page);
    await expect(audit(page, 'export progress (zh-cn, 390 px)', '.ant-modal')).resolves.toEqual([]);
    expect(await fits(page)).toBe(true);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'list-transfer-export-progress-zh-390.png') });
    await throttle(-1);
    const saved = await download;
    const xlsx = { path: await saved.path(), name: saved.suggestedFilename() };
    expectTheList(await readXlsxFile(xlsx.path), titles, members, firstPage);
    const seen = await progressSeen(page);
    expect(seen.at(-1)).toEqual({ text: '3,000 / 3,000 行', value: '100' });
    await page.getByText(`已导出 3,000 行到 ${xlsx.name}`).waitFor();
    await context.close();
  });

  const importCsv = (lines: string[]) => ({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  });

  it('refuses a file with a bad row line by line and changes nothing, then imports it corrected', async () => {
    const { context, page } = await openMembers('zh-cn', 390);
    const before = (await listed('')).total;
    await page.getByTestId('import-button').click();
    const dialog = page.getByRole('dialog', { name: '从文件导入' });
    await dialog.getByText('点击或将 CSV、Excel（.xlsx）文件拖到此处').waitFor();
    await settle(page);
    await expect(audit(page, 'import dialog (zh-cn)', '.ant-modal')).resolves.toEqual([]);

    // Titled as the screen labels the fields: each column is matched to its field.
    const header = '用户名,昵称,分组,密码,手机号';
    await dialog
      .locator('input[type=file]')
      .setInputFiles(
        importCsv([
          header,
          'imp1,Imported 1,1,Import-pass1,',
          '2bad,Imported 2,1,Import-pass1,',
          'imp3,Imported 3,1,Import-pass1,',
        ]),
      );
    await dialog.getByTestId('import-file').getByText('members.csv：共 3 行').waitFor();
    const password = dialog.getByRole('combobox', { name: '列“密码”导入到的字段' });
    await expect(dialog.getByTestId('import-map-3').first().innerText()).resolves.toBe('密码（必填）');
    // A required field left out is pointed out before anything is sent.
    await password.click();
    await page.getByRole('option', { name: '不导入' }).click();
    await expect(dialog.getByRole('alert').innerText()).resolves.toBe(
      '以下必填字段既没有对应的列，也没有统一的值：密码',
    );
    // It may instead take one value for every row, typed under the preview's heading.
    await dialog.getByLabel('所有行的密码').waitFor();
    await expect(dialog.getByTestId('import-submit').isDisabled()).resolves.toBe(true);
    await password.click();
    await page.getByRole('option', { name: '密码（必填）' }).click();
    await expect.poll(() => dialog.getByTestId('import-missing').count()).toBe(0);
    await settle(page);
    await expect(audit(page, 'import preview (zh-cn)', '.ant-modal')).resolves.toEqual([]);
    expect(await fits(page)).toBe(true);
    await shoot(page, 'import-preview-zh-390');

    // The bad row's line is named and nothing is saved.
    await dialog.getByTestId('import-submit').click();
    const report = dialog.getByTestId('import-refused');
    await report.waitFor();
    const refused = await report
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
      );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.slice(0, 2)).toEqual(['3', '用户名']);
    expect(refused[0]?.[2]).not.toBe('');
    expect((await listed('')).total).toBe(before);
    await settle(page);
    await expect(audit(page, 'import refused (zh-cn)', '.ant-modal')).resolves.toEqual([]);
    await shoot(page, 'import-refused-zh-390');

    // Corrected, and without its group column: the group is chosen by name for every row. The
    // gender is written as the list shows it, as an export would.
    await dialog.getByRole('button', { name: '重新选择文件' }).click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles(
        importCsv([
          '用户名,昵称,密码,手机号,性别',
          'imp1,Imported 1,Import-pass1,,女',
          'imp2,Imported 2,Import-pass1,,男',
          'imp3,Imported 3,Import-pass1,,保密',
        ]),
      );
    await dialog.getByTestId('import-file').waitFor();
    await expect(dialog.getByRole('alert').innerText()).resolves.toBe(
      '以下必填字段既没有对应的列，也没有统一的值：分组',
    );
    await expect(dialog.getByTestId('import-submit').isDisabled()).resolves.toBe(true);
    await dialog.getByRole('combobox', { name: '所有行的分组' }).click();
    await page.locator('.ant-select-item-option[title="默认分组"]').click();
    await expect.poll(() => dialog.getByTestId('import-missing').count()).toBe(0);
    await settle(page);
    await expect(audit(page, 'import values (zh-cn)', '.ant-modal')).resolves.toEqual([]);
    expect(await fits(page)).toBe(true);
    await shoot(page, 'import-values-zh-390');
    await dialog.getByTestId('import-submit').click();
    await page.getByText('已导入 3 行').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await listed('')).total).toBe(before + 3);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('import-button');
    const imported = (await listed('imp')).rows;
    expect(imported.map((m) => [m.username, m.group_id, m.gender])).toEqual([
      ['imp3', 1, 0],
      ['imp2', 1, 1],
      ['imp1', 1, 2],
    ]);
    const added = imported.map((m) => m.id);
    // The list reloaded: the newest members lead it.
    await expect
      .poll(() =>
        page
          .locator('.ant-table-row')
          .evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute('data-row-key'))),
      )
      .toEqual(added.map(String));
    await context.close();
  });

  it('offers import where the server does (administrators, members, content) and export everywhere', async () => {
    const { context, page } = await openMembers('en');
    // From the keyboard: the dialog takes the focus, the file picker opens on Enter.
    await page.getByTestId('import-button').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import from a file' });
    await dialog.waitFor();
    const picker = page.waitForEvent('filechooser');
    for (let tab = 0; tab < 5; tab++) {
      const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (name.includes('Click or drag a CSV or Excel (.xlsx) file here')) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await (await picker).setFiles(
      importCsv(['username,nickname,group_id,password', 'imp9,Imported 9,1,Import-pass1']),
    );
    await dialog.getByTestId('import-file').getByText('Rows in members.csv: 1').waitFor();
    await expect(dialog.getByTestId('import-map-0').first().innerText()).resolves.toBe('Username (required)');
    await settle(page);
    await expect(audit(page, 'import preview (en)', '.ant-modal')).resolves.toEqual([]);
    await shoot(page, 'import-preview-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    for (const [path, imports] of [
      ['/admin/auth/admin', true],
      ['/admin/content/content', true],
      ['/admin/auth/adminLog', false],
    ] as const) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      await page.getByTestId('export-button').waitFor();
      await expect(page.getByTestId('import-button').count()).resolves.toBe(imports ? 1 : 0);
    }
    await context.close();
  });

  it('exports every list of the menu that offers it, with the columns each shows', async () => {
    type Rule = { type: string; menu_type: string | null; path: string; children?: Rule[] };
    const menus = await fetch(`${suite.server.baseUrl}/admin/index/index`, {
      headers: { batoken: token, server: 'true', 'think-lang': 'en' },
    }).then((r) => r.json() as Promise<{ data: { menus: Rule[] } }>);
    const paths: string[] = [];
    const walk = (rules: Rule[]) => {
      for (const rule of rules) {
        if (rule.type === 'menu' && rule.menu_type === 'tab')
          paths.push(`/admin/${rule.path.replace(/^\/+/, '')}`);
        walk(rule.children ?? []);
      }
    };
    walk(menus.data.menus);
    const { context, page } = await openMembers('en');
    const exported: string[] = [];
    for (const path of paths) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      await settle(page);
      if ((await page.getByTestId('export-button').count()) === 0) continue;
      // A refusal (a column the server does not list) would show its message and save nothing.
      const file = await exportAs(page, 'CSV');
      const [header = []] = parseCsv(readFileSync(file.path, 'utf8'));
      expect(header, path).toEqual(await shownTitles(page, 'Operate'));
      exported.push(path);
    }
    expect(exported).toEqual(
      expect.arrayContaining([
        '/admin/auth/admin',
        '/admin/user/user',
        '/admin/content/content',
        '/admin/auth/adminLog',
      ]),
    );
    await context.close();
  }, 180_000);
});
