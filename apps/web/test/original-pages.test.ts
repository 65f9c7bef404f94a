/**
 * Every screen the original's install data names opens its Portico page: the stored path is the
 * original's (`…/index.vue`, which the original's client needs), Portico's file is `…/index.tsx`
 * (or a module's page), and a rule typed with `.tsx` opens the same page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { backendView, hasBackendView } from '../src/views/backend/registry';
import { frontendView, hasFrontendView } from '../src/views/frontend/registry';

/** Component paths of the original's install data (the server's takeover fixture). */
function originalPaths(prefix: string): string[] {
  const fixture = join(import.meta.dirname, '../../server/test/fixtures/buildadmin-v2.sql');
  const paths = readFileSync(fixture, 'utf8').match(/'\/src\/views\/[^']+\.vue'/g) ?? [];
  // The fixture's site generated one screen of its own (shop/goods): no Portico page has it.
  return [...new Set(paths.map((quoted) => quoted.slice(1, -1)))].filter(
    (path) => path.startsWith(prefix) && !path.includes('/shop/'),
  );
}

it("opens every back-office screen of the original's install data, by .vue and by .tsx", () => {
  const paths = originalPaths('/src/views/backend/');
  expect(paths).toHaveLength(19);
  for (const path of paths) {
    expect(hasBackendView(path), path).toBe(true);
    expect(backendView(path.replace(/\.vue$/, '.tsx')), path).toBe(backendView(path));
  }
  expect(hasBackendView('/src/views/backend/shop/goods/index.vue')).toBe(false);
});

it("opens every member-centre page of the original's install data, by .vue and by .tsx", () => {
  const paths = originalPaths('/src/views/frontend/');
  expect(paths).toHaveLength(5);
  for (const path of paths) {
    expect(hasFrontendView(path), path).toBe(true);
    expect(frontendView(path.replace(/\.vue$/, '.tsx')), path).toBe(frontendView(path));
  }
});
