/**
 * Module market (reference web §6.2), menu rule moduleStore → module/index.tsx. For now the
 * Local module view: every module on this machine with its state, Upload installation and the
 * install pipeline. The market catalogue, purchase and the market account come later: their
 * places are the disabled Local module toggle-off view and the header's right side.
 */
import { CloudUploadOutlined, DesktopOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LocalModule, moduleIndex, uninstallModule } from '../../../api/backend/module';
import { useAdminInfo } from '../../../stores/admin-info';
import { ModuleCard } from './module-card';
import { PipelineDialog } from './pipeline-dialog';
import { usePipeline } from './use-pipeline';
import './module.css';

export default function ModuleMarket() {
  const { t } = useTranslation();
  const isSuper = useAdminInfo((s) => s.super);
  const [modules, setModules] = useState<LocalModule[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [localOnly, setLocalOnly] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setModules((await moduleIndex()).data.installed);
    } catch {
      setModules((current) => current ?? []);
    } finally {
      setLoading(false);
    }
  }, []);
  const pipeline = usePipeline(() => void load());

  useEffect(() => {
    if (isSuper) void load();
  }, [isSuper, load]);

  if (!isSuper)
    return (
      <Result
        status="403"
        title={t('module.Only super administrators can manage modules')}
        data-testid="module-refused"
      />
    );

  const onSwitch = (module: LocalModule, on: boolean) => {
    if (on) void pipeline.enable(module.uid);
    else void pipeline.disable(module.uid);
  };
  const onUninstall = async (module: LocalModule) => {
    try {
      await uninstallModule(module.uid);
    } finally {
      void load();
    }
  };

  return (
    <div className="default-main module-market" data-testid="module-market">
      <div className="module-header">
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('module.Refresh')} />
        <Space.Compact>
          <Button icon={<CloudUploadOutlined />} onClick={() => pipeline.show({ type: 'upload' })}>
            {t('module.Upload installation')}
          </Button>
          <Button
            icon={<DesktopOutlined />}
            type={localOnly ? 'primary' : 'default'}
            onClick={() => setLocalOnly((on) => !on)}
            data-testid="module-local-toggle"
          >
            {t('module.Local module')}
          </Button>
        </Space.Compact>
        {/* The market's Publishing module / Get points / Member information and its search go here (next issue). */}
      </div>
      {localOnly ? (
        <Spin spinning={loading}>
          <Alert type="info" showIcon title={t('module.Local module tip')} style={{ marginBottom: 12 }} />
          {modules && modules.length === 0 ? (
            <Empty description={t('module.No module on this machine yet, use Upload installation')} />
          ) : (
            <div className="module-grid" data-testid="module-local-list">
              {(modules ?? []).map((module) => (
                <ModuleCard
                  key={module.uid}
                  module={module}
                  onInstall={() => void pipeline.install(module.uid)}
                  onSwitch={(on) => onSwitch(module, on)}
                  onUninstall={() => void onUninstall(module)}
                />
              ))}
            </div>
          )}
        </Spin>
      ) : (
        // The market catalogue (categories, cards, purchase) comes with the next issue.
        <Empty description={t('module.The online module market is not available yet')} />
      )}
      <PipelineDialog
        screen={pipeline.screen}
        close={() => pipeline.show({ type: 'closed' })}
        install={(uid, extend) => void pipeline.install(uid, extend)}
        disable={(uid, confirm) => void pipeline.disable(uid, confirm)}
        dependenciesReady={(uid) => void pipeline.dependenciesReady(uid)}
        cancelDisable={() => {
          // The switch goes back on: the list still says installed.
          pipeline.show({ type: 'closed' });
          void load();
        }}
      />
    </div>
  );
}
