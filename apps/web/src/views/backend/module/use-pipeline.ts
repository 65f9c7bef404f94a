/**
 * Drives the pipeline: calls the installer, turns its answers into screens (pipeline.ts) and
 * queues the terminal tasks the answers ask for. `onChange` refreshes the module list.
 */
import { type ModuleConflictDecisions, type ModuleDependencyEnv, TerminalTaskStatus } from '@portico/shared';
import { notification } from 'antd';
import { useCallback, useRef, useState } from 'react';
import {
  changeModuleState,
  dependentInstallComplete,
  installModule,
  moduleState,
} from '../../../api/backend/module';
import type { ApiResponse } from '../../../api/request';
import { t } from '../../../lang';
import { addTaskPM, useTerminal } from '../../../stores/terminal';
import { waitForServerRestart } from '../../../utils/server-restart';
import {
  afterDisable,
  afterInstall,
  afterPackages,
  canStartInstall,
  firstPhase,
  mustWaitForRestart,
  type PipelineScreen,
  type Step,
} from './pipeline';

const HANDLED = new Set([1, -1, -2]);

/** The server restarts after the answer: the page waits under its overlay until it is back. */
async function restartIfAsked(screen: PipelineScreen): Promise<void> {
  if (!mustWaitForRestart(screen)) return;
  try {
    await waitForServerRestart();
  } catch (error) {
    notification.error({ title: error instanceof Error ? error.message : String(error) });
  }
}

export function usePipeline(onChange: () => void) {
  const [screen, setScreen] = useState<PipelineScreen>({ type: 'closed' });
  // The terminal's callback may arrive after the dialog moved on: it only updates a done screen.
  const screenRef = useRef(screen);
  const show = useCallback((next: PipelineScreen) => {
    screenRef.current = next;
    setScreen(next);
  }, []);

  const apply = useCallback(
    async (step: Step, answer: ApiResponse<unknown>) => {
      if (!HANDLED.has(answer.code) && answer.msg) notification.error({ title: answer.msg });
      show(step.screen);
      await restartIfAsked(step.screen);
      onChange();
      if (step.effect.type !== 'install-packages') return;
      addTaskPM('web-install', true, step.effect.extend, (status) => {
        const succeeded = status === TerminalTaskStatus.success;
        // Any failure opens the terminal so the administrator sees why.
        if (!succeeded) useTerminal.getState().toggle(true);
        show(afterPackages(screenRef.current, succeeded));
        onChange();
      });
    },
    [show, onChange],
  );

  const install = useCallback(
    async (uid: string, extend?: ModuleConflictDecisions) => {
      show({ type: 'loading', uid, phase: extend ? 'install' : 'init' });
      try {
        if (!extend) {
          const { data } = await moduleState(uid);
          if (!canStartInstall(data.state)) {
            notification.error({ title: t('module.This module cannot be installed in its state') });
            show({ type: 'closed' });
            return;
          }
          show({ type: 'loading', uid, phase: firstPhase(data.state) });
        }
        const answer = await installModule(uid, extend);
        await apply(afterInstall(uid, answer), answer);
      } catch {
        show({ type: 'closed' });
      }
    },
    [show, apply],
  );

  const disable = useCallback(
    async (uid: string, confirm?: { removals: Partial<Record<ModuleDependencyEnv, string[]>> }) => {
      try {
        const answer = await changeModuleState({
          uid,
          state: 0,
          ...(confirm ? { confirmConflict: 1 as const, dependConflictSolution: confirm.removals } : {}),
        });
        await apply(afterDisable(uid, answer), answer);
      } catch {
        show({ type: 'closed' });
      }
    },
    [show, apply],
  );

  /** Switch on: the module waits for installation again, then the install pipeline runs. */
  const enable = useCallback(
    async (uid: string) => {
      try {
        const answer = await changeModuleState({ uid, state: 1 });
        if (answer.code !== 1) {
          if (answer.msg) notification.error({ title: answer.msg });
          return;
        }
      } catch {
        return;
      }
      await install(uid);
    },
    [install],
  );

  /** "Confirm that dependencies are ready" after a failed package task. */
  const dependenciesReady = useCallback(
    async (uid: string) => {
      try {
        const answer = await dependentInstallComplete(uid);
        if (answer.code !== 1) {
          if (answer.msg) notification.error({ title: answer.msg });
          return;
        }
        const done = afterInstall(uid, answer).screen;
        const current = screenRef.current;
        // Keep what the first answer said about rebuild/restart.
        const next =
          current.type === 'done' && done.type === 'done'
            ? {
                ...done,
                needRebuild: current.needRebuild || done.needRebuild,
                needRestart: current.needRestart || done.needRestart,
              }
            : done;
        show(next);
        await restartIfAsked(next);
        onChange();
      } catch {
        // The request layer has shown why.
      }
    },
    [show, onChange],
  );

  return { screen, show, install, disable, enable, dependenciesReady };
}
