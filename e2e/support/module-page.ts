/** The module page's views: the market is the default, Local module is a toggle. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A module-pipeline screen that waits on the server (an install, a disable): seconds under a loaded machine. */
export const SERVER_STEP = 60_000;

/** Switches to the Local module view (kept for the tab, so it may already be on). */
export async function showLocalModules(page: Page): Promise<void> {
  const toggle = page.getByTestId('module-local-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
}
