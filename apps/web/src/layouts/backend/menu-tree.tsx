/**
 * The back-office menu from the server's rules: directories and items, inline in the
 * sidebar or horizontal in Single column. Tab and iframe items navigate, links open a new
 * window, anything else is reported.
 */
import { ConfigProvider, Menu, type MenuProps, notification } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icon';
import type { MenuNode } from '../../stores/admin-routes';
import { themeColor, useConfig } from '../../stores/config';
import { useNavTabs } from '../../stores/nav-tabs';

type Item = Required<MenuProps>['items'][number];

export function menuTitle(title: string, t: (key: string) => string): string {
  if (!title) return t('pagesTitle.noTitle');
  return title.startsWith('pagesTitle.') ? t(title) : title;
}

export function MenuTree({ mode, onNavigate }: { mode: 'inline' | 'horizontal'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useNavTabs((s) => s.menus);
  const activePath = useNavTabs((s) => s.activePath);
  const layout = useConfig((s) => s.layout);
  const { menuDefaultIcon, menuCollapse, menuUniqueOpened } = layout;

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // A collapsed sidebar shows directories as hover popups, which must not take the inline
  // open state: the active page's directory would stay popped out over the page (and on a
  // phone the sidebar collapses right after each navigation).
  const collapsed = mode === 'inline' && menuCollapse;
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => {
    // Expanding ends any popup, so the next collapse starts with none.
    if (!collapsed) setPopupKeys([]);
  }, [collapsed]);

  const { byKey, parentOf } = useMemo(() => {
    const nodes = new Map<string, MenuNode>();
    const parents = new Map<string, string>();
    const walk = (list: MenuNode[], parent: string | null) => {
      for (const node of list) {
        nodes.set(String(node.id), node);
        if (parent) parents.set(String(node.id), parent);
        walk(node.children, String(node.id));
      }
    };
    walk(menus, null);
    return { byKey: nodes, parentOf: parents };
  }, [menus]);

  // Accordion: opening a directory closes every other branch except its own ancestors.
  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    if (!menuUniqueOpened || !latest) return setOpenKeys(keys);
    const branch = [latest];
    for (let key = parentOf.get(latest); key; key = parentOf.get(key)) branch.push(key);
    setOpenKeys(branch);
  };

  const items = useMemo(() => {
    const toItems = (nodes: MenuNode[]): Item[] =>
      nodes.map((node) => ({
        key: String(node.id),
        icon: <Icon name={node.icon} fallback={menuDefaultIcon} />,
        label: menuTitle(node.title, t),
        ...(node.type === 'menu_dir' ? { children: toItems(node.children) } : {}),
      }));
    return toItems(menus);
  }, [menus, menuDefaultIcon, t]);

  const selected = [...byKey.values()].find((node) => node.type === 'menu' && node.path === activePath);

  // The active page's directories open by themselves, as when arriving by a deep link.
  const selectedKey = selected ? String(selected.id) : '';
  useEffect(() => {
    const ancestors: string[] = [];
    for (let key = parentOf.get(selectedKey); key; key = parentOf.get(key)) ancestors.push(key);
    if (ancestors.length > 0)
      setOpenKeys((open) => (menuUniqueOpened ? ancestors : [...new Set([...open, ...ancestors])]));
  }, [selectedKey, parentOf, menuUniqueOpened]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setPopupKeys([]);
    const node = byKey.get(key);
    if (!node) return;
    if (node.menuType === 'tab' || node.menuType === 'iframe') void navigate(node.path);
    else if (node.menuType === 'link') window.open(node.path, '_blank', 'noopener');
    else notification.error({ title: t('utils.Navigation failed, the menu type is unrecognized!') });
    onNavigate?.();
  };

  const colors = {
    itemBg: 'transparent',
    subMenuItemBg: 'transparent',
    itemColor: themeColor(layout, 'menuColor'),
    itemHoverColor: themeColor(layout, 'menuActiveColor'),
    itemSelectedBg: themeColor(layout, 'menuActiveBackground'),
    itemSelectedColor: themeColor(layout, 'menuActiveColor'),
    horizontalItemSelectedColor: themeColor(layout, 'menuActiveColor'),
  };
  return (
    <ConfigProvider theme={{ components: { Menu: colors } }}>
      <Menu
        mode={mode}
        items={items}
        onClick={onClick}
        selectedKeys={selected ? [String(selected.id)] : []}
        {...(mode === 'inline'
          ? {
              inlineCollapsed: menuCollapse,
              openKeys: collapsed ? popupKeys : openKeys,
              onOpenChange: collapsed ? setPopupKeys : onOpenChange,
            }
          : {})}
        style={{ borderInlineEnd: 'none', borderBottom: 'none', background: 'transparent' }}
      />
    </ConfigProvider>
  );
}
