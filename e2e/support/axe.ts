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
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
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
