/**
 * axe-core in the page under test: what the accessibility checks of the browser tests share.
 * Only serious and critical findings count; each is one readable line (page, rule, target).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// Evaluated through the debugging protocol: the app's Content-Security-Policy refuses inline scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What the tests fail on; moderate and minor findings are not asserted. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits until the page has loaded what it shows and nothing moves (axe reads colours as drawn). */
export async function settle(page: Page): Promise<void> {
  await page.waitForSelector('#block-loading', { state: 'detached' });
  await page.waitForLoadState('networkidle');
  await stillness(page);
}

/** Waits until no animation of the page is running. */
function stillness(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Quiet after its last request for this long, a page has what it shows (networkidle's sense, shorter). */
const QUIET_MS = 300;

/** Resolves once no request of the page has been in flight for QUIET_MS (counted from the call). */
function networkQuiet(page: Page): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const done = () => {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(done, QUIET_MS);
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

/**
 * Opens `path` inside the running app, as its menu does (the router follows history), and waits
 * as settle() does: its code and data loaded and nothing moving. A page load would hold the
 * block-loading overlay a second each time (router/block-loading.ts) and load everything again.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const quiet = networkQuiet(page);
  await page.evaluate((to) => {
    const key = Math.random().toString(36).slice(2, 10);
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await quiet;
  await stillness(page);
}

/** axe's serious and critical findings on the page (or inside `scope`), one readable line each. */
export async function audit(page: Page, label: string, scope?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<AxeResults> } }).axe;
    return axe.run(context ?? document);
  }, scope ?? null);
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    );
}
