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
import { bootAdmin } from '../../../router/admin-boot';
import { addTaskPM, useTerminal } from '../../../stores/terminal';
import { waitForServerRestart } from '../../../utils/server-restart';
import {
  afterDependenciesReady,
  afterDisable,
  afterInstall,
  afterPackages,
  canStartInstall,
  firstPhase,
  mustWaitForRestart,
  type PipelineScreen,
  type Step,
} from './pipeline';

const HANDLED = new Set([1, -1, -2, -3]);

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

  /**
   * The packages are in place (the install task succeeded, or the administrator confirms it
   * after a failed one): the installer finishes the install and says whether the web app must
   * be rebuilt and the server restarted for the module's code, and restarts it if it can.
   */
  const dependenciesReady = useCallback(
    async (uid: string) => {
      try {
        const answer = await dependentInstallComplete(uid);
        if (answer.code !== 1) {
          if (answer.msg) notification.error({ title: answer.msg });
          return;
        }
        const next = afterDependenciesReady(screenRef.current, afterInstall(uid, answer).screen);
        show(next);
        await restartIfAsked(next);
        onChange();
      } catch {
        // The request layer has shown why.
      }
    },
    [show, onChange],
  );

  const apply = useCallback(
    async (step: Step, answer: ApiResponse<unknown>) => {
      if (!HANDLED.has(answer.code) && answer.msg) notification.error({ title: answer.msg });
      show(step.screen);
      await restartIfAsked(step.screen);
      onChange();
      if (step.effect.type !== 'install-packages') return;
      const { screen } = step;
      const installing = screen.type === 'done' && screen.mode === 'install' ? screen.uid : null;
      addTaskPM('web-install', true, step.effect.extend, (status) => {
        const succeeded = status === TerminalTaskStatus.success;
        // Any failure opens the terminal so the administrator sees why.
        if (!succeeded) useTerminal.getState().toggle(true);
        show(afterPackages(screenRef.current, succeeded));
        onChange();
        // The terminal's hook has installed the module; its answer carries the restart.
        if (succeeded && installing) void dependenciesReady(installing);
      });
    },
    [show, onChange, dependenciesReady],
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
        // The module's menu rules are gone: the sidebar follows without a reload.
        if (answer.code === 1 || answer.code === -2) await bootAdmin();
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

  return { screen, show, install, disable, enable, dependenciesReady };
}
