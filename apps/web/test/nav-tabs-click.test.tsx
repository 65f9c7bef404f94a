/**
 * A click on a tab is never lost to the moment between a navigation and the tab list's catching
 * up with it. The URL changes first; the open tabs' active page (the store's activePath) follows
 * in the back-office layout's effect once the new address has rendered, which on a busy machine
 * comes visibly later: the browser test saw the administrators' tab still marked active while the
 * address was the dashboard's, and a click on it then went nowhere (the address stayed). Closing
 * a tab goes by the address too: closing the page shown leaves it, closing another stays put.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n, loadBackendTexts } from '../src/lang';
import { NavTabs } from '../src/layouts/backend/nav-tabs';
import type { PageRoute } from '../src/stores/admin-routes';
import { type Tab, useNavTabs } from '../src/stores/nav-tabs';

const DASHBOARD = '/admin/dashboard';
const ADMINS = '/admin/auth/admin';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
let router: ReturnType<typeof createBrowserRouter> | undefined;
afterEach(() => {
  cleanup();
  router?.dispose();
});

/** A router on jsdom's address bar, as the app's is on the browser's, starting at `at`. */
function startRouter(routes: RouteObject[], at: string) {
  window.history.replaceState(null, '', at);
  router = createBrowserRouter(routes);
  render(<RouterProvider router={router} />);
  return router;
}

const tab = (path: string, title: string, search = ''): Tab => ({
  path,
  title,
  search,
  generation: 0,
  route: { path, title } as PageRoute,
});

/** The tab list on a router at `at`, with the store's active tab `active` (lagging or not). */
function renderTabs(at: string, active: string, tabs = [tab(DASHBOARD, 'Dashboard'), tab(ADMINS, 'Admins')]) {
  useNavTabs.setState({ tabs, activePath: active });
  return startRouter([{ path: '/admin/*', element: <NavTabs /> }], at);
}

const tabNamed = (title: string) => screen.getByRole('tab', { name: new RegExp(title) });

it('opens the tab clicked while the tab list still marks it active after the address moved on', async () => {
  // The address is the dashboard's; the layout has not yet told the tab list.
  const router = renderTabs(DASHBOARD, ADMINS);
  expect(tabNamed('Admins').getAttribute('aria-selected')).toBe('true');
  await act(async () => {
    fireEvent.click(tabNamed('Admins'));
  });
  expect(router.state.location.pathname).toBe(ADMINS);
  // A switch of tabs is a step back can undo.
  expect(router.state.historyAction).toBe('PUSH');
});

it('opens the tab shown when it is clicked while a navigation elsewhere is still on its way', async () => {
  // The dashboard's page is still loading (its code, the modules' routes): the address has not moved.
  let arrive = () => {};
  const loading = new Promise<null>((resolve) => {
    arrive = () => resolve(null);
  });
  useNavTabs.setState({ tabs: [tab(DASHBOARD, 'Dashboard'), tab(ADMINS, 'Admins')], activePath: ADMINS });
  const router = startRouter(
    [
      { path: DASHBOARD, loader: () => loading, element: <NavTabs /> },
      { path: '/admin/*', element: <NavTabs /> },
    ],
    ADMINS,
  );
  await act(async () => {
    void router.navigate(DASHBOARD);
  });
  expect(router.state.navigation.location?.pathname).toBe(DASHBOARD);
  await act(async () => {
    fireEvent.click(tabNamed('Admins'));
  });
  await act(async () => {
    arrive();
    await loading;
  });
  // The later choice wins: the administrators' page stays.
  expect(router.state.location.pathname).toBe(ADMINS);
  expect(router.state.navigation.state).toBe('idle');
});

it('opens another tab with its own query', async () => {
  const router = renderTabs(DASHBOARD, DASHBOARD, [
    tab(DASHBOARD, 'Dashboard'),
    tab(ADMINS, 'Admins', 'x=1'),
  ]);
  await act(async () => {
    fireEvent.click(tabNamed('Admins'));
  });
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${ADMINS}?x=1`);
  expect(router.state.historyAction).toBe('PUSH');
});

it('adds no step to the history for a click on the tab shown', async () => {
  const router = renderTabs(DASHBOARD, DASHBOARD);
  await act(async () => {
    fireEvent.click(tabNamed('Dashboard'));
  });
  expect(router.state.location.pathname).toBe(DASHBOARD);
  expect(router.state.historyAction).not.toBe('PUSH');
});

/** Closes the administrators' tab with the address at `at` and the store's active tab `active`. */
async function closeAdminsTab(at: string, active: string) {
  const router = renderTabs(at, active);
  await act(async () => {
    fireEvent.click(within(tabNamed('Admins')).getByRole('img', { name: /Close tab/ }));
  });
  expect(useNavTabs.getState().tabs.map((open) => open.path)).toEqual([DASHBOARD]);
  return router;
}

it('leaves the page shown when its tab is closed while the tab list still marks another active', async () => {
  // The address is the administrators' page; the layout has not yet told the tab list, which
  // still marks the dashboard active. Closing the page shown must still leave it (the browser
  // test once saw the tab gone and the address staying on the closed page).
  const router = await closeAdminsTab(ADMINS, DASHBOARD);
  expect(router.state.location.pathname).toBe(DASHBOARD);
});

it('stays on the page shown when another tab is closed while the tab list still marks that one active', async () => {
  const router = await closeAdminsTab(DASHBOARD, ADMINS);
  expect(router.state.location.pathname).toBe(DASHBOARD);
  expect(router.state.historyAction).not.toBe('PUSH');
});
