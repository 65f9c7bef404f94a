/**
 * The page area. Every open tab's page stays mounted inside React's <Activity>: a hidden
 * tab keeps its state (what was typed, scroll, loaded rows) while another is shown. Pages
 * whose rule is not kept alive are dropped when hidden and start afresh.
 */
import { Spin } from 'antd';
import { Activity, Suspense } from 'react';
import { IframePage } from '../../components/iframe-page';
import { PageUnavailable } from '../../components/page-unavailable';
import { TabProvider } from '../../components/tab-context';
import { useConfig } from '../../stores/config';
import { type Tab, useNavTabs } from '../../stores/nav-tabs';
import { backendView } from '../../views/backend/registry';

export function Main() {
  const tabs = useNavTabs((s) => s.tabs);
  const activePath = useNavTabs((s) => s.activePath);
  const animation = useConfig((s) => s.layout.mainAnimation);
  return (
    <main className="ba-main">
      {tabs.map((tab) => {
        const visible = tab.path === activePath;
        if (!visible && !tab.route.keepalive) return null;
        return (
          <Activity key={`${tab.path}#${tab.generation}`} mode={visible ? 'visible' : 'hidden'}>
            {/* The animation class is added as the tab becomes visible, so it plays on every switch. */}
            <div className={visible ? `ba-page ba-anim-${animation}` : 'ba-page'}>
              <TabProvider tab={tab}>
                <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
                  <TabPage tab={tab} />
                </Suspense>
              </TabProvider>
            </div>
          </Activity>
        );
      })}
    </main>
  );
}

function TabPage({ tab }: { tab: Tab }) {
  if (tab.route.menuType === 'iframe') return <IframePage url={tab.route.url} />;
  const View = backendView(tab.route.component);
  return View ? <View /> : <PageUnavailable component={tab.route.component} />;
}
