/** "Layout configuration": every layout setting of the original, persisted as it changes. */
import { Button, ColorPicker, Divider, Drawer, InputNumber, Popconfirm, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColorKey, type LayoutMode, PAGE_ANIMATIONS, themeColor, useConfig } from '../../stores/config';
import { BEFORE_RESIZE_KEY, rememberLayout } from './use-adaptive-layout';

const MODES: { mode: LayoutMode; label: string }[] = [
  { mode: 'Default', label: 'layouts.Default' },
  { mode: 'Classic', label: 'layouts.Classic' },
  { mode: 'Streamline', label: 'layouts.Single column' },
];

const MENU_ICONS = ['fa fa-minus', 'fa fa-circle-o', 'fa fa-tag', 'fa fa-folder'];

export function ConfigDrawer() {
  const { t } = useTranslation();
  const { layout, setLayout, setLayoutMode, setColor } = useConfig();

  const chooseMode = (mode: LayoutMode) => {
    setLayoutMode(mode);
    rememberLayout(mode, layout.menuCollapse);
  };

  const restoreDefaults = () => {
    useConfig.persist.clearStorage();
    sessionStorage.removeItem(BEFORE_RESIZE_KEY);
    location.reload();
  };

  const color = (key: ColorKey, label: string) => (
    <Row label={t(label)}>
      <ColorPicker
        size="small"
        value={themeColor(layout, key)}
        onChangeComplete={(value) => setColor(key, value.toHexString())}
      />
    </Row>
  );

  return (
    <Drawer
      title={t('layouts.Layout configuration')}
      size={310}
      open={layout.showDrawer}
      onClose={() => setLayout('showDrawer', false)}
    >
      <Divider titlePlacement="start">{t('layouts.Layout mode')}</Divider>
      <div className="ba-layout-modes">
        {MODES.map(({ mode, label }) => (
          <button
            type="button"
            key={mode}
            className={`ba-layout-mode ba-layout-mode-${mode.toLowerCase()}${layout.layoutMode === mode ? ' is-active' : ''}`}
            onClick={() => chooseMode(mode)}
            data-testid={`layout-mode-${mode}`}
          >
            <span className="ba-layout-mode-thumb" />
            <span>{t(label)}</span>
          </button>
        ))}
      </div>
      <Divider titlePlacement="start">{t('layouts.Global')}</Divider>
      <Row label={t('layouts.Dark mode')}>
        <Switch checked={layout.isDark} onChange={(on) => setLayout('isDark', on)} data-testid="dark-mode" />
      </Row>
      <Row label={t('layouts.Page switching animation')}>
        <Select
          size="small"
          style={{ width: 150 }}
          value={layout.mainAnimation}
          options={PAGE_ANIMATIONS.map((value) => ({ value, label: value }))}
          onChange={(value) => setLayout('mainAnimation', value)}
        />
      </Row>
      <Divider titlePlacement="start">{t('layouts.Sidebar')}</Divider>
      {color('menuBackground', 'layouts.Side menu bar background color')}
      {color('menuColor', 'layouts.Side menu text color')}
      {color('menuActiveBackground', 'layouts.Side menu active item background color')}
      {color('menuActiveColor', 'layouts.Side menu active item text color')}
      <Row label={t('layouts.Show side menu top bar (logo bar)')}>
        <Switch checked={layout.menuShowTopBar} onChange={(on) => setLayout('menuShowTopBar', on)} />
      </Row>
      {color('menuTopBarBackground', 'layouts.Side menu top bar background color')}
      <Row label={t('layouts.Side menu width (when expanded)')}>
        <InputNumber
          size="small"
          step={10}
          min={180}
          max={500}
          suffix="px"
          value={layout.menuWidth}
          onChange={(value) => value && setLayout('menuWidth', value)}
        />
      </Row>
      <Row label={t('layouts.Side menu default icon')}>
        <Select
          size="small"
          style={{ width: 150 }}
          value={layout.menuDefaultIcon}
          options={MENU_ICONS.map((value) => ({ value, label: value }))}
          onChange={(value) => setLayout('menuDefaultIcon', value)}
        />
      </Row>
      <Row label={t('layouts.Side menu horizontal collapse')}>
        <Switch checked={layout.menuCollapse} onChange={(on) => setLayout('menuCollapse', on)} />
      </Row>
      <Row label={t('layouts.Side menu accordion')}>
        <Switch checked={layout.menuUniqueOpened} onChange={(on) => setLayout('menuUniqueOpened', on)} />
      </Row>
      <Divider titlePlacement="start">{t('layouts.Top bar')}</Divider>
      {color('headerBarBackground', 'layouts.Top bar background color')}
      {color('headerBarTabColor', 'layouts.Top bar text color')}
      {color('headerBarHoverBackground', 'layouts.Background color when hovering over the top bar')}
      {color('headerBarTabActiveBackground', 'layouts.Top bar menu active item background color')}
      {color('headerBarTabActiveColor', 'layouts.Top bar menu active item text color')}
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Popconfirm
          title={t('layouts.Are you sure you want to restore the default configuration?')}
          onConfirm={restoreDefaults}
        >
          <Button danger>{t('layouts.Restore default')}</Button>
        </Popconfirm>
      </div>
    </Drawer>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="ba-drawer-row">
      <span>{label}</span>
      {children}
    </div>
  );
}
