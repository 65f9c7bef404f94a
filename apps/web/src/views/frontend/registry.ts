/**
 * Member-centre pages addressed by member rules' component paths, e.g.
 * `/src/views/frontend/user/account/overview.tsx`, each loaded lazily on first use.
 * Modules add pages at their rules' component paths (modules/registry.ts).
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { modulePages } from '../../modules/registry';

// Pages of the area's own files, then those modules declare at component paths of their own.
const modules = {
  ...import.meta.glob<{ default: ComponentType }>('/src/views/frontend/user/**/*.tsx'),
  ...modulePages('/src/views/frontend/user/'),
};
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

export function hasFrontendView(component: string): boolean {
  return component in modules;
}

export function frontendView(component: string): LazyExoticComponent<ComponentType> | null {
  const load = modules[component];
  if (!load) return null;
  let view = loaded.get(component);
  if (!view) {
    view = lazy(load);
    loaded.set(component, view);
  }
  return view;
}
