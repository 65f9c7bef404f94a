/**
 * Menu rules name their page by component path, as the original did: `/src/views/backend/auth/admin/index.vue`.
 * Portico stores that same form (the original's client registers routes only for `.vue` files,
 * so a site can move the server first and its customised client later) while its own pages are
 * React files: `…/index.tsx`. Both sides agree here on what names the same page.
 */

/** Where a page's component path starts, in either client. */
export const COMPONENT_ROOT = '/src/';

/**
 * The page a component path names, without its ending: `…/index.vue`, `…/index.tsx` and
 * `…/index` are the same page. How the web finds a page whichever form a rule stores.
 */
export function componentPage(path: string): string {
  return path.replace(/\.(tsx|ts|jsx|js|vue)$/i, '');
}

/**
 * The original's form of a component path: a page under /src/ ending in `.tsx` is stored
 * ending in `.vue`. Anything else (a site's own path, an empty one) is kept as it is.
 */
export function originalComponentPath(path: string): string {
  return path.startsWith(COMPONENT_ROOT) && path.endsWith('.tsx')
    ? `${path.slice(0, -'.tsx'.length)}.vue`
    : path;
}
