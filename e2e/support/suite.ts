/**
 * The set-up most browser suites share: a server and Chromium started before the suite's tests
 * and stopped after them. Read `suite.server` and `suite.browser` inside the tests (they are
 * set once the suite starts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type E2eServer, startServer } from './server.js';

export interface BrowserSuite {
  server: E2eServer;
  browser: Browser;
}

export function serverWithBrowser(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
