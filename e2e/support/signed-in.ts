/**
 * A page already signed in as the super administrator, for the many tests about what comes
 * after the sign-in. Signing in through the form costs three page loads (the sign-in page, the
 * dashboard it lands on, then the page the test wants) and puts a form every such test depends
 * on in front of it. Here the session is opened through the API, as the form does, stored where
 * the web app keeps it, and the page opens straight at `path`.
 *
 * Each page gets a session of its own, so a test that signs out ends only its own. The sign-in
 * screen itself keeps its browser tests (loginAsAdmin, and the files about sign-in).
 */
import type { AdminInfo } from '@portico/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api } from './api.js';
import { newPage } from './browser.js';
import type { E2eServer } from './server.js';

export interface SignedInOptions {
  lang?: 'zh-cn' | 'en';
  width?: number;
  height?: number;
  /** Where the page opens (the back office's home by default). */
  path?: string;
  timezoneId?: string;
  /** How long the page's steps may take (15 s by default). */
  timeout?: number;
  /** Settings the web app keeps beside the language (`storeConfig_v2`'s layout: dark mode, …). */
  layout?: Record<string, unknown>;
  /** The system's motion setting (`newPage`'s: reduced by default). */
  motion?: 'full' | 'reduced';
}

/** The stored entries of a signed-in administrator with the interface in `lang`. */
async function signedInStorage(
  server: E2eServer,
  lang: 'zh-cn' | 'en',
  layout?: Record<string, unknown>,
): Promise<{ name: string; value: string }[]> {
  const { userInfo } = await api<{ userInfo: AdminInfo }>(server, '/admin/index/login', {
    username: 'admin',
    password: server.adminPassword,
  });
  // The shapes the web app's stores persist (zustand's { state, version }): adminInfo and
  // storeConfig_v2, whose missing settings take their defaults.
  return [
    { name: 'adminInfo', value: JSON.stringify({ state: userInfo, version: 0 }) },
    {
      name: 'storeConfig_v2',
      value: JSON.stringify({
        state: { lang: { defaultLang: lang }, ...(layout && { layout }) },
        version: 0,
      }),
    },
  ];
}

/** Opens `path` signed in, its loading block gone. */
export async function openSignedIn(
  browser: Browser,
  server: E2eServer,
  { lang = 'zh-cn', path = '/admin/dashboard', layout, timeout, ...window }: SignedInOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, {
    ...window,
    localStorage: { origin: server.baseUrl, entries: await signedInStorage(server, lang, layout) },
  });
  if (timeout) opened.page.setDefaultTimeout(timeout);
  await opened.page.goto(`${server.baseUrl}${path}`);
  await opened.page.waitForSelector('#block-loading', { state: 'detached' });
  return opened;
}
