/**
 * The done screen: headline, the dependency box (executing, success, fail with the confirm
 * link), the cache line, the reissue radio and End of installation.
 */
import { TerminalTaskStatus } from '@portico/shared';
import { Button, Popconfirm, Radio, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTaskPM, useTerminal } from '../../../stores/terminal';
import {
  canFinish,
  doneTitle,
  finishAction,
  finishLabel,
  type PipelineScreen,
  restartByHand,
} from './pipeline';

type Done = Extract<PipelineScreen, { type: 'done' }>;

const openTerminal = () => useTerminal.getState().toggle(true);

function DependencyBox({ screen, onReady }: { screen: Done; onReady: () => void }) {
  const { t } = useTranslation();
  const disabling = screen.mode === 'disable';
  switch (screen.dependency) {
    case 'executing':
      return (
        <Space orientation="vertical" size={4} data-testid="module-dependency-executing">
          <Spin size="small" />
          <Typography.Text type="danger">{t('module.Do not refresh the page!')}</Typography.Text>
          <span>
            {t(
              disabling
                ? 'module.New adjustment of dependency detected'
                : 'module.This module adds new dependencies',
            )}
            {', '}
            {t('module.The built-in terminal is installing them, please wait~')}{' '}
            <Typography.Link onClick={openTerminal}>{t('module.View progress')}</Typography.Link>
          </span>
        </Space>
      );
    case 'success':
      return (
        <Typography.Text type="success" data-testid="module-dependency-success">
          {t('module.Dependency installation completed~')}
        </Typography.Text>
      );
    case 'fail':
      return (
        <Space orientation="vertical" size={4} data-testid="module-dependency-fail">
          <Typography.Text type="danger">
            {t('module.Dependency installation failed, see the terminal')}{' '}
            <Typography.Link onClick={openTerminal}>{t('module.terminal')}</Typography.Link>{' '}
            {t('module.and install them manually')}
          </Typography.Text>
          {!disabling && (
            <span>
              {t('module.Until you')}{' '}
              <Popconfirm title={t('module.Are the dependencies installed?')} onConfirm={onReady}>
                <Typography.Link>{t('module.confirm that dependencies are ready')}</Typography.Link>
              </Popconfirm>
              {t('module.the module will not work')}
            </span>
          )}
        </Space>
      );
    default:
      return (
        <span>
          {t(
            disabling
              ? 'module.No adjustment for system dependency'
              : 'module.This module does not add new dependencies',
          )}
        </span>
      );
  }
}

export function DoneScreen({
  screen,
  onReady,
  onClose,
}: {
  screen: Done;
  onReady: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [rebuild, setRebuild] = useState(false);
  const finish = () => {
    onClose();
    const action = finishAction(screen, rebuild);
    if (action === 'reload') window.location.reload();
    if (action !== 'build') return;
    openTerminal();
    addTaskPM('web-build', true, '', (status) => {
      if (status !== TerminalTaskStatus.success) return;
      useTerminal.getState().toggle(false);
      // The new build is served at once: an install or enable reloads to show the module's pages and menus.
      if (screen.mode !== 'disable') window.location.reload();
    });
  };
  return (
    <div data-testid="module-done">
      <Result
        status={screen.dependency === 'fail' ? 'warning' : 'success'}
        title={t(`module.${doneTitle(screen)}`)}
        style={{ padding: '16px 0' }}
      />
      <div className="module-done-box">
        <DependencyBox screen={screen} onReady={onReady} />
      </div>
      <Space orientation="vertical" size={8} style={{ width: '100%', marginTop: 12 }}>
        <Typography.Text type="secondary">
          {t('module.Please manually clean up the system and browser cache')}
        </Typography.Text>
        {restartByHand(screen) && (
          <Typography.Text type="warning" data-testid="module-need-restart">
            {t('module.Restart the server to load the module server code')}
          </Typography.Text>
        )}
        {screen.needRebuild && (
          <Typography.Text type="warning">
            {t('module.The web app needs a rebuild for this change')}
          </Typography.Text>
        )}
        <div>
          <div>{t('module.Automatically execute reissue command?')}</div>
          <Radio.Group
            value={rebuild}
            onChange={(e) => setRebuild(e.target.value)}
            options={[
              { value: false, label: t('module.no') },
              { value: true, label: t('module.yes') },
            ]}
          />
        </div>
        <Button type="primary" size="large" block disabled={!canFinish(screen)} onClick={finish}>
          {t(finishLabel(screen))}
        </Button>
      </Space>
    </div>
  );
}
