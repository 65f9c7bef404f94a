/**
 * The member centre's menu entries, built once for the header (horizontal), the drawer on
 * small screens (vertical) and the aside: Home, the `nav` rules, then the member's own menu
 * with the member-centre pages, `nav_user_menu` entries and Logout; language and dark mode.
 */
import {
  LogoutOutlined,
  MoonOutlined,
  SunOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { memberLogout } from '../../api/frontend/account';
import { Icon } from '../../components/icon';
import { type Lang, useConfig } from '../../stores/config';
import { useMemberCenterStore } from '../../stores/member-center';
import type { MemberLink } from '../../stores/member-routes';
import { useSiteConfig } from '../../stores/site-config';
import { useUserInfo } from '../../stores/user-info';

type Items = NonNullable<MenuProps['items']>;

function useMemberSignOut() {
  return async () => {
    const { refresh_token, clear } = useUserInfo.getState();
    try {
      await memberLogout(refresh_token);
    } finally {
      clear();
      useMemberCenterStore.getState().reset();
      location.assign('/user/login');
    }
  };
}

/** Opens a menu entry: member pages in the app, outside addresses in a new window. */
export function useOpenLink() {
  const navigate = useNavigate();
  const { navs, userMenus, groups } = useMemberCenterStore();
  const all = [...navs, ...userMenus, ...groups.flatMap((group) => group.items)];
  return (key: string) => {
    const link = all.find((item) => `link-${item.id}` === key);
    if (!link) return false;
    if (link.external) window.open(link.path, '_blank', 'noopener');
    else void navigate(link.path);
    return true;
  };
}

export function linkItem(link: MemberLink, t: (key: string) => string) {
  return { key: `link-${link.id}`, label: t(link.title), icon: <Icon name={link.icon} /> };
}

export function useMemberMenuItems(): Items {
  const { t } = useTranslation();
  const { navs, userMenus, groups } = useMemberCenterStore();
  const user = useUserInfo();
  const { langArray } = useConfig((s) => s.lang);
  const isDark = useConfig((s) => s.layout.isDark);
  return [
    { key: 'home', label: t('layouts.Home') },
    ...navs.map((link) => linkItem(link, t)),
    {
      key: 'member',
      label: (
        <span className="ba-frontend-user">
          <Avatar size={26} src={user.avatar || undefined} icon={<UserOutlined />} />
          <span>{user.nickname || user.username}</span>
        </span>
      ),
      children: [
        { key: 'center', label: t('user.Member Center') },
        ...userMenus.map((link) => linkItem(link, t)),
        ...groups.flatMap((group) => group.items.map((link) => linkItem(link, t))),
        { key: 'logout', label: t('user.Logout'), icon: <LogoutOutlined />, danger: true },
      ],
    },
    {
      key: 'lang',
      label: t('layouts.Language'),
      icon: <TranslationOutlined />,
      children: langArray.map((item) => ({ key: `lang-${item.name}`, label: item.value })),
    },
    { key: 'dark', label: isDark ? <SunOutlined /> : <MoonOutlined />, title: t('layouts.Dark mode') },
  ];
}

/** Handles the entries that are not links. */
export function useMemberMenuClick() {
  const navigate = useNavigate();
  const openLink = useOpenLink();
  const signOut = useMemberSignOut();
  const setLang = useConfig((s) => s.setLang);
  const setLayout = useConfig((s) => s.setLayout);
  const isDark = useConfig((s) => s.layout.isDark);
  return (key: string) => {
    if (openLink(key)) return;
    // The site's public front (a content page or the member centre), never the back-office.
    if (key === 'home') location.assign(useSiteConfig.getState().homeUrl);
    else if (key === 'center') void navigate('/user');
    else if (key === 'logout') void signOut();
    else if (key === 'dark') setLayout('isDark', !isDark);
    else if (key.startsWith('lang-')) {
      setLang(key.slice(5) as Lang);
      // Only the active language's texts are loaded, so the page starts again.
      location.reload();
    }
  };
}
