/**
 * A page is found by its component path whatever the extension: a database taken over from the
 * original product names `…/index.vue` where Portico has `…/index.tsx`.
 */
import { expect, it } from 'vitest';
import { pageKey, viewRegistry } from '../src/views/view-registry';

const page = async () => ({ default: () => null });

it('finds a page by its path with .vue, .tsx or no extension, and nothing else', () => {
  const registry = viewRegistry({ '/src/views/backend/auth/admin/index.tsx': page });
  expect(registry.has('/src/views/backend/auth/admin/index.vue')).toBe(true);
  expect(registry.has('/src/views/backend/auth/admin/index')).toBe(true);
  expect(registry.view('/src/views/backend/auth/admin/index.vue')).toBe(
    registry.view('/src/views/backend/auth/admin/index.tsx'),
  );
  expect(registry.has('/src/views/backend/auth/admin.vue')).toBe(false);
  expect(registry.view('/src/views/backend/crud/crud/index.vue')).toBeNull();
  expect(pageKey('/src/views/backend/routine/config/index.VUE')).toBe(
    '/src/views/backend/routine/config/index',
  );
});
