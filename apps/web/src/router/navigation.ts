/**
 * Navigation from outside React (the request layer, stores): the router registers itself
 * here once it exists. Named routes are the static ones of the route table (index.tsx).
 */
export const ROUTE_PATHS = {
  home: '/',
  adminLogin: '/admin/login',
  userLogin: '/user/login',
  notFound: '/404',
  noPower: '/401',
  adminMainLoading: '/admin/loading',
  userMainLoading: '/user/loading',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Goes to a named route or a path; an unknown name is treated as a path. */
export function navigateTo(target: { name?: string; path?: string }, options?: { replace?: boolean }): void {
  const path = target.name ? (ROUTE_PATHS[target.name as RouteName] ?? target.name) : target.path;
  if (path) navigate(path, options);
}

export function currentPath(): string {
  return window.location.pathname;
}

/**
 * The address shown, path and query. The browser's, which a navigation changes before React has
 * rendered it: the router's location as a component last rendered it can lag behind by as long
 * as rendering the new page takes.
 */
export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
