/**
 * The terminal panel (as in the original): the task timeline and its buttons, or the settings
 * view in its place. A drawer from the right, the whole width of a phone.
 */
import {
  AppstoreOutlined,
  ClearOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  SendOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { TerminalTaskStatus } from '@portico/shared';
import { addTaskPM, useTerminal } from '@portico/web-sdk/terminal';
import { timeFormat } from '@portico/web-sdk/time';
import { Button, Drawer, Empty, Popconfirm, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { PackageManagerDialog } from './package-manager-dialog';
import { TerminalSettingsView } from './settings';
import { TaskItem } from './task-item';
import './terminal.css';

const DOT_COLORS: Record<TerminalTaskStatus, string> = {
  [TerminalTaskStatus.waiting]: 'gray',
  [TerminalTaskStatus.connecting]: 'orange',
  [TerminalTaskStatus.executing]: 'orange',
  [TerminalTaskStatus.success]: 'green',
  [TerminalTaskStatus.failed]: 'red',
  [TerminalTaskStatus.unknown]: 'red',
};

export default function TerminalPanel() {
  const { t } = useTranslation();
  const show = useTerminal((s) => s.show);
  const showConfig = useTerminal((s) => s.showConfig);
  const toggle = useTerminal((s) => s.toggle);

  return (
    <>
      <Drawer
        title={showConfig ? t('terminal.Terminal setup') : t('terminal.Terminal')}
        size="min(640px, 100vw)"
        open={show}
        onClose={() => toggle(false)}
        rootClassName="ba-terminal"
        data-testid="terminal-panel"
        // The buttons stay in reach however long the task list grows.
        footer={showConfig ? null : <TaskButtons />}
      >
        {showConfig ? <TerminalSettingsView /> : <TaskTimeline />}
      </Drawer>
      <PackageManagerDialog />
    </>
  );
}

function TaskTimeline() {
  const { t } = useTranslation();
  const taskList = useTerminal((s) => s.taskList);

  if (taskList.length === 0) return <Empty description={t('terminal.There is no task yet')} />;
  return (
    <Timeline
      className="ba-terminal-timeline"
      items={taskList.map((task) => ({
        key: task.uuid,
        color: DOT_COLORS[task.status],
        // The time on top of the card, not beside it: a phone has no width to spare.
        content: (
          <>
            <div className="ba-terminal-task-time">{timeFormat(task.createTime)}</div>
            <TaskItem task={task} />
          </>
        ),
      }))}
    />
  );
}

function TaskButtons() {
  const { t } = useTranslation();
  const packageManager = useTerminal((s) => s.packageManager);
  const dispatch = useTerminal((s) => s.dispatch);
  const toggleConfigDialog = useTerminal((s) => s.toggleConfigDialog);
  const togglePackageManagerDialog = useTerminal((s) => s.togglePackageManagerDialog);

  return (
    <div className="ba-terminal-buttons">
      {/* Manual execution: the administrator runs installs and builds; nothing here needs a manager. */}
      {packageManager !== 'none' && (
        <>
          <Button
            icon={<ExperimentOutlined />}
            onClick={() => addTaskPM('test', false)}
            data-testid="terminal-test"
          >
            {t('terminal.Test command')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => addTaskPM('web-install')}
            data-testid="terminal-install"
          >
            {t('terminal.Install dependent packages')}
          </Button>
          <Popconfirm
            title={t('terminal.Are you sure you want to republish?')}
            onConfirm={() => addTaskPM('web-build')}
          >
            <Button icon={<SendOutlined />} data-testid="terminal-republish">
              {t('terminal.Republish')}
            </Button>
          </Popconfirm>
        </>
      )}
      <Button
        icon={<ClearOutlined />}
        onClick={() => dispatch({ type: 'clean-success' })}
        data-testid="terminal-clean"
      >
        {t('terminal.Clean up the task list')}
      </Button>
      <Button
        icon={<AppstoreOutlined />}
        onClick={() => togglePackageManagerDialog(true)}
        data-testid="terminal-package-manager"
      >
        {t('terminal.Package manager')}
      </Button>
      <Button icon={<ToolOutlined />} onClick={() => toggleConfigDialog(true)} data-testid="terminal-setup">
        {t('terminal.Terminal setup')}
      </Button>
    </div>
  );
}
