/**
 * The nav bar's icons: home, language, full screen, the areas' and modules' icons (the terminal's),
 * clear cache, the administrator, settings.
 */
import {
  ClearOutlined,
  CompressOutlined,
  DesktopOutlined,
  ExpandOutlined,
  SettingOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { Dropdown, Modal, message, Tooltip } from 'antd';
import { type ButtonHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModuleSlot } from '../../module-contract/slot';
import { useAdminInfo } from '../../stores/admin-info';
import { type Lang, useConfig } from '../../stores/config';
import { AdminInfoPopover } from './admin-info-popover';
import { type CacheKind, clearCaches } from './clear-cache';

export function NavMenus() {
  const { t } = useTranslation();
  const isSuper = useAdminInfo((s) => s.super);
  const { langArray } = useConfig((s) => s.lang);
  const setLang = useConfig((s) => s.setLang);
  const setLayout = useConfig((s) => s.setLayout);
  const [fullScreen, setFullScreen] = useState(Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullScreen = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('layouts.The current browser does not support full screen'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  // Clearing the browser's storage resets settings the administrator chose, so it asks first.
  const clear = (kind: CacheKind) => {
    if (kind === 'system') {
      void clearCaches(kind).catch(() => {});
      return;
    }
    Modal.confirm({
      title: t(kind === 'all' ? 'layouts.Clean up all cache?' : 'layouts.Clean up browser cache?'),
      content: (
        <>
          <p>{t('layouts.What clearing the browser cache resets')}</p>
          {kind === 'all' && <p>{t('layouts.The server cache is cleared as well.')}</p>}
        </>
      ),
      okText: t('Confirm'),
      cancelText: t('Cancel'),
      okButtonProps: { danger: true },
      // A failure of the server part is reported by the request layer; the dialog closes.
      onOk: () => clearCaches(kind).catch(() => {}),
    });
  };

  const switchLang = (lang: Lang) => {
    setLang(lang);
    // Only the active language's texts are loaded, so the page starts again.
    location.reload();
  };

  return (
    <div className="ba-nav-menus">
      <NavButton label={t('layouts.Home')} onClick={() => window.open('/', '_blank')} testId="nav-home">
        <DesktopOutlined />
      </NavButton>
      <Dropdown
        trigger={['click']}
        menu={{
          items: langArray.map((item) => ({ key: item.name, label: item.value })),
          onClick: ({ key }) => switchLang(key as Lang),
        }}
      >
        <NavButton label={t('layouts.Language')} testId="lang-switch">
          <TranslationOutlined />
        </NavButton>
      </Dropdown>
      <NavButton
        label={t(fullScreen ? 'layouts.Exit full screen' : 'layouts.Full screen')}
        onClick={toggleFullScreen}
        testId="full-screen"
      >
        {fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
      </NavButton>
      {/* The terminal's icon (the terminal area), for super administrators. */}
      <ModuleSlot name="admin-shell.nav" />
      {isSuper && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'system', label: t('utils.Clean up system cache') },
              { key: 'browser', label: t('utils.Clean up browser cache') },
              { type: 'divider' },
              { key: 'all', label: t('utils.Clean up all cache') },
            ],
            onClick: ({ key }) => clear(key as CacheKind),
          }}
        >
          <NavButton label={t('layouts.Clear cache')} testId="clear-cache">
            <ClearOutlined />
          </NavButton>
        </Dropdown>
      )}
      <AdminInfoPopover />
      <NavButton
        label={t('layouts.Layout configuration')}
        onClick={() => setLayout('showDrawer', true)}
        testId="layout-settings"
      >
        <SettingOutlined />
      </NavButton>
    </div>
  );
}

/**
 * An icon of the nav bar: named for screen readers by its label, which a tooltip shows on
 * hover. A Dropdown around it passes its trigger props (click, ref) through the Tooltip.
 */
export function NavButton({
  label,
  testId,
  children,
  className,
  ...rest
}: {
  label: string;
  testId: string;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  return (
    <Tooltip title={label} placement="bottom">
      <button
        type="button"
        className={className ? `ba-nav-menu ${className}` : 'ba-nav-menu'}
        aria-label={label}
        data-testid={testId}
        {...rest}
      >
        {children}
      </button>
    </Tooltip>
  );
}
