/**
 * The module market in Chromium (as in the original): a super administrator sees every module
 * on the machine with its state, installs one through the conflict screen to the done screen,
 * disables, enables (in its own wording) and uninstalls it, its folder kept as the project's; the Upload installation view; a non-super administrator is
 * refused. The server works on a scratch project (PROJECT_DIR) so the checkout stays as it is.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRawZip } from '../apps/server/test/support/module-project.js';
import { adminToken, api } from './support/api.js';
import {
  browserAvailable,
  chooseLanguage,
  launchBrowser,
  newPage,
  settledScreenshot,
} from './support/browser.js';
import { SERVER_STEP, showLocalModules } from './support/module-page.js';
import { type E2eServer, startServer } from './support/server.js';
import { openSignedIn } from './support/signed-in.js';

type Lang = 'en' | 'zh-cn';
const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const UID = 'e2enotes';
/** A project file the module also brings, with other content: the install meets a file conflict. */
const CLASHING = `apps/server/src/modules/${UID}/notes.txt`;

function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-e2e-project-'));
  for (const file of ['package.json', 'apps/server/package.json', 'apps/web/package.json']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(file, join(dir, file));
  }
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write(
    `modules/${UID}/module.json`,
    JSON.stringify({
      uid: UID,
      title: 'E2E notes',
      intro: 'A tiny module for the browser test',
      author: 'Portico',
      version: '1.0.0',
    }),
  );
  write(`modules/${UID}/${CLASHING}`, 'from the module\n');
  write(CLASHING, 'already in the project\n');
  return dir;
}

describe.skipIf(!browserAvailable)('module market', () => {
  let server: E2eServer;
  let browser: Browser;
  let project: string;

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    project = scratchProject();
    server = await startServer({ PROJECT_DIR: project });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await settledScreenshot(page, join(SHOTS, `modules-${name}.png`));
  };
  const openMarket = async (lang: Lang, width: number) => {
    const { context, page } = await openSignedIn(browser, server, {
      lang,
      width,
      height: 900,
      path: '/admin/moduleStore',
    });
    await page.getByTestId('module-market').waitFor();
    await showLocalModules(page);
    return { context, page };
  };
  const card = (page: Page) => page.locator(`[data-testid="module-card"][data-uid="${UID}"]`);
  const pipeline = (page: Page) => page.getByTestId('module-pipeline');
  /** No horizontal scrolling: everything fits the window. */
  const fits = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('lists the module on the machine with its state tag, in both languages and at 390 px', async () => {
    for (const [lang, width, tag] of [
      ['en', 1440, 'Wait for installation'],
      ['zh-cn', 1440, '等待安装'],
      ['en', 390, 'Wait for installation'],
      ['zh-cn', 390, '等待安装'],
    ] as const) {
      const { context, page } = await openMarket(lang, width);
      await expect.poll(() => card(page).getByTestId('module-state').innerText()).toBe(tag);
      await expect(card(page).innerText()).resolves.toContain('E2E notes');
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `local-${width}-${lang}`);

      await page.getByRole('button', { name: lang === 'en' ? 'Upload installation' : '上传安装' }).click();
      const upload = page.getByTestId('module-upload');
      await upload.waitFor();
      await expect(upload.innerText()).resolves.toContain(
        lang === 'en' ? 'Click me to upload' : '点击我上传',
      );
      await expect(upload.locator('li').count()).resolves.toBe(3);
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, `upload-${width}-${lang}`);
      await context.close();
    }
  });

  it(
    'installs through the conflict screen to the done screen, then disables and uninstalls',
    async () => {
      const { context, page } = await openMarket('en', 390);
      await card(page).getByRole('button', { name: 'Install now' }).click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('conflict');
      const conflict = page.getByTestId('module-install-conflict');
      await expect(conflict.innerText()).resolves.toContain(CLASHING);
      await expect(conflict.innerText()).resolves.toContain('Backup and overwrite existing files');
      // On a phone the conflict's lines stack: its treatment stays inside the 390 px screen.
      const selectRight = () =>
        conflict
          .locator('.ant-select')
          .first()
          .evaluate((e) => e.getBoundingClientRect().right);
      await expect.poll(selectRight).toBeLessThanOrEqual(390 - 8);
      await shoot(page, 'conflict-390-en');
      await conflict.getByRole('button', { name: 'Confirm' }).click();

      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('done');
      const done = page.getByTestId('module-done');
      await expect(done.innerText()).resolves.toContain('Congratulations, module installation is complete');
      await expect(done.innerText()).resolves.toContain('This module does not add new dependencies');
      // npm start supervises the server: it restarts itself to load the module's server code, the
      // page waits under "The server is restarting…", and no "restart by hand" line is shown.
      await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
      await expect(done.getByTestId('module-need-restart').count()).resolves.toBe(0);
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, 'done-390-en');
      await done.getByRole('button', { name: 'End of installation' }).click();
      await pipeline(page).waitFor({ state: 'detached' });
      await expect.poll(() => card(page).getByTestId('module-state').innerText()).toBe('installed');

      // An administrator edited the module's file since: the disable asks first.
      writeFileSync(join(project, CLASHING), 'edited by hand\n');
      await card(page).getByRole('switch').click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('disableConflict');
      const disableConflict = page.getByTestId('module-disable-conflict');
      await disableConflict.getByRole('button', { name: 'Confirm to disable the module' }).waitFor();
      await expect(disableConflict.innerText()).resolves.toContain(CLASHING);
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, 'disable-conflict-390-en');
      await disableConflict.getByRole('button', { name: 'Confirm to disable the module' }).click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('done');
      await expect(page.getByTestId('module-done').innerText()).resolves.toContain('Module is disabled');
      await page.getByTestId('module-done').getByRole('button', { name: 'Completed' }).click();
      await expect.poll(() => card(page).getByTestId('module-state').innerText()).toBe('Disable');

      // Switched on again: the install runs anew and meets the project's file, which the disable put back.
      // ...this time on a wide screen, where the conflict is a table row.
      await page.setViewportSize({ width: 1440, height: 900 });
      await card(page).getByRole('switch').click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('conflict');
      await expect(fits(page)).resolves.toBe(true);
      await shoot(page, 'conflict-1440-en');
      await page.getByTestId('module-install-conflict').getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('done');
      // Switching on is an enable, and says so: not the install's wording.
      await expect(page.locator('.ant-modal-title').innerText()).resolves.toBe('Enable module');
      await expect(page.getByTestId('module-done').innerText()).resolves.toContain('The module is enabled');
      await expect.poll(() => page.locator('.portico-spin').count(), { timeout: 120_000 }).toBe(0);
      await page.getByTestId('module-done').getByRole('button', { name: 'Completed' }).click();
      await expect.poll(() => card(page).getByTestId('module-state').innerText()).toBe('installed');
      await card(page).getByRole('switch').click();
      await expect
        .poll(() => pipeline(page).getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('done');
      await page.getByTestId('module-done').getByRole('button', { name: 'Completed' }).click();
      await expect.poll(() => card(page).getByTestId('module-state').innerText()).toBe('Disable');

      // The module's folder is the project's own (not unpacked by the installer): the confirmation
      // says exactly what goes (the installer's record) and that the folder stays.
      const shipped = readFileSync(join(project, `modules/${UID}/${CLASHING}`), 'utf8');
      await card(page).getByRole('button', { name: 'uninstall' }).click();
      const plan = page.getByTestId('module-uninstall-plan');
      await expect(plan.innerText()).resolves.toBe(
        `Deleted from disk:\nmodules/${UID}/.state.json\nKept, as part of the project source:\nmodules/${UID}`,
      );
      await shoot(page, 'uninstall-confirm-1440-en');
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /OK|Yes/ })
        .click();
      await expect
        .poll(() => card(page).getByTestId('module-state').innerText())
        .toBe('Wait for installation');
      expect(readFileSync(join(project, `modules/${UID}/${CLASHING}`), 'utf8')).toBe(shipped);
      expect(existsSync(join(project, `modules/${UID}/.state.json`))).toBe(false);
      // Nothing is left for an uninstall to delete: it is not offered.
      await expect(card(page).getByRole('button', { name: 'uninstall' }).count()).resolves.toBe(0);
      await context.close();
      // Four server restarts (install, disable, enable, disable), each bundling the server again.
    },
    8 * SERVER_STEP,
  );

  it('installs a module uploaded as a .zip through the drag area', async () => {
    const zip = join(project, 'zipped.zip');
    writeRawZip(zip, [
      {
        name: 'module.json',
        data: Buffer.from(
          JSON.stringify({
            uid: 'zipped',
            title: 'Zipped notes',
            intro: 'Came as a zip',
            author: 'Portico',
            version: '1.0.0',
          }),
        ),
      },
      { name: 'apps/server/src/modules/zipped/readme.txt', data: Buffer.from('zipped\n') },
    ]);
    const { context, page } = await openMarket('zh-cn', 390);
    await page.getByRole('button', { name: '上传安装' }).click();
    await page.getByTestId('module-upload').locator('input[type=file]').setInputFiles(zip);
    await expect.poll(() => pipeline(page).getAttribute('data-screen'), { timeout: 20_000 }).toBe('done');
    await expect(page.getByTestId('module-done').innerText()).resolves.toContain('恭喜，模块安装已完成');
    await shoot(page, 'upload-done-390-zh-cn');
    await page.getByTestId('module-done').getByRole('button', { name: '结束安装' }).click();
    const zipped = page.locator('[data-testid="module-card"][data-uid="zipped"]');
    await expect.poll(() => zipped.getByTestId('module-state').innerText()).toBe('已安装');
    await context.close();
  });

  it('refuses an administrator who is not a super administrator', async () => {
    const token = await adminToken(server);
    await api(
      server,
      '/admin/auth.Group/add',
      { pid: 1, name: 'Module watchers', rules: [78, 79, 80, 81, 82, 83] },
      token,
    );
    type GroupRow = { id: number; name: string; children?: GroupRow[] };
    const groups = await fetch(`${server.baseUrl}/admin/auth.Group/index`, {
      headers: { batoken: token, server: 'true', 'think-lang': 'en' },
    }).then((r) => r.json() as Promise<{ data: { list: GroupRow[] } }>);
    // The list is a tree: the new group sits under the super administrators' group.
    const flat = (rows: GroupRow[]): GroupRow[] => rows.flatMap((row) => [row, ...flat(row.children ?? [])]);
    const group = flat(groups.data.list).find((g) => g.name === 'Module watchers');
    await api(
      server,
      '/admin/auth.Admin/add',
      {
        username: 'watcher2',
        nickname: 'Watcher',
        password: 'Watcher123',
        group_arr: [group?.id],
        status: '1',
      },
      token,
    );
    const { context, page } = await newPage(browser, { width: 390 });
    await chooseLanguage(page, server.baseUrl, 'en');
    await page.goto(`${server.baseUrl}/admin/login`);
    await page.fill('#username', 'watcher2');
    await page.fill('#password', 'Watcher123');
    await page.keyboard.press('Enter');
    // Without the dashboard rule the first page is another one: any page past the login.
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${server.baseUrl}/admin/moduleStore`);
    await page.getByTestId('module-refused').waitFor();
    await expect(page.getByTestId('module-refused').innerText()).resolves.toContain(
      'Only super administrators can manage modules',
    );
    await shoot(page, 'refused-390-en');
    // The server refuses too, whatever the page shows.
    const login = await api<{ userInfo: { token: string } }>(server, '/admin/index/login', {
      username: 'watcher2',
      password: 'Watcher123',
    });
    const index = await fetch(`${server.baseUrl}/admin/module/index`, {
      headers: { batoken: login.userInfo.token, server: 'true', 'think-lang': 'en' },
    }).then((r) => r.json() as Promise<{ code: number; data: { installed?: unknown } }>);
    expect(index.code).not.toBe(1);
    expect(index.data?.installed).toBeUndefined();
    await context.close();
  });
});
