/**
 * What the back-office and member-centre page registries share: pages found by component
 * path, each loaded lazily on first use and then kept. Each side lists its own files
 * (`import.meta.glob` takes only a literal pattern) and its modules' pages.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

export interface ViewRegistry {
  has(component: string): boolean;
  /** The page at a component path; null when no file or module provides it. */
  view(component: string): LazyExoticComponent<ComponentType> | null;
}

export function viewRegistry(pages: PageLoaders): ViewRegistry {
  const loaded = new Map<string, LazyExoticComponent<ComponentType>>();
  return {
    has: (component) => component in pages,
    view(component) {
      const load = pages[component];
      if (!load) return null;
      let view = loaded.get(component);
      if (!view) {
        view = lazy(load);
        loaded.set(component, view);
      }
      return view;
    },
  };
}
