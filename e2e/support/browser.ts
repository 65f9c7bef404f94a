/**
 * Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH) driven by
 * playwright-core. Missing browser: the suites skip, unless E2E_REQUIRED=1 (CI), where
 * that is a failure.
 */
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  chromium,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM);

if (!browserAvailable && process.env.E2E_REQUIRED === '1') {
  throw new Error(`E2E_REQUIRED=1 but no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium).`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    timezoneId: options.timezoneId,
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
  const trouble = watchTrouble(page);
  try {
    await page.goto(`${baseUrl}/admin/login`);
    await page.fill('#username', 'admin');
    await page.fill('#password', password);
    if (keep) await page.getByRole('checkbox').check();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard/).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await describeStuckPage(page, trouble.seen)}`, { cause: error });
    });
  } finally {
    trouble.stop();
  }
  // The loading block covers the page (and swallows clicks) until the start data is in.
  await page.waitForSelector('#block-loading', { state: 'detached' });
}

/**
 * What went wrong on a page while it was watched: script errors, console errors, requests that
 * failed or were answered with an error status, and the API's refusals. A sign-in that never
 * reached the dashboard (once in CI, not reproduced) otherwise leaves only a timeout.
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
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  return {
    seen,
    stop() {
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
 * Opens the sign-in page with the interface already in `lang`, as a visitor who chose it
 * before (the language is kept in the web app's stored settings).
 */
export async function chooseLanguage(page: Page, baseUrl: string, lang: 'zh-cn' | 'en'): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.evaluate(
    (defaultLang) =>
      localStorage.setItem(
        'storeConfig_v2',
        JSON.stringify({ state: { lang: { defaultLang } }, version: 0 }),
      ),
    lang,
  );
}

/** A screenshot once nothing animates (a dialog still zooming in would be caught half drawn). */
export async function settledScreenshot(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path, animations: 'disabled' });
}
