/** One module on the machine: title, version, state tag, intro, and what can be done with it. */
import { ModuleState } from '@portico/shared';
import { Button, Card, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocalModule } from '../../../api/backend/module';
import { canUninstall } from './market';
import { UninstallConfirm } from './uninstall-confirm';

/** The original's state tags on its cards: label and colour by state. */
export const STATE_TAGS: Record<ModuleState, { label: string; color: string }> = {
  [ModuleState.uninstalled]: { label: 'module.Uninstalled', color: 'default' },
  [ModuleState.installed]: { label: 'module.installed', color: 'default' },
  [ModuleState.waitInstall]: { label: 'module.Wait for installation', color: 'success' },
  [ModuleState.conflictPending]: { label: 'module.Conflict pending', color: 'error' },
  [ModuleState.dependentWaitInstall]: { label: 'module.Dependency to be installed', color: 'warning' },
  [ModuleState.directoryOccupied]: { label: 'module.Directory occupied', color: 'error' },
  [ModuleState.disable]: { label: 'module.Disable', color: 'warning' },
};

/** The status switch exists once the module's files went in (reference: installed … disabled). */
const SWITCHABLE: ModuleState[] = [
  ModuleState.installed,
  ModuleState.conflictPending,
  ModuleState.dependentWaitInstall,
  ModuleState.disable,
];

export function ModuleCard({
  module,
  onInstall,
  onSwitch,
  onUninstall,
}: {
  module: LocalModule;
  onInstall: () => void;
  onSwitch: (on: boolean) => void;
  onUninstall: () => void;
}) {
  const { t } = useTranslation();
  const tag = STATE_TAGS[module.state] ?? STATE_TAGS[ModuleState.uninstalled];
  const continuing =
    module.state === ModuleState.conflictPending || module.state === ModuleState.dependentWaitInstall;
  return (
    <Card size="small" className="module-card" data-testid="module-card" data-uid={module.uid}>
      <Space wrap size={4}>
        <Typography.Text strong>{module.title}</Typography.Text>
        <Tag color={tag.color} variant="solid" data-testid="module-state">
          {t(tag.label)}
        </Tag>
        {module.update && <Tag color="red">{t('module.New version')}</Tag>}
      </Space>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="module-intro">
        {module.intro}
      </Typography.Paragraph>
      <div className="module-meta">
        {t('module.Version')} {module.version} · {t('module.Author')} {module.author}
      </div>
      <Space wrap className="module-actions">
        {(module.state === ModuleState.waitInstall || continuing) && (
          <Button type="primary" size="small" onClick={onInstall}>
            {t(continuing ? 'module.continue installation' : 'module.Install now')}
          </Button>
        )}
        {SWITCHABLE.includes(module.state) && (
          <span>
            {t('module.Module status')}{' '}
            <Switch
              size="small"
              checked={module.state === ModuleState.installed}
              onChange={onSwitch}
              aria-label={t('module.Module status')}
            />
          </span>
        )}
        {canUninstall(module) && (
          <UninstallConfirm plan={module.uninstall} onConfirm={onUninstall}>
            <Button danger size="small">
              {t('module.uninstall')}
            </Button>
          </UninstallConfirm>
        )}
      </Space>
    </Card>
  );
}
