/**
 * The terminal in the back-office frame (slot `admin-shell.overlay`): keeps the queue moving and
 * hosts the panel, loaded the first time it opens. For super administrators only (the server
 * refuses others anyway).
 */
import { useAdminInfo } from '@portico/web-sdk/stores';
import { useTerminal } from '@portico/web-sdk/terminal';
import { lazy, Suspense, useEffect, useRef } from 'react';

const TerminalPanel = lazy(() => import('./panel'));

export default function TerminalOverlay() {
  const isSuper = useAdminInfo((s) => s.super);
  return isSuper ? <TerminalHost /> : null;
}

/** Mounted once in the frame, for a super administrator only: resuming is theirs alone. */
function TerminalHost() {
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
