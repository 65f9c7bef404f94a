/**
 * Around every route: the progress bar on each navigation, the first-load block overlay,
 * the browser title of static routes, and navigation for code outside React.
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useSiteConfig } from '../stores/site-config';
import { composeTitle } from '../utils/title';
import { removeBlockLoading } from './block-loading';
import { setNavigator } from './navigation';
import type { RouteHandle } from './route-handle';

// nprogress 0.2 still reads trickleRate; its type definitions no longer list it.
NProgress.configure({
  showSpinner: false,
  minimum: 0.08,
  trickleSpeed: 800,
  speed: 200,
  ...{ trickleRate: 0.02 },
});

export function RootShell() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();
  const siteName = useSiteConfig((s) => s.siteName);
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;

  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  // Lazy routes keep the router in 'loading' while their code arrives.
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location.
  useEffect(() => {
    NProgress.done();
    removeBlockLoading(handle?.noBlockLoading ? 0 : 1000);
  }, [location.key]);

  useEffect(() => {
    if (handle?.title) document.title = composeTitle(t(handle.title), siteName);
  }, [handle?.title, siteName, t]);

  return <Outlet />;
}
