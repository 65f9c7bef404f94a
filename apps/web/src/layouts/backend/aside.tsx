/**
 * The sidebar: the optional logo bar with the collapse toggle, then the menu. A floating
 * card in Default, flush in Classic; over a shade when the screen is narrow.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { themeColor, useConfig } from '../../stores/config';
import { useSiteConfig } from '../../stores/site-config';
import { sidebarWidth } from '../../utils/layout';
import { MenuTree } from './menu-tree';
import { rememberLayout } from './use-adaptive-layout';

export function Aside() {
  const { t } = useTranslation();
  const layout = useConfig((s) => s.layout);
  const setLayout = useConfig((s) => s.setLayout);
  const siteName = useSiteConfig((s) => s.siteName);
  const width = sidebarWidth(layout);
  const toggleLabel = t(layout.menuCollapse ? 'layouts.Expand menu' : 'layouts.Collapse menu');

  const toggle = () => {
    const collapse = !layout.menuCollapse;
    setLayout('menuCollapse', collapse);
    if (!layout.shrink) rememberLayout(layout.layoutMode, collapse);
  };

  return (
    <>
      {layout.shrink && !layout.menuCollapse && (
        <div className="ba-aside-shade" onClick={() => setLayout('menuCollapse', true)} aria-hidden="true" />
      )}
      <aside
        className={`ba-aside ba-aside-${layout.layoutMode.toLowerCase()}${layout.shrink ? ' ba-aside-shrink' : ''}`}
        style={{
          width,
          background: themeColor(layout, 'menuBackground'),
          color: themeColor(layout, 'menuColor'),
        }}
        data-testid="aside"
      >
        {layout.menuShowTopBar && (
          <div className="ba-aside-top" style={{ background: themeColor(layout, 'menuTopBarBackground') }}>
            {!layout.menuCollapse && (
              <span className="ba-aside-site" style={{ color: themeColor(layout, 'menuActiveColor') }}>
                <Logo style={{ fontSize: 26 }} />
                <span>{siteName}</span>
              </span>
            )}
            <Tooltip title={toggleLabel} placement="right">
              <button
                type="button"
                className="ba-icon-button"
                onClick={toggle}
                aria-label={toggleLabel}
                aria-expanded={!layout.menuCollapse}
                data-testid="collapse-aside"
              >
                {layout.menuCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </button>
            </Tooltip>
          </div>
        )}
        <div className="ba-aside-menu">
          <MenuTree mode="inline" onNavigate={() => layout.shrink && setLayout('menuCollapse', true)} />
        </div>
      </aside>
    </>
  );
}
