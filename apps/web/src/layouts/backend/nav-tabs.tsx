/**
 * One tab per open page. Closing the tab of the page shown goes to the last one; the right-click
 * menu reloads, closes, goes full screen, closes the others or all.
 *
 * From the keyboard the tabs are one stop (the active tab), as tab lists are: the arrow keys,
 * Home and End move between them, Enter or Space opens one, Delete closes it and the context-menu
 * key (or Shift+F10) opens its menu.
 */
import {
  CloseOutlined,
  ExpandOutlined,
  MinusOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentPath, currentUrl } from '../../router/navigation';
import { themeColor, useConfig } from '../../stores/config';
import { type Tab, useNavTabs, withSearch } from '../../stores/nav-tabs';
import { menuTitle } from './menu-tree';

export function NavTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const layout = useConfig((s) => s.layout);
  const { tabs, activePath, closeTab, closeOthers, closeAll, reloadTab, setTabFullScreen } = useNavTabs();

  // Compared with the address, not the store's active tab, for the reason `openTab` below gives.
  const close = (tab: Tab) => {
    const next = closeTab(tab.path, currentPath());
    if (next) void navigate(next);
  };

  const contextItems = (tab: Tab): MenuProps['items'] => [
    {
      key: 'reload',
      icon: <ReloadOutlined />,
      label: t('layouts.Reload'),
      disabled: tab.path !== activePath,
    },
    { key: 'close', icon: <CloseOutlined />, label: t('layouts.Close tab') },
    { key: 'fullScreen', icon: <ExpandOutlined />, label: t('layouts.Full screen current tab') },
    {
      key: 'closeOthers',
      icon: <MinusOutlined />,
      label: t('layouts.Close other tabs'),
      disabled: tabs.length < 2,
    },
    {
      key: 'closeAll',
      icon: <StopOutlined />,
      label: t('layouts.Close all tabs'),
      disabled: tabs.length < 2,
    },
  ];

  /**
   * Shows a tab's page; always a navigation, as nothing rendered can tell it is needed. The
   * store's active tab, and the location React last rendered, lag behind the address while a
   * navigation renders (long enough for a click on a busy machine), and one may still be on its
   * way: a click compared with them was lost (the address stayed where the previous click led).
   * Going to the address shown replaces it, adding no step to the history, and overrides a
   * navigation elsewhere still on its way.
   */
  const openTab = (tab: Tab) => {
    const to = withSearch(tab);
    void navigate(to, { replace: to === currentUrl() });
  };

  const onContext = (tab: Tab, key: string) => {
    if (key === 'reload') reloadTab(tab.path);
    if (key === 'close') close(tab);
    if (key === 'fullScreen') {
      void navigate(withSearch(tab));
      setTabFullScreen(true);
    }
    if (key === 'closeOthers') {
      closeOthers(tab.path);
      openTab(tab);
    }
    if (key === 'closeAll') void navigate(closeAll());
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>, tab: Tab, index: number) => {
    const open = () => openTab(tab);
    const focusTab = (at: number) => {
      const siblings = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
      siblings?.[(at + tabs.length) % tabs.length]?.focus();
    };
    const moves: Record<string, () => void> = {
      Enter: open,
      ' ': open,
      Delete: () => tabs.length > 1 && close(tab),
      ArrowRight: () => focusTab(index + 1),
      ArrowLeft: () => focusTab(index - 1),
      Home: () => focusTab(0),
      End: () => focusTab(tabs.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className="ba-nav-tabs" role="tablist">
      {tabs.map((tab, index) => {
        const active = tab.path === activePath;
        return (
          <Dropdown
            key={tab.path}
            trigger={['contextMenu']}
            menu={{ items: contextItems(tab), onClick: ({ key }) => onContext(tab, key) }}
          >
            <div
              role="tab"
              aria-selected={active}
              className={`ba-nav-tab${active ? ' is-active' : ''}`}
              style={{
                color: themeColor(layout, active ? 'headerBarTabActiveColor' : 'headerBarTabColor'),
                background: active ? themeColor(layout, 'headerBarTabActiveBackground') : undefined,
              }}
              tabIndex={active ? 0 : -1}
              aria-keyshortcuts={tabs.length > 1 ? 'Delete' : undefined}
              data-testid="nav-tab"
              onClick={() => openTab(tab)}
              onKeyDown={(event) => onKey(event, tab, index)}
            >
              <span>{menuTitle(tab.title, t)}</span>
              {tabs.length > 1 && (
                <CloseOutlined
                  className="ba-nav-tab-close"
                  aria-label={t('layouts.Close tab')}
                  onClick={(event) => {
                    event.stopPropagation();
                    close(tab);
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
