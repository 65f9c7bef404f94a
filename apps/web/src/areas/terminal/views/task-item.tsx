/** One task of the timeline: time, status, tags, command, Retry/Delete and its run log. */
import { DeleteOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { TerminalTaskStatus } from '@portico/shared';
import {
  blocksQueue,
  canDelete,
  canRetry,
  isRunning,
  type TerminalTask,
  useTerminal,
} from '@portico/web-sdk/terminal';
import { Button, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Tag colour and text of each status (the original's: info, warning, success, danger). */
const STATUS_TAGS: Record<TerminalTaskStatus, { color: string; text: string }> = {
  [TerminalTaskStatus.waiting]: { color: 'default', text: 'terminal.Waiting for execution' },
  [TerminalTaskStatus.connecting]: { color: 'warning', text: 'terminal.Connecting' },
  [TerminalTaskStatus.executing]: { color: 'warning', text: 'terminal.Executing' },
  [TerminalTaskStatus.success]: { color: 'success', text: 'terminal.Successful execution' },
  [TerminalTaskStatus.failed]: { color: 'error', text: 'terminal.Execution failed' },
  [TerminalTaskStatus.unknown]: { color: 'error', text: 'terminal.Unknown execution result' },
};

export function TaskItem({ task }: { task: TerminalTask }) {
  const { t } = useTranslation();
  const dispatch = useTerminal((s) => s.dispatch);
  const deletable = useTerminal((s) => canDelete(s, task));
  const running = isRunning(task);
  const tag = STATUS_TAGS[task.status];
  // While it runs the log is always in sight; afterwards it follows the toggle.
  const logVisible = running || task.showMessage;

  return (
    <div className="ba-terminal-task" data-testid="terminal-task" data-status={task.status}>
      <div className="ba-terminal-task-tags">
        <Tag color={tag.color} data-testid="terminal-task-status">
          {t(tag.text)}
        </Tag>
        {blocksQueue(task) && (
          <Tooltip
            title={t('terminal.Failure to execute this command will block the execution of the queue')}
          >
            <Tag color="warning" data-testid="terminal-task-blocking">
              {t('terminal.Failure blocks the queue')}
            </Tag>
          </Tooltip>
        )}
        {running && <Tag color="error">{t('terminal.Do not refresh your browser')}</Tag>}
      </div>
      <div className="ba-terminal-task-command">
        <code>{task.command}</code>
        <span className="ba-terminal-task-actions">
          {canRetry(task) && (
            <Tooltip title={t('terminal.Retry')}>
              <Button
                shape="circle"
                size="small"
                color="orange"
                variant="outlined"
                icon={<ReloadOutlined />}
                aria-label={t('terminal.Retry')}
                onClick={() => dispatch({ type: 'retry', uuid: task.uuid })}
                data-testid="terminal-task-retry"
              />
            </Tooltip>
          )}
          <Tooltip title={t('Delete')}>
            <Button
              shape="circle"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('Delete')}
              disabled={!deletable}
              onClick={() => dispatch({ type: 'delete', uuid: task.uuid })}
              data-testid="terminal-task-delete"
            />
          </Tooltip>
        </span>
      </div>
      {task.status !== TerminalTaskStatus.waiting && (
        <>
          <button
            type="button"
            className="ba-terminal-log-toggle"
            aria-expanded={logVisible}
            onClick={() => dispatch({ type: 'toggle-log', uuid: task.uuid })}
            data-testid="terminal-log-toggle"
          >
            {t('terminal.Command Run Log')}
            <DownOutlined rotate={logVisible ? 180 : 0} />
          </button>
          {logVisible && <RunLog lines={task.message} follow={running} />}
        </>
      )}
    </div>
  );
}

/** The output in a `<pre>`, kept scrolled to its end while the task runs. */
function RunLog({ lines, follow }: { lines: string[]; follow: boolean }) {
  const pre = useRef<HTMLPreElement>(null);
  const count = lines.length;
  useEffect(() => {
    // The line count is the trigger: scroll again whenever a line arrives.
    if (follow && pre.current && count >= 0) pre.current.scrollTop = pre.current.scrollHeight;
  }, [follow, count]);
  return (
    <pre ref={pre} className="ba-terminal-log" data-testid="terminal-log">
      {lines.join('\n')}
    </pre>
  );
}
