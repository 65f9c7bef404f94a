/**
 * Back-office pages addressed by menu rules' component paths, e.g.
 * `/src/views/backend/auth/admin/index.tsx`, each loaded lazily on first use.
 * Modules add pages at their rules' component paths (modules/registry.ts).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { modulePages } from '../../modules/registry';

// Pages of the area's own files, then those modules declare at component paths of their own.
const modules = {
  ...import.meta.glob<{ default: ComponentType }>('/src/views/backend/**/*.tsx'),
  ...modulePages('/src/views/backend/'),
};
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

export function hasBackendView(component: string): boolean {
  return component in modules;
}

export function backendView(component: string): LazyExoticComponent<ComponentType> | null {
  const load = modules[component];
  if (!load) return null;
  let view = loaded.get(component);
  if (!view) {
    view = lazy(load);
    loaded.set(component, view);
  }
  return view;
}
