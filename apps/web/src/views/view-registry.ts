/**
 * What the back-office and member-centre page registries share: pages found by component
 * path (whatever its extension), each loaded lazily on first use and then kept. Each side lists its own files
 * (`import.meta.glob` takes only a literal pattern) and its modules' pages.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

export interface ViewRegistry {
  has(component: string): boolean;
  /** The page at a component path; null when no file or module provides it. */
  view(component: string): LazyExoticComponent<ComponentType> | null;
}

/**
 * A component path without its extension: the page a rule names. A database taken over from
 * the original product stores `…/auth/admin/index.vue` where Portico has `…/index.tsx`.
 */
export function pageKey(component: string): string {
  return component.replace(/\.(tsx|ts|jsx|js|vue)$/i, '');
}

export function viewRegistry(pages: PageLoaders): ViewRegistry {
  const byKey = new Map(Object.entries(pages).map(([path, load]) => [pageKey(path), load]));
  const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
  return {
    has: (component) => byKey.has(pageKey(component)),
    view(component) {
      const key = pageKey(component);
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
