/**
 * The back-office frame for every `/admin/*` page. A cold visit (menus not loaded yet)
 * goes through the loading route, which replays it; a known path opens or re-activates
 * its tab; an unknown one shows the 404 screen.
 */
import { CloseOutlined } from '@ant-design/icons';
import { type CSSProperties, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { embeddableUrl } from '../../components/iframe-page';
import { ModuleSlot } from '../../module-contract/slot';
import { ToLoading } from '../../router/to-loading';
import { useAdminInfo } from '../../stores/admin-info';
import { ADMIN_BASE, type PageRoute } from '../../stores/admin-routes';
import { themeColor, useConfig } from '../../stores/config';
import { useNavTabs } from '../../stores/nav-tabs';
import { useSiteConfig } from '../../stores/site-config';
import { composeTitle } from '../../utils/title';
import { hasBackendView } from '../../views/backend/registry';
import { Aside } from './aside';
import './backend.css';
import { ConfigDrawer } from './config-drawer';
import { Main } from './main';
import { menuTitle } from './menu-tree';
import { NavBar } from './nav-bar';
import { useAdaptiveLayout } from './use-adaptive-layout';

const IFRAME_PREFIX = `${ADMIN_BASE}/iframe/`;

/** Whether an address names a page that exists (…/index or … itself, either file ending). */
function isKnownPage(pathname: string): boolean {
  const rest = pathname.slice(ADMIN_BASE.length).replace(/\/+$/, '');
  return hasBackendView(`/src/views/backend${rest}/index`) || hasBackendView(`/src/views/backend${rest}`);
}

/** A registered page, or an embed of any address under /admin/iframe/. */
function resolveRoute(routes: Map<string, PageRoute>, pathname: string): PageRoute | undefined {
  const found = routes.get(pathname);
  if (found || !pathname.startsWith(IFRAME_PREFIX)) return found;
  const url = embeddableUrl(pathname.slice(IFRAME_PREFIX.length));
  if (!url) return undefined;
  return {
    path: pathname,
    name: pathname,
    title: url,
    icon: '',
    menuType: 'iframe',
    component: '',
    url,
    keepalive: false,
    available: true,
  };
}

export default function BackendLayout() {
  const { pathname, search } = useLocation();
  const token = useAdminInfo((s) => s.token);
  const ready = useSiteConfig((s) => s.adminReady);
  const routes = useNavTabs((s) => s.routes);
  const route = useMemo(
    () => (ready ? resolveRoute(routes, pathname) : undefined),
    [ready, routes, pathname],
  );

  const openTab = useNavTabs((s) => s.openTab);
  useEffect(() => {
    if (route) openTab(route, search.replace(/^\?/, ''));
  }, [route, search, openTab]);

  if (!token) return <Navigate to="/admin/login" replace />;
  if (!ready) return <ToLoading area="admin" />;
  // A page that exists but is not among this administrator's menus is forbidden, not missing.
  if (!route) return <Navigate to={isKnownPage(pathname) ? '/401' : '/404'} replace />;
  return <Frame route={route} />;
}

function Frame({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const layout = useConfig((s) => s.layout);
  const siteName = useSiteConfig((s) => s.siteName);
  const { tabFullScreen, setTabFullScreen } = useNavTabs();
  useAdaptiveLayout();

  useEffect(() => {
    document.title = composeTitle(menuTitle(route.title, t), siteName);
  }, [route.title, siteName, t]);

  const mode = layout.layoutMode.toLowerCase();
  return (
    <div
      className={`ba-backend ba-backend-${mode}${tabFullScreen ? ' is-tab-full-screen' : ''}`}
      style={{ '--ba-hover-bg': themeColor(layout, 'headerBarHoverBackground') } as CSSProperties}
    >
      {!tabFullScreen && layout.layoutMode !== 'Streamline' && <Aside />}
      <div className="ba-backend-body">
        {!tabFullScreen && <NavBar />}
        <Main />
      </div>
      {tabFullScreen && (
        <div className="ba-full-screen-exit">
          <button
            type="button"
            onClick={() => setTabFullScreen(false)}
            aria-label={t('layouts.Exit full screen')}
          >
            <CloseOutlined />
          </button>
        </div>
      )}
      <ConfigDrawer />
      {/* The terminal's panel (the terminal area), for super administrators. */}
      <ModuleSlot name="admin-shell.overlay" />
    </div>
  );
}
