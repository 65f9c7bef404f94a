/**
 * The member centre's frame for every `/user/*` page: header, the aside with the member's
 * card and menus (a drawer on small screens), the page, the footer. A cold visit goes
 * through the loading route, which replays it; an unknown page shows the 404 screen.
 */
import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { embeddableUrl, IframePage } from '../../components/iframe-page';
import { PageUnavailable } from '../../components/page-unavailable';
import { ToLoading } from '../../router/to-loading';
import { useMemberCenterStore } from '../../stores/member-center';
import { MEMBER_BASE } from '../../stores/member-routes';
import { useSiteConfig } from '../../stores/site-config';
import { useUserInfo } from '../../stores/user-info';
import { composeTitle } from '../../utils/title';
import { frontendView } from '../../views/frontend/registry';
import { MemberAside } from './aside';
import { MemberFooter } from './footer';
import './frontend.css';
import { MemberHeader } from './header';

const IFRAME_PREFIX = `${MEMBER_BASE}/iframe/`;

export default function FrontendLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const token = useUserInfo((s) => s.token);
  const ready = useMemberCenterStore((s) => s.ready);
  const page = useMemberCenterStore((s) => s.pages.get(pathname.replace(/\/+$/, '')));
  const siteName = useSiteConfig((s) => s.siteName);
  const iframeUrl = pathname.startsWith(IFRAME_PREFIX)
    ? embeddableUrl(pathname.slice(IFRAME_PREFIX.length))
    : null;

  useEffect(() => {
    if (page) document.title = composeTitle(t(page.title), siteName);
  }, [page, siteName, t]);

  // A cold visit, signed in or not, goes through the loading route (as in the original).
  if (!token || !ready) return <ToLoading area="user" />;
  if (!page && !iframeUrl) return <Navigate to="/404" replace />;
  const View = page ? frontendView(page.component) : null;
  return (
    <div className="ba-frontend">
      <MemberHeader />
      <div className="ba-frontend-body">
        <MemberAside />
        <main className="ba-frontend-main">
          <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
            {iframeUrl ? (
              <IframePage url={iframeUrl} />
            ) : View ? (
              <View />
            ) : (
              <PageUnavailable component={page?.component ?? ''} />
            )}
          </Suspense>
        </main>
      </div>
      <MemberFooter />
    </div>
  );
}
