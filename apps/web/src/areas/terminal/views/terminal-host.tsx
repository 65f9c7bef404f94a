/**
 * The terminal in the back-office: the nav-bar button with its dot, and the panel, loaded the
 * first time it opens. For super administrators only (the server refuses others anyway).
 */
import { CodeOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTerminal } from '../../stores/terminal';

const TerminalPanel = lazy(() => import('./panel'));

export function TerminalButton() {
  const { t } = useTranslation();
  const showDot = useTerminal((s) => s.showDot);
  const toggle = useTerminal((s) => s.toggle);
  return (
    <Tooltip title={t('terminal.Terminal')} placement="bottom">
      <button
        type="button"
        className="ba-nav-menu"
        aria-label={t('terminal.Terminal')}
        onClick={() => toggle()}
        data-testid="terminal-button"
        data-dot={showDot}
      >
        <Badge dot={showDot} className="ba-terminal-badge">
          <CodeOutlined />
        </Badge>
      </button>
    </Tooltip>
  );
}

/** Mounted once in the back-office frame: keeps the queue moving and hosts the panel. */
export function TerminalHost() {
  const show = useTerminal((s) => s.show);
  const showPackageManagerDialog = useTerminal((s) => s.showPackageManagerDialog);
  const opened = useRef(false);
  if (show || showPackageManagerDialog) opened.current = true;

  useEffect(() => {
    // A task left Waiting before a reload starts now, unless a failure blocks it.
    useTerminal.getState().dispatch({ type: 'resume' });
  }, []);

  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <TerminalPanel />
    </Suspense>
  );
}
