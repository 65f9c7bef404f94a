/**
 * The back-office's routes, menus and open tabs. Only the tab full-screen flag is
 * persisted (`storeTabViewConfig`), as in the original.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AdminRoutes, MenuNode, PageRoute } from './admin-routes';
import { ADMIN_BASE, firstRoute } from './admin-routes';

export interface Tab {
  path: string;
  title: string;
  /** The tab's own query string (without '?'); pages read it through the tab context. */
  search: string;
  /** Bumped by "Reload" to mount the page afresh. */
  generation: number;
  route: PageRoute;
}

interface NavTabsStore {
  routes: Map<string, PageRoute>;
  menus: MenuNode[];
  authNode: Map<string, string[]>;
  tabs: Tab[];
  activePath: string;
  tabFullScreen: boolean;
  setAdminRoutes(result: AdminRoutes): void;
  /** Opens or re-activates the tab of a route, updating its query. */
  openTab(route: PageRoute, search: string): void;
  /**
   * Closes a tab; answers where to go when it was the page shown (`shownPath`, the address's:
   * `activePath` lags behind it while a navigation renders).
   */
  closeTab(path: string, shownPath: string): string | null;
  closeOthers(path: string): void;
  /** Closes every tab; answers the first menu route to show. */
  closeAll(): string;
  reloadTab(path: string): void;
  setTabFullScreen(on: boolean): void;
}

export const useNavTabs = create<NavTabsStore>()(
  persist(
    (set, get) => ({
      routes: new Map(),
      menus: [],
      authNode: new Map(),
      tabs: [],
      activePath: '',
      tabFullScreen: false,
      setAdminRoutes: ({ routes, menus, authNode }) => set({ routes, menus, authNode }),
      openTab: (route, search) =>
        set((s) => {
          const exists = s.tabs.some((tab) => tab.path === route.path);
          const tabs = exists
            ? s.tabs.map((tab) => (tab.path === route.path ? { ...tab, search } : tab))
            : [...s.tabs, { path: route.path, title: route.title, search, generation: 0, route }];
          return { tabs, activePath: route.path };
        }),
      closeTab: (path, shownPath) => {
        const rest = get().tabs.filter((tab) => tab.path !== path);
        set({ tabs: rest });
        if (path !== shownPath) return null;
        const last = rest[rest.length - 1];
        return last ? withSearch(last) : ADMIN_BASE;
      },
      closeOthers: (path) => set((s) => ({ tabs: s.tabs.filter((tab) => tab.path === path) })),
      closeAll: () => {
        const { routes, menus } = get();
        set({ tabs: [] });
        return firstRoute(menus, routes)?.path ?? ADMIN_BASE;
      },
      reloadTab: (path) =>
        set((s) => ({
          tabs: s.tabs.map((tab) => (tab.path === path ? { ...tab, generation: tab.generation + 1 } : tab)),
        })),
      setTabFullScreen: (on) => set({ tabFullScreen: on }),
    }),
    {
      name: 'storeTabViewConfig',
      partialize: (s) => ({ tabFullScreen: s.tabFullScreen }),
    },
  ),
);

export function withSearch(tab: Pick<Tab, 'path' | 'search'>): string {
  return tab.search ? `${tab.path}?${tab.search}` : tab.path;
}
