/**
 * What the back-office and member-centre page registries share: pages found by component
 * path (whatever its extension), each loaded lazily on first use and then kept. Each side lists its own files
 * (`import.meta.glob` takes only a literal pattern) and its modules' pages.
 */
import { componentPage } from '@portico/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

/**
 * A folder's page files (an `import.meta.glob` relative to it, keys `./auth/admin/index.tsx`)
 * by component path under `root` (`/src/views/backend/`). Relative, the glob finds the same
 * files whatever Vite's root is: the web app's for a build, the repository's under the tests.
 */
export function filePages(root: string, files: PageLoaders): PageLoaders {
  return Object.fromEntries(
    Object.entries(files).map(([file, load]) => [root + file.replace(/^\.\//, ''), load]),
  );
}

export interface ViewRegistry {
  has(component: string): boolean;
  /** The page at a component path; null when no file or module provides it. */
  view(component: string): LazyExoticComponent<ComponentType> | null;
}

/**
 * Rules store the original's `…/auth/admin/index.vue` (@portico/shared component-path.ts) where
 * Portico's file is `…/index.tsx`; a rule typed with `.tsx` names the same page.
 */
export function viewRegistry(pages: PageLoaders): ViewRegistry {
  const byKey = new Map(Object.entries(pages).map(([path, load]) => [componentPage(path), load]));
  const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
  return {
    has: (component) => byKey.has(componentPage(component)),
    view(component) {
      const key = componentPage(component);
      const load = byKey.get(key);
      if (!load) return null;
      let view = loaded.get(key);
      if (!view) {
        view = lazy(load);
        loaded.set(key, view);
      }
      return view;
    },
  };
}
