/**
 * Component paths both clients understand: stored in the original's form (`.vue`, which the
 * original's client needs), and the same page whichever ending a path has.
 */
import { expect, it } from 'vitest';
import { componentPage, originalComponentPath } from '../src/component-path.js';

it("stores a page under /src/ ending in .tsx in the original's form, and nothing else", () => {
  expect(originalComponentPath('/src/views/backend/auth/admin/index.tsx')).toBe(
    '/src/views/backend/auth/admin/index.vue',
  );
  expect(originalComponentPath('/src/views/frontend/user/account/overview.tsx')).toBe(
    '/src/views/frontend/user/account/overview.vue',
  );
  for (const kept of [
    '/src/views/backend/auth/admin/index.vue',
    '/src/views/backend/dashboard.ts',
    'views/backend/x.tsx',
    '/src/views/backend/tsx',
    '',
  ]) {
    expect(originalComponentPath(kept)).toBe(kept);
  }
});

it('names one page by a path with .vue, .tsx or no ending', () => {
  const page = componentPage('/src/views/backend/auth/admin/index.vue');
  expect(page).toBe('/src/views/backend/auth/admin/index');
  expect(componentPage('/src/views/backend/auth/admin/index.tsx')).toBe(page);
  expect(componentPage(page)).toBe(page);
  expect(componentPage('/src/views/backend/auth/admin.vue')).not.toBe(page);
});
