/**
 * Generate: the designer's own refusals first, then `generateCheck` (code -1: a table or a
 * module of that name exists, and the administrator confirms overwriting it), then `generate`,
 * then what the module installer does after an install: wait while the server restarts, rebuild
 * the web app in the terminal when asked, and open the new screen at its menu rule.
 */
import { TerminalTaskStatus } from '@portico/shared';
import { crudNames } from '@portico/shared/crud-design';
import { addTaskPM, useTerminal, waitForServerRestart } from '@portico/web-sdk/installer';
import { Modal, message, notification } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type GenerateAnswer, generate, generateCheck } from '../api';
import { designRefusal } from '../design/checks';
import type { Design } from '../design/model';

/** Where the generated screen opens: its menu rule's path in the back-office. */
export const generatedScreenPath = (table: string) => `/admin/${crudNames(table).rule}`;

/** Loads a page afresh (the new module's page and menus come with the next load); replaced by tests. */
export type Go = (path: string) => void;
const loadPage: Go = (path) => window.location.assign(path);

/**
 * What the module installer does after its answers (an install, a disable): wait while the
 * server restarts, then rebuild the web app in the open terminal when asked. `then` runs once
 * the app is ready; after a failed build the terminal stays open, showing why.
 */
export async function followInstallerAnswer(answer: GenerateAnswer | null, then: () => void): Promise<void> {
  if (answer?.restarting) await waitForServerRestart();
  if (!answer?.needRebuild) return then();
  useTerminal.getState().toggle(true);
  addTaskPM('web-build', true, '', (status) => {
    if (status === TerminalTaskStatus.success) then();
  });
}

/** After generating: the restart, the rebuild if any, then the new screen. */
export function finishGeneration(table: string, answer: GenerateAnswer | null, go: Go): Promise<void> {
  return followInstallerAnswer(answer, () => go(generatedScreenPath(table)));
}

export function useGenerate(go: Go = loadPage) {
  const { t } = useTranslation();

  const run = useCallback(
    async (design: Design) => {
      const answer = await generate({ type: design.type, table: design.table, fields: design.fields });
      try {
        await finishGeneration(design.table.name, answer.data, go);
      } catch (error) {
        notification.error({ title: error instanceof Error ? error.message : String(error) });
      }
    },
    [go],
  );

  return useCallback(
    async (design: Design) => {
      const refusal = designRefusal(design);
      if (refusal) {
        void message.error(t(`crud.crud.${refusal.key}`, refusal.params));
        return;
      }
      try {
        const check = await generateCheck(design.table.name);
        if (check.code !== -1) return await run(design);
        const exists = check.data ?? { table: false, controller: false };
        Modal.confirm({
          title: t('crud.crud.Confirm CRUD code generation'),
          content: [
            exists.table && t('crud.crud.The data table already exists'),
            exists.controller && t('crud.crud.The module already exists'),
          ]
            .filter(Boolean)
            .join(' '),
          okText: t('crud.crud.Continue building'),
          cancelText: t('Cancel'),
          onOk: () => run(design).catch(() => {}),
        });
      } catch {
        // The request layer has shown why.
      }
    },
    [run, t],
  );
}
