/** The nav bar's icons: home, language, full screen, terminal, clear cache, the administrator, settings. */
import {
  ClearOutlined,
  CompressOutlined,
  DesktopOutlined,
  ExpandOutlined,
  SettingOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { Dropdown, Modal, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TerminalButton } from '../../components/terminal/terminal-host';
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
      <button
        type="button"
        className="ba-nav-menu"
        title={t('layouts.Home')}
        onClick={() => window.open('/', '_blank')}
      >
        <DesktopOutlined />
      </button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: langArray.map((item) => ({ key: item.name, label: item.value })),
          onClick: ({ key }) => switchLang(key as Lang),
        }}
      >
        <button type="button" className="ba-nav-menu" title={t('layouts.Language')} data-testid="lang-switch">
          <TranslationOutlined />
        </button>
      </Dropdown>
      <button
        type="button"
        className="ba-nav-menu"
        title={t('layouts.Full screen')}
        onClick={toggleFullScreen}
      >
        {fullScreen ? <CompressOutlined /> : <ExpandOutlined />}
      </button>
      {isSuper && <TerminalButton />}
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
          <button type="button" className="ba-nav-menu" title={t('layouts.Clear cache')}>
            <ClearOutlined />
          </button>
        </Dropdown>
      )}
      <AdminInfoPopover />
      <button
        type="button"
        className="ba-nav-menu"
        title={t('layouts.Layout configuration')}
        onClick={() => setLayout('showDrawer', true)}
        data-testid="layout-settings"
      >
        <SettingOutlined />
      </button>
    </div>
  );
}
