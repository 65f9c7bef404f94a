/**
 * The web terminal in Chromium against the real server: a super administrator runs the
 * Test command and watches its output arrive live; a failing blocking task holds the queue;
 * Retry; a reload mid-task leaves it Unknown; the dot announces output the closed panel
 * missed; the panel fits a phone in both languages.
 *
 * Tasks that must exist before the page loads are written into `storeTerminal` as the app
 * itself keeps them; the queue starts a Waiting task when the back-office comes up.
 */
import { join } from 'node:path';
import { TerminalTaskStatus as S } from '@portico/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable } from './support/browser.js';
import { openSignedIn } from './support/signed-in.js';
import { serverWithBrowser } from './support/suite.js';

/** test.npm installs a small package from the npm registry: give it room on a slow network. */
const TASK_TIMEOUT = 120_000;
/** Set E2E_SCREENSHOT_DIR to look at the panel at 390 px (it was written to /tmp on every run). */
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

describe.skipIf(!browserAvailable)('web terminal', () => {
  const suite = serverWithBrowser();

  /**
   * A super administrator's back-office; in `lang` when given, stored before the page opens, as
   * a visitor who chose it earlier. (Written into storage once the back-office runs, the choice
   * could be overwritten by the app saving its settings, which it may do at any moment.)
   */
  const signedIn = (width = 1280, lang?: 'zh-cn' | 'en') =>
    openSignedIn(suite.browser, suite.server, { width, lang });
  /**
   * Puts tasks into the stored queue and reloads, as if they had been added before. The entry is
   * written by a script that runs on the reload before the app's own code: written from the
   * running page, it could be overwritten by the app saving its queue at any moment (the
   * terminal's host does when it mounts, which may come after the loading block is gone).
   */
  const seed = async (page: Page, tasks: object[], extra: object = {}) => {
    const entry = JSON.stringify({
      state: { showDot: false, automaticCleanupTask: '0', taskList: tasks, ...extra },
      version: 0,
    });
    // Once: a later reload in the test must find what the app made of the queue.
    const once = `terminal-seeded-${Math.random()}`;
    await page.addInitScript(
      ({ entry, once }) => {
        if (sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
        localStorage.setItem('storeTerminal', entry);
      },
      { entry, once },
    );
    await page.reload();
    await page.waitForSelector('#block-loading', { state: 'detached' });
  };
  const waitingTask = (uuid: string, command: string, blockOnFailure: boolean) => ({
    uuid,
    createTime: Date.now(),
    status: S.waiting,
    command,
    message: [],
    showMessage: false,
    blockOnFailure,
    extend: '',
  });
  const tasks = (page: Page) => page.getByTestId('terminal-task');
  const statusOf = (page: Page, index: number) => () => tasks(page).nth(index).getAttribute('data-status');
  const openPanel = async (page: Page) => {
    await page.getByTestId('terminal-button').click();
    await page.getByTestId('terminal-setup').waitFor();
  };

  it('runs Test command: output lines appear while it runs, then Success', async () => {
    const { context, page } = await signedIn();
    await openPanel(page);
    await expect
      .poll(() => page.getByText('There is no task yet').or(page.getByText('暂无任务')).count())
      .toBe(1);

    // Timed in the page: from the click to the first output line on screen, with the status then.
    await page.evaluate(() => {
      document.querySelector('[data-testid="terminal-test"]')?.addEventListener(
        'click',
        () => {
          (window as unknown as { clickedAt: number }).clickedAt = performance.now();
        },
        { once: true },
      );
    });
    await page.getByTestId('terminal-test').click();
    const first = await page.waitForFunction(
      () => {
        const task = document.querySelector('[data-testid="terminal-task"]') as HTMLElement | null;
        const log = task?.querySelector('[data-testid="terminal-log"]');
        if (!task || !log?.textContent) return false;
        return {
          ms: performance.now() - (window as unknown as { clickedAt: number }).clickedAt,
          status: Number(task.dataset.status),
          line: log.textContent.split('\n')[0],
        };
      },
      undefined,
      { polling: 'raf', timeout: TASK_TIMEOUT },
    );
    const seen = (await first.jsonValue()) as { ms: number; status: number; line: string };
    console.log(
      `terminal: first output line ${Math.round(seen.ms)} ms after clicking Test command: ${seen.line}`,
    );
    expect(seen.status).toBe(S.executing);
    expect(seen.line).toContain('npm');

    await expect.poll(statusOf(page, 0), { timeout: TASK_TIMEOUT }).toBe(String(S.success));
    const log = await tasks(page).first().innerText();
    expect(log).toContain('test.npm');
    expect(log).toMatch(/执行成功|Successful execution/);
    // Finished and successful: the log folds away, its toggle opens it again.
    await expect.poll(() => tasks(page).first().getByTestId('terminal-log').count()).toBe(0);
    await tasks(page).first().getByTestId('terminal-log-toggle').click();
    expect(await tasks(page).first().getByTestId('terminal-log').innerText()).toMatch(/exitCode: 0/);
    await context.close();
  });

  it('a failing blocking task stops the next one, shows the blocking tag and its log; Retry runs it again', async () => {
    const { context, page } = await signedIn();
    await seed(page, [waitingTask('b1000000-0000-4000-8000-000000000001', 'nope.nothing', true)]);
    await openPanel(page);
    await expect.poll(statusOf(page, 0)).toBe(String(S.failed));
    const failed = tasks(page).first();
    await failed.getByTestId('terminal-task-blocking').waitFor();
    // A blocking failure opens its log by itself.
    const reason = await failed.getByTestId('terminal-log').innerText();
    expect(reason).toMatch(/not allowed|不允许/);

    await page.getByTestId('terminal-test').click();
    await expect.poll(() => tasks(page).count()).toBe(2);
    await page.waitForTimeout(1500);
    expect(await statusOf(page, 1)()).toBe(String(S.waiting));

    // Retry clears the old messages: after the second run the reason is there once, not twice.
    await failed.getByTestId('terminal-task-retry').click();
    await expect.poll(statusOf(page, 0)).toBe(String(S.failed));
    await expect.poll(() => failed.getByTestId('terminal-log').innerText()).toBe(reason);
    expect(await statusOf(page, 1)()).toBe(String(S.waiting));

    // Deleting the blocking task lets the waiting one run.
    await failed.getByTestId('terminal-task-delete').click();
    await expect.poll(() => tasks(page).count()).toBe(1);
    await expect.poll(statusOf(page, 0), { timeout: TASK_TIMEOUT }).toBe(String(S.success));
    await context.close();
  });

  it('a reload during a task leaves it Unknown; Retry then runs it to Success', async () => {
    const { context, page } = await signedIn();
    await openPanel(page);
    await page.getByTestId('terminal-test').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="terminal-task"]')?.getAttribute('data-status') === '2',
      undefined,
      { polling: 'raf', timeout: TASK_TIMEOUT },
    );
    await page.reload();
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await openPanel(page);
    expect(await statusOf(page, 0)()).toBe(String(S.unknown));
    expect(await tasks(page).first().innerText()).toMatch(/执行结果未知|Unknown execution result/);

    await tasks(page).first().getByTestId('terminal-task-retry').click();
    await expect.poll(statusOf(page, 0), { timeout: TASK_TIMEOUT }).toBe(String(S.success));
    await context.close();
  });

  it('shows the dot when output arrives with the panel closed; opening the panel clears it', async () => {
    const { context, page } = await signedIn();
    const button = page.getByTestId('terminal-button');
    expect(await button.getAttribute('data-dot')).toBe('false');
    await seed(page, [waitingTask('d1000000-0000-4000-8000-000000000001', 'version.node', false)]);
    await expect.poll(() => button.getAttribute('data-dot')).toBe('true');
    expect(await button.locator('.ant-badge-dot').isVisible()).toBe(true);

    await openPanel(page);
    expect(await button.getAttribute('data-dot')).toBe('false');
    await expect.poll(statusOf(page, 0)).toBe(String(S.success));
    await tasks(page).first().getByTestId('terminal-log-toggle').click();
    expect(await tasks(page).first().getByTestId('terminal-log').innerText()).toMatch(/v\d+\.\d+\.\d+/);
    await context.close();
  });

  it('saves the package manager on the server; Manual execution hides the commands that need one', async () => {
    const { context, page } = await signedIn();
    const choose = async (label: string) => {
      await page.getByTestId('terminal-package-manager').click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .click();
      await page
        .getByText(/操作成功|Operation successful/)
        .first()
        .waitFor();
    };
    await openPanel(page);
    expect(await page.getByTestId('terminal-install').isVisible()).toBe(true);
    await page.getByTestId('terminal-setup').click();
    expect(await page.getByTestId('terminal-package-manager').innerText()).toBe('NPM');
    await choose('手动执行');
    await page.getByTestId('terminal-back').click();
    await page.getByTestId('terminal-clean').waitFor();
    // Nothing that needs a package manager is offered: test, install and republish are hidden.
    for (const id of ['terminal-test', 'terminal-install', 'terminal-republish']) {
      expect(await page.getByTestId(id).count(), id).toBe(0);
    }

    await page.reload();
    await page.waitForSelector('#block-loading', { state: 'detached' });
    await openPanel(page);
    expect(await page.getByTestId('terminal-install').count()).toBe(0);
    await page.getByTestId('terminal-setup').click();
    await choose('NPM');
    await page.getByTestId('terminal-back').click();
    await page.getByTestId('terminal-install').waitFor();
    await context.close();
  });

  it('fits a 390 px phone in both languages, settings view included', async () => {
    for (const lang of ['zh-cn', 'en'] as const) {
      const { context, page } = await signedIn(390, lang);
      await seed(page, [
        { ...waitingTask('f1000000-0000-4000-8000-000000000001', 'web-install.npm', true), status: S.failed },
      ]);
      await openPanel(page);
      const fits = () =>
        page.evaluate(() => {
          const panel = document.querySelector('.ba-terminal .ant-drawer-content-wrapper') as HTMLElement;
          const body = panel.querySelector('.ant-drawer-body') as HTMLElement;
          const box = panel.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth && body.scrollWidth <= body.clientWidth;
        });
      await expect.poll(fits).toBe(true);
      for (const id of ['terminal-test', 'terminal-install', 'terminal-clean', 'terminal-setup']) {
        expect(await page.getByTestId(id).isVisible(), id).toBe(true);
      }
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `terminal-390-${lang}.png`) });

      await page.getByTestId('terminal-setup').click();
      await page.getByTestId('terminal-settings').waitFor();
      await expect.poll(fits).toBe(true);
      expect(await page.getByTestId('terminal-settings').innerText()).toMatch(
        lang === 'en' ? /pnpm is not on a fresh machine/ : /新机器上没有 pnpm/,
      );
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `terminal-settings-390-${lang}.png`) });
      await page.getByTestId('terminal-back').click();
      await page.getByTestId('terminal-test').waitFor();
      await context.close();
    }
  });
});
