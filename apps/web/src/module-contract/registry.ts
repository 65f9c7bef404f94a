/**
 * The web entries of every module and built-in area (areas/<name>/index.ts), found by Vite at
 * build time: an installed module is picked up by the next web build. Entries are imported eagerly (they only hold loaders);
 * pages, inputs and language packs load when first needed. This file itself is not part of the
 * first load: the router and the language packs import it when a module is first needed.
 */
import type { ComponentType } from 'react';
import type { Pack } from '../lang/pack';
import type { Lang } from '../stores/config';
import type { FormInputProps, PageSlot, PageSlots, PublicRoute, WebModule } from './contract';

const entries = import.meta.glob<{ default: WebModule }>(['../areas/*/index.ts', '../modules/*/index.ts'], {
  eager: true,
});

export const WEB_MODULES: readonly WebModule[] = Object.values(entries).map((entry) => entry.default);

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Module pages whose component path starts with `prefix`, by path. */
export function modulePages(prefix: string): Record<string, PageLoader> {
  const pages: Record<string, PageLoader> = {};
  for (const module of WEB_MODULES) {
    for (const [path, load] of Object.entries(module.pages ?? {})) {
      if (path.startsWith(prefix)) pages[path] = load;
    }
  }
  return pages;
}

/** Every module's public routes. */
export function modulePublicRoutes(): PublicRoute[] {
  return WEB_MODULES.flatMap((module) => module.publicRoutes ?? []);
}

/** The loader of a form-input type a module provides, if any (the last module wins). */
export function moduleFormInput(
  type: string,
): (() => Promise<{ default: ComponentType<FormInputProps> }>) | undefined {
  let found: (() => Promise<{ default: ComponentType<FormInputProps> }>) | undefined;
  for (const module of WEB_MODULES) found = module.formInputs?.[type] ?? found;
  return found;
}

/** Whether an installed module provides the form input of this type (the editor module's `editor`). */
export function hasModuleFormInput(type: string): boolean {
  return moduleFormInput(type) !== undefined;
}

/** Every module's language pack for `lang`. */
export async function moduleLangPacks(lang: Lang): Promise<Pack[]> {
  const loaders = WEB_MODULES.flatMap((module) => module.lang?.[lang] ?? []);
  return (await Promise.all(loaders.map((load) => load()))).map((pack) => pack.default);
}

/** The parts every module and area gives `slot`, in the order the registry lists them. */
export function moduleSlotParts<S extends PageSlot>(
  slot: S,
): (() => Promise<{ default: ComponentType<PageSlots[S]> }>)[] {
  return WEB_MODULES.flatMap((module) => module.slots?.[slot] ?? []);
}
