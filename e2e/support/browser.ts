/**
 * Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH) driven by
 * playwright-core. Missing browser: the suites skip, unless E2E_REQUIRED=1 (CI), where
 * that is a failure.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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
  await page.goto(`${baseUrl}/admin/login`);
  await page.fill('#username', 'admin');
  await page.fill('#password', password);
  if (keep) await page.getByRole('checkbox').check();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/dashboard/);
  // The loading block covers the page (and swallows clicks) until the start data is in.
  await page.waitForSelector('#block-loading', { state: 'detached' });
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
