/**
 * The terminal's icon in the back-office nav bar (slot `admin-shell.nav`), with its dot when a
 * task ended unseen: it opens and closes the panel. For super administrators only (the server
 * refuses others anyway).
 */
import { CodeOutlined } from '@ant-design/icons';
import { useAdminInfo } from '@portico/web-sdk/stores';
import { useTerminal } from '@portico/web-sdk/terminal';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export default function TerminalButton() {
  const { t } = useTranslation();
  const isSuper = useAdminInfo((s) => s.super);
  const showDot = useTerminal((s) => s.showDot);
  const toggle = useTerminal((s) => s.toggle);
  if (!isSuper) return null;
  // The core's nav buttons' markup (layouts/backend/nav-menus.tsx), which an area cannot import.
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
