/**
 * Chromium for browser tests, driven by playwright-core: CHROMIUM_PATH, else Debian's
 * chromium-headless-shell, else its full /usr/bin/chromium. Missing browser: the suites skip,
 * unless E2E_REQUIRED=1 (CI), where that is a failure.
 *
 * The headless shell is the same Blink and V8 in Chromium's old headless mode (what Playwright
 * itself runs headless tests in), without the full browser's window and GPU machinery. A file of
 * twelve cold signed-in back-office loads (each until the network is idle) cost the machine
 * 62–67 CPU-seconds in all with it against 129–134 with the full browser, and the browser tests
 * are bound by CPU on CI's two cores.
 */
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Frame,
  type Locator,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  [HEADLESS_SHELL, '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  HEADLESS_SHELL;
export const browserAvailable = existsSync(CHROMIUM);

if (!browserAvailable && process.env.E2E_REQUIRED === '1') {
  throw new Error(
    `E2E_REQUIRED=1 but no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium-headless-shell).`,
  );
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    timezoneId?: string;
    /** What the site has stored in the browser already (support/signed-in.ts). */
    localStorage?: { origin: string; entries: { name: string; value: string }[] };
    /**
     * `reduced` by default: the system asks for less motion, so dialogs, menus and pages appear at
     * once. A test clicks the moment a control is there, where a person waits for it to stop
     * moving, and a click into a dialog still zooming in can be pressed on its button and
     * released beside it, and CI saw clicks in opening dialogs do nothing. `full` for a test
     * about the motion itself (e2e/README.md, "Timing").
     */
    motion?: 'full' | 'reduced';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const stored = options.localStorage;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    timezoneId: options.timezoneId,
    reducedMotion: options.motion === 'full' ? 'no-preference' : 'reduce',
    storageState: stored && {
      cookies: [],
      origins: [{ origin: stored.origin, localStorage: stored.entries }],
    },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the login screen and waits for the back-office, its loading block gone. */
export async function loginAsAdmin(
  page: Page,
  baseUrl: string,
  password: string,
  keep = false,
): Promise<void> {
  await explainingFailure(page, async () => {
    await page.goto(`${baseUrl}/admin/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', password);
    if (keep) await page.getByRole('checkbox').check();
    // CI once saw this form submitted empty after both fills: say so rather than time out on it.
    const filled = [await page.inputValue('#username'), await page.inputValue('#password')];
    if (filled[0] !== 'admin' || filled[1] !== password) {
      throw new Error(
        `The sign-in form lost what was typed (account '${filled[0]}', password ${filled[1] ? 'kept' : 'empty'}).`,
      );
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard/);
  });
  // The loading block covers the page (and swallows clicks) until the start data is in.
  await page.waitForSelector('#block-loading', { state: 'detached' });
}

/**
 * Runs `steps` watching the page; when they fail, the error also says where the page is, what
 * it shows and what went wrong on it, where a timeout alone would say nothing. For steps that
 * failed once on a loaded machine without a cause anyone could find.
 */
export async function explainingFailure<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  const trouble = watchTrouble(page);
  try {
    return await steps();
  } catch (error) {
    throw new Error(`${String(error)}\n${await describeStuckPage(page, trouble.seen)}`, { cause: error });
  } finally {
    trouble.stop();
  }
}

/**
 * What went wrong on a page while it was watched: script errors, console errors, requests that
 * failed or were answered with an error status, the API's refusals, and where the page went
 * (explainingFailure).
 */
function watchTrouble(page: Page): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const onPageError = (error: Error) => seen.push(`script error: ${error.message}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  };
  const onRequestFailed = (request: Request) =>
    seen.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`,
    );
  const onResponse = (response: Response) => {
    if (response.status() >= 400) seen.push(`answered ${response.status()}: ${response.url()}`);
    // The API refuses in its envelope, with status 200: its message is gone from the screen by then.
    else if (response.headers()['content-type']?.includes('json'))
      void response
        .json()
        .then((body: { code?: number; msg?: string }) => {
          if (body.code === 0) seen.push(`refused: ${response.url()}: ${body.msg ?? ''}`);
        })
        .catch(() => {});
  };
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) seen.push(`navigated: ${frame.url()}`);
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  page.on('framenavigated', onNavigated);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  return {
    seen,
    stop() {
      page.off('framenavigated', onNavigated);
      page.off('pageerror', onPageError);
      page.off('console', onConsole);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
    },
  };
}

/** Where the page is and what it shows, with what went wrong on it: for a test's failure message. */
async function describeStuckPage(page: Page, trouble: string[]): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2000 })
    .catch((error: unknown) => `(no text: ${String(error)})`);
  return [
    `The page is at ${page.url()} and shows: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
    ...(trouble.length > 0
      ? trouble
      : ['No script error, console error, failed request or refusal was seen.']),
  ].join('\n');
}

/**
 * Stores `lang` as the interface language, as a visitor who chose it before (the language is
 * kept in the web app's stored settings): the next page of the site opens in it.
 */
export async function chooseLanguage(page: Page, baseUrl: string, lang: 'zh-cn' | 'en'): Promise<void> {
  // Any page of the site gives its storage; the icon does not start the web app, whose start
  // would only be thrown away (and whose requests the next navigation would abort).
  await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    (defaultLang) =>
      localStorage.setItem(
        'storeConfig_v2',
        JSON.stringify({ state: { lang: { defaultLang } }, version: 0 }),
      ),
    lang,
  );
}

/**
 * Waits until an antd popup (a dialog, a menu) has finished opening. It zooms or slides in, and a
 * click while it moves can miss: the button is pressed in one place and released in another, so
 * the browser clicks neither. CI twice saw a dialog's button clicked and nothing happen.
 */
export async function opened(popup: Locator): Promise<Locator> {
  await popup.and(popup.page().locator(':not([class*="-appear"]):not([class*="-enter"])')).waitFor();
  return popup;
}

/** A screenshot once nothing animates (a dialog still zooming in would be caught half drawn). */
export async function settledScreenshot(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path, animations: 'disabled' });
}

/**
 * Runs the page's CPU `rate` times slower, as a loaded machine does (CI sees load 10 on two
 * cores): for a test of a race that only shows there. Answers the function that restores it.
 */
export async function slowCpu(page: Page, rate: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
}

/**
 * The list rows taller than `most` px, with the text of each cell: a long value wrapped in a
 * phone's narrow column made a row many lines tall (a user agent, a city a character a line).
 */
export function tallRows(page: Page, most: number): Promise<{ height: number; cells: string[] }[]> {
  return page.locator('.ant-table-tbody > tr.ant-table-row').evaluateAll(
    (rows, limit) =>
      rows
        .map((row) => ({
          height: Math.round(row.getBoundingClientRect().height),
          cells: [...row.children].map((cell) => (cell as HTMLElement).innerText.trim()),
        }))
        .filter((row) => row.height > limit),
    most,
  );
}
