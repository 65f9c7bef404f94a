/**
 * The header: tabs and icons (Default, Classic); in Single column the horizontal menu
 * with the logo instead of tabs. On a narrow screen a button opens the overlay sidebar.
 */
import { MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { themeColor, useConfig } from '../../stores/config';
import { useSiteConfig } from '../../stores/site-config';
import { MenuTree } from './menu-tree';
import { NavButton, NavMenus } from './nav-menus';
import { NavTabs } from './nav-tabs';

export function NavBar() {
  const { t } = useTranslation();
  const layout = useConfig((s) => s.layout);
  const setLayout = useConfig((s) => s.setLayout);
  const siteName = useSiteConfig((s) => s.siteName);
  const streamline = layout.layoutMode === 'Streamline';

  return (
    <header
      className={`ba-nav-bar ba-nav-bar-${layout.layoutMode.toLowerCase()}`}
      style={{ background: themeColor(layout, 'headerBarBackground') }}
    >
      {layout.shrink && (
        <NavButton
          label={t('layouts.Expand menu')}
          onClick={() => setLayout('menuCollapse', false)}
          testId="open-aside"
        >
          <MenuUnfoldOutlined />
        </NavButton>
      )}
      {streamline && layout.menuShowTopBar && (
        <span className="ba-nav-logo" style={{ color: themeColor(layout, 'menuActiveColor') }}>
          <Logo style={{ fontSize: 24 }} />
          {siteName}
        </span>
      )}
      <div className="ba-nav-left">
        {streamline ? <MenuTree mode="horizontal" /> : !layout.shrink && <NavTabs />}
      </div>
      <NavMenus />
    </header>
  );
}
