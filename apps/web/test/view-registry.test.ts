/**
 * A page is found by its component path whatever the ending: rules store the original's
 * `…/index.vue` (so the original's client opens them too) where Portico's file is `…/index.tsx`,
 * and a path typed with `.tsx` names the same page.
 */
import { componentPage } from '@portico/shared';
import { expect, it } from 'vitest';
import { viewRegistry } from '../src/views/view-registry';

const page = async () => ({ default: () => null });

it('finds a page by its path with .vue, .tsx or no extension, and nothing else', () => {
  const registry = viewRegistry({ '/src/views/backend/auth/admin/index.tsx': page });
  expect(registry.has('/src/views/backend/auth/admin/index.vue')).toBe(true);
  expect(registry.has('/src/views/backend/auth/admin/index.tsx')).toBe(true);
  expect(registry.has('/src/views/backend/auth/admin/index')).toBe(true);
  expect(registry.view('/src/views/backend/auth/admin/index.vue')).toBe(
    registry.view('/src/views/backend/auth/admin/index.tsx'),
  );
  expect(registry.has('/src/views/backend/auth/admin.vue')).toBe(false);
  expect(registry.view('/src/views/backend/crud/crud/index.vue')).toBeNull();
  expect(componentPage('/src/views/backend/routine/config/index.VUE')).toBe(
    '/src/views/backend/routine/config/index',
  );
});

it('finds a page a module declares at the .vue path its rule stores by a .tsx path too', () => {
  const registry = viewRegistry({ '/src/views/backend/notes/note/index.vue': page });
  expect(registry.has('/src/views/backend/notes/note/index.tsx')).toBe(true);
  expect(registry.view('/src/views/backend/notes/note/index.tsx')).toBe(
    registry.view('/src/views/backend/notes/note/index.vue'),
  );
});
