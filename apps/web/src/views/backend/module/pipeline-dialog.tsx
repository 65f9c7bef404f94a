/** The install pipeline's dialog ("Common dialog"): one screen at a time, from pipeline.ts. */
import type { ModuleConflictDecisions, ModuleDependencyEnv } from '@portico/shared';
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DisableConflict, InstallConflict } from './conflict-screens';
import { DoneScreen } from './done-screen';
import { dialogTitle, loadingText, type PipelineScreen } from './pipeline';
import { UploadScreen } from './upload-screen';

export function PipelineDialog({
  screen,
  close,
  install,
  disable,
  dependenciesReady,
  cancelDisable,
}: {
  screen: PipelineScreen;
  close: () => void;
  install: (uid: string, extend?: ModuleConflictDecisions) => void;
  disable: (uid: string, confirm: { removals: Partial<Record<ModuleDependencyEnv, string[]>> }) => void;
  dependenciesReady: (uid: string) => void;
  cancelDisable: () => void;
}) {
  const { t } = useTranslation();
  // Only the upload screen closes on Esc or the backdrop: the others wait for a decision.
  const dismissible = screen.type === 'upload';
  return (
    <Modal
      open={screen.type !== 'closed'}
      title={t(dialogTitle(screen))}
      footer={null}
      width="min(760px, calc(100vw - 16px))"
      centered
      destroyOnHidden
      keyboard={dismissible}
      maskClosable={dismissible}
      closable={
        screen.type === 'upload' ||
        screen.type === 'conflict' ||
        (screen.type === 'done' && screen.dependency !== 'executing')
      }
      onCancel={screen.type === 'disableConflict' ? cancelDisable : close}
    >
      <div data-testid="module-pipeline" data-screen={screen.type}>
        {screen.type === 'loading' && (
          <div className="module-loading">
            <Spin size="large" />
            <div>{t(loadingText(screen.phase))}</div>
          </div>
        )}
        {screen.type === 'upload' && <UploadScreen onUploaded={(uid) => install(uid)} />}
        {screen.type === 'conflict' && (
          <InstallConflict data={screen.data} onConfirm={(decisions) => install(screen.uid, decisions)} />
        )}
        {screen.type === 'disableConflict' && (
          <DisableConflict
            data={screen.data}
            onConfirm={(removals) => disable(screen.uid, { removals })}
            onCancel={cancelDisable}
          />
        )}
        {screen.type === 'done' && (
          <DoneScreen screen={screen} onReady={() => dependenciesReady(screen.uid)} onClose={close} />
        )}
      </div>
    </Modal>
  );
}
