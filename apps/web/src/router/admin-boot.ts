/** Loads the back-office (`/admin/index/index`) into the stores and registers its routes. */
import { adminIndex } from '../api/backend';
import { useAdminInfo } from '../stores/admin-info';
import { buildAdminRoutes, firstRoute, type PageRoute } from '../stores/admin-routes';
import { useNavTabs } from '../stores/nav-tabs';
import { useSiteConfig } from '../stores/site-config';
import { useTerminal } from '../stores/terminal';
import { hasBackendView } from '../views/backend/registry';

/** Answers the first menu page, or undefined when the administrator has none. */
export async function bootAdmin(): Promise<PageRoute | undefined> {
  const { data } = await adminIndex();
  useAdminInfo.getState().setInfo(data.adminInfo);
  const built = buildAdminRoutes(data.menus, hasBackendView);
  useNavTabs.getState().setAdminRoutes(built);
  useSiteConfig.getState().set({ ...data.siteConfig, adminReady: true });
  if (data.terminal) useTerminal.getState().setSettings(data.terminal);
  return firstRoute(built.menus, built.routes);
}
