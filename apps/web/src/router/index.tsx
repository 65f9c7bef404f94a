/**
 * The route table (the original's routes). Back-office pages are not routes of their own: the
 * back-office layout resolves `/admin/*` against the menus loaded from the server, after
 * sending a cold deep link through the loading route.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadBackendTexts, loadFrontendTexts, loadModuleTexts } from '../lang';
import { RootShell } from './root-shell';
import type { RouteHandle } from './route-handle';
import { SIGN_IN_PAGES, withTexts } from './sign-in-pages';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const ROOT_ROUTE_ID = 'root';

const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    Component: RootShell,
    // The first route's code is still loading: the block overlay of index.html covers it.
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <Navigate to="/admin" replace />, handle: { title: 'pagesTitle.home' } },
      ...Object.entries(SIGN_IN_PAGES).map(
        ([path, signIn]): RouteObject => ({ path, lazy: page(signIn.load), handle: { title: signIn.title } }),
      ),
      {
        path: '/404',
        lazy: page(() => import('../views/common/not-found')),
        handle: { title: 'pagesTitle.notFound' },
      },
      {
        path: '/401',
        lazy: page(() => import('../views/common/no-power')),
        handle: { title: 'pagesTitle.noPower' },
      },
      {
        path: '/admin',
        element: <Navigate to="/admin/loading" replace />,
        handle: { title: 'pagesTitle.admin' },
      },
      {
        path: '/admin/loading',
        lazy: page(() => import('../views/backend/loading')),
        handle: { title: 'pagesTitle.loading' },
      },
      {
        path: '/admin/*',
        lazy: page(withTexts(() => import('../layouts/backend'), loadBackendTexts)),
      },
      {
        path: '/user',
        element: <Navigate to="/user/loading" replace />,
        handle: { title: 'pagesTitle.user' },
      },
      {
        path: '/user/loading',
        lazy: page(() => import('../views/frontend/user/loading')),
        handle: { title: 'pagesTitle.loading' },
      },
      { path: '/user/iframe/:url', lazy: page(() => import('../views/frontend/user/iframe')) },
      {
        path: '/user/*',
        lazy: page(withTexts(() => import('../layouts/frontend'), loadFrontendTexts)),
      },
      // Public pages of modules (the content area's /article/:id and /page/:id) join on the
      // first navigation no route above matches (patchModuleRoutes).
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

let moduleRoutesAdded = false;

/**
 * Adds the modules' public pages, with the modules' registry, when a navigation first reaches
 * a path only a pattern route (the catch-all, `/admin/*`…) matches: the administrators' sign-in
 * page, whose first load has a size budget, loads no module code. React Router then matches the
 * path again, so `/article/3` finds its page instead of the catch-all.
 */
async function patchModuleRoutes({
  patch,
}: {
  patch: (routeId: string | null, children: RouteObject[]) => void;
}): Promise<void> {
  if (moduleRoutesAdded) return;
  const { modulePublicRoutes } = await import('../module-contract/registry');
  if (moduleRoutesAdded) return;
  moduleRoutesAdded = true;
  patch(
    ROOT_ROUTE_ID,
    modulePublicRoutes().map(
      (route): RouteObject => ({
        path: route.path,
        lazy: page(withTexts(route.page, loadModuleTexts)),
        handle: { title: route.title, noBlockLoading: route.noBlockLoading } satisfies RouteHandle,
      }),
    ),
  );
}

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchModuleRoutes });
