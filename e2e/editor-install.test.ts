/**
 * The editor module installed for real, in Chromium, on a scratch copy of the project (its own
 * `npm ci`, its own `npm start`): Install from Local module, the module's packages installed by
 * `npm install` in the terminal, the web app rebuilt by the reissue command, then an article
 * written in the rich-text editor (a heading, bold text) is published and shown on
 * /article/{id}. Disabling the module removes its packages and brings the textarea back, and
 * `npm ci` still succeeds in the copy afterwards (package.json and the lock file agree).
 *
 * Prints the time from clicking Install to the editor being usable, and its parts.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TerminalTaskStatus } from '@portico/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { browserAvailable, chooseLanguage, launchBrowser, loginAsAdmin, newPage } from './support/browser.js';
import { SERVER_STEP, showLocalModules } from './support/module-page.js';
import { copyProject, installLocked } from './support/project-copy.js';
import { type E2eServer, startServer } from './support/server.js';

/** npm install and a web build on two busy cores: minutes, not seconds, in the worst case. */
const SLOW = 6 * 60_000;

describe.skipIf(!browserAvailable)('the editor module, installed on a copy of the project', () => {
  let project: string;
  let server: E2eServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    project = copyProject();
    server = await startServer({}, { root: project });
    browser = await launchBrowser();
    const opened = await newPage(browser, { width: 1440, height: 900 });
    page = opened.page;
    page.setDefaultTimeout(30_000);
    await chooseLanguage(page, server.baseUrl, 'en');
    await loginAsAdmin(page, server.baseUrl, server.adminPassword);
  }, 15 * 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (project) rmSync(dirname(project), { recursive: true, force: true });
  });

  /** What the page showed when a step failed: /tmp/editor-install-<test>.png. */
  const screenshotOnFailure = (name: string) =>
    onTestFailed(async () => {
      await page.screenshot({ path: join(tmpdir(), `editor-install-${name}.png`), fullPage: true });
    });

  const openMarket = async () => {
    await page.goto(`${server.baseUrl}/admin/moduleStore`);
    await page.getByTestId('module-market').waitFor();
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await showLocalModules(page);
  };
  const card = () => page.locator('[data-testid="module-card"][data-uid="editor"]');
  const pipeline = () => page.getByTestId('module-pipeline');
  const done = () => page.getByTestId('module-done');
  const terminalTask = (command: string) =>
    page.getByTestId('terminal-task').filter({ has: page.locator('code', { hasText: command }) });
  /** Waits for the newest run of `command` in the terminal's task list to succeed. */
  const succeeded = (command: string) =>
    expect
      .poll(
        () =>
          terminalTask(command)
            .last()
            .getAttribute('data-status', { timeout: 1000 })
            .catch(() => null),
        {
          timeout: SLOW,
          interval: 1000,
        },
      )
      .toBe(String(TerminalTaskStatus.success));
  /** The dependency box's "View progress" opens the terminal: the install runs there, then it is closed. */
  const watchPackageInstall = async () => {
    await done().getByTestId('module-dependency-executing').waitFor();
    await done().getByText('View progress').click();
    await page.getByTestId('terminal-panel').waitFor();
    await succeeded('web-install.npm');
    await page.locator('.ba-terminal .ant-drawer-close').click();
    await done().getByTestId('module-dependency-success').waitFor();
  };
  /**
   * The reissue radio on, then End of installation / Completed: the terminal rebuilds the web
   * app. An install reloads the page once the build is live (the task list goes with it).
   */
  const finishWithRebuild = async (button: 'End of installation' | 'Completed') => {
    await done().locator('label', { hasText: /^yes$/ }).click();
    const reloaded = button === 'End of installation' ? page.waitForEvent('load', { timeout: SLOW }) : null;
    await done().getByRole('button', { name: button }).click();
    if (reloaded) await reloaded;
    else await succeeded('web-build.npm');
  };
  const openArticleForm = async () => {
    await page.goto(`${server.baseUrl}/admin/content/content`);
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await page.getByRole('button', { name: /(^|\s)Add$/ }).click();
    return page.getByRole('dialog');
  };

  it(
    'installs from Local module, and an article written in the editor is published',
    async () => {
      screenshotOnFailure('install');
      await openMarket();
      await expect.poll(() => card().getByTestId('module-state').innerText()).toBe('Wait for installation');
      const clicked = Date.now();
      await card().getByRole('button', { name: 'Install now' }).click();

      // The module adds web packages: the done screen waits while the terminal installs them.
      await expect.poll(() => pipeline().getAttribute('data-screen'), { timeout: SERVER_STEP }).toBe('done');
      await watchPackageInstall();
      await expect(done().innerText()).resolves.toContain('Congratulations, module installation is complete');
      const packagesIn = Date.now();

      // Web files only: the server has nothing to restart for; the web app must be rebuilt.
      await expect(done().getByTestId('module-need-restart').count()).resolves.toBe(0);
      await finishWithRebuild('End of installation');
      const rebuilt = Date.now();

      const dialog = await openArticleForm();
      const editor = dialog.locator('.ba-rich-editor-content[contenteditable="true"]');
      await editor.waitFor();
      const usable = Date.now();
      console.log(
        `[editor install] click → usable ${((usable - clicked) / 1000).toFixed(1)} s: ` +
          `install + npm install ${((packagesIn - clicked) / 1000).toFixed(1)} s, ` +
          `web build ${((rebuilt - packagesIn) / 1000).toFixed(1)} s, ` +
          `reload + open form ${((usable - rebuilt) / 1000).toFixed(1)} s`,
      );
      await expect(
        dialog.getByText('No rich-text editor is installed yet', { exact: false }).count(),
      ).resolves.toBe(0);

      await dialog.getByPlaceholder(/^Please input title$/i).fill('Editor news');
      await editor.click();
      await dialog.getByRole('button', { name: 'Heading 2' }).click();
      await page.keyboard.type('Opening hours');
      await page.keyboard.press('Enter');
      await page.keyboard.type('We open ');
      await dialog.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('every day');
      await page.getByTestId('form-save').click();
      const row = page.locator('.ant-table-row', { hasText: 'Editor news' });
      await row.waitFor();
      const id = (await row.locator('td').nth(1).innerText()).trim();

      const visitor = await newPage(browser);
      await visitor.page.goto(`${server.baseUrl}/article/${id}`);
      await expect(visitor.page.locator('.ba-content-body h2').innerText()).resolves.toBe('Opening hours');
      await expect(visitor.page.locator('.ba-content-body strong').innerText()).resolves.toBe('every day');
      await visitor.context.close();
    },
    SLOW * 2,
  );

  it(
    'disabled, the module takes its packages away and the textarea comes back',
    async () => {
      screenshotOnFailure('disable');
      await openMarket();
      await expect.poll(() => card().getByTestId('module-state').innerText()).toBe('installed');
      await card().getByRole('switch').click();
      // Its packages are still in the project: the disable asks whether to remove them.
      await expect
        .poll(() => pipeline().getAttribute('data-screen'), { timeout: SERVER_STEP })
        .toBe('disableConflict');
      const conflict = page.getByTestId('module-disable-conflict');
      await expect(conflict.innerText()).resolves.toContain('@tiptap/react');
      await conflict.getByRole('button', { name: 'Confirm to disable the module' }).click();
      await expect.poll(() => pipeline().getAttribute('data-screen'), { timeout: SERVER_STEP }).toBe('done');
      await watchPackageInstall();
      await finishWithRebuild('Completed');
      await expect.poll(() => card().getByTestId('module-state').innerText()).toBe('Disable');

      const dialog = await openArticleForm();
      await dialog.locator('.ba-editor-fallback textarea').waitFor();
      await expect(
        dialog.getByText('No rich-text editor is installed yet', { exact: false }).count(),
      ).resolves.toBe(1);
      await expect(dialog.locator('.ba-rich-editor-content').count()).resolves.toBe(0);

      // The copy's package files agree with its lock file after all of this (npm ci checks it).
      installLocked(project);
    },
    SLOW * 2,
  );
});
