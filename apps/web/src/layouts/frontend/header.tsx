/** The member centre's top bar; on small screens a hamburger opens the menu in a drawer. */
import { MenuUnfoldOutlined } from '@ant-design/icons';
import { Drawer, Grid, Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { useSiteConfig } from '../../stores/site-config';
import { useMemberMenuClick, useMemberMenuItems } from './member-menu';

export function MemberHeader() {
  const { t } = useTranslation();
  const siteName = useSiteConfig((s) => s.siteName);
  const homeUrl = useSiteConfig((s) => s.homeUrl);
  const items = useMemberMenuItems();
  const onClick = useMemberMenuClick();
  const screens = Grid.useBreakpoint();
  const small = screens.md === false;
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();

  // The drawer closes when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the path only.
  useEffect(() => setDrawer(false), [pathname]);

  return (
    <header className="ba-frontend-header">
      {small && (
        <button
          type="button"
          className="ba-frontend-burger"
          aria-label={t('layouts.Expand menu')}
          onClick={() => setDrawer(true)}
        >
          <MenuUnfoldOutlined />
        </button>
      )}
      <a className="ba-frontend-brand" href={homeUrl}>
        <Logo />
        <span>{siteName}</span>
      </a>
      {!small && (
        <Menu
          mode="horizontal"
          className="ba-frontend-menu"
          selectable={false}
          items={items}
          onClick={({ key }) => onClick(key)}
        />
      )}
      <Drawer
        placement="left"
        open={drawer}
        onClose={() => setDrawer(false)}
        size="min(300px, 80vw)"
        styles={{ body: { padding: 0 } }}
        title={siteName}
      >
        <Menu
          mode="inline"
          selectable={false}
          defaultOpenKeys={['member']}
          items={items}
          onClick={({ key }) => onClick(key)}
        />
      </Drawer>
    </header>
  );
}
