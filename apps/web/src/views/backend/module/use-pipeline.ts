/**
 * Drives the pipeline: calls the installer, turns its answers into screens (pipeline.ts) and
 * queues the terminal tasks the answers ask for. `onChange` refreshes the module list.
 */
import {
  type ModuleConflictDecisions,
  type ModuleDependencyEnv,
  needsMarketLogin,
  TerminalTaskStatus,
} from '@portico/shared';
import { notification } from 'antd';
import { useCallback, useRef, useState } from 'react';
import {
  changeModuleState,
  dependentInstallComplete,
  installModule,
  type MarketAuth,
  type ModuleAnswerData,
  moduleState,
  updateModule,
} from '../../../api/backend/module';
import type { ApiResponse } from '../../../api/request';
import { t } from '../../../lang';
import { bootAdmin } from '../../../router/admin-boot';
import { useMarket } from '../../../stores/market';
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
  /** The market member the current install or update downloads for. */
  const marketOf = useRef<{ uid: string; market: MarketAuth } | null>(null);
  /** "Disable and update" in progress: the disable (and its conflict screen) carries update:1. */
  const updating = useRef<{ uid: string; market: MarketAuth } | null>(null);
  /** The module whose switch-on runs the current install (conflicts included): its screens say enable. */
  const enabling = useRef<string | null>(null);
  // The terminal's callback may arrive after the dialog moved on: it only updates a done screen.
  const screenRef = useRef(screen);
  const show = useCallback((next: PipelineScreen) => {
    if (next.type === 'closed') enabling.current = null;
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
        const mode = enabling.current === uid ? 'enable' : 'install';
        const next = afterDependenciesReady(screenRef.current, afterInstall(uid, answer, mode).screen);
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
      // The store refused the market member's token: sign in to the market again.
      if (needsMarketLogin(answer.code)) useMarket.getState().expire();
      show(step.screen);
      await restartIfAsked(step.screen);
      onChange();
      if (step.effect.type !== 'install-packages') return;
      const { screen } = step;
      const installing = screen.type === 'done' && screen.mode !== 'disable' ? screen.uid : null;
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
    async (uid: string, extend?: ModuleConflictDecisions, market?: MarketAuth) => {
      // A conflict's decisions re-run the install of the same download: the market stays with it.
      if (market) marketOf.current = { uid, market };
      const auth = market ?? (marketOf.current?.uid === uid ? marketOf.current.market : undefined);
      const mode = enabling.current === uid ? 'enable' : 'install';
      const enablePhase = mode === 'enable' ? 'enable' : null;
      show({ type: 'loading', uid, phase: enablePhase ?? (extend ? 'install' : 'init') });
      try {
        if (!extend) {
          const { data } = await moduleState(uid);
          if (!canStartInstall(data.state)) {
            notification.error({ title: t('module.This module cannot be installed in its state') });
            show({ type: 'closed' });
            return;
          }
          show({ type: 'loading', uid, phase: enablePhase ?? firstPhase(data.state) });
        }
        const answer = await installModule(uid, extend, auth);
        await apply(afterInstall(uid, answer, mode), answer);
      } catch {
        show({ type: 'closed' });
      }
    },
    [show, apply],
  );

  /** The disabled module's newer version is downloaded, then installed as any waiting module. */
  const fetchUpdate = useCallback(
    async (uid: string, market: MarketAuth) => {
      updating.current = null;
      show({ type: 'loading', uid, phase: 'download' });
      try {
        const answer = await updateModule(uid, market);
        if (answer.code !== 1) {
          if (answer.msg) notification.error({ title: answer.msg });
          if (needsMarketLogin(answer.code)) useMarket.getState().expire();
          show({ type: 'closed' });
          onChange();
          return;
        }
        await install(uid, undefined, market);
      } catch {
        show({ type: 'closed' });
      }
    },
    [show, install, onChange],
  );

  const disable = useCallback(
    async (uid: string, confirm?: { removals: Partial<Record<ModuleDependencyEnv, string[]>> }) => {
      try {
        const update = updating.current?.uid === uid ? updating.current.market : undefined;
        const answer = await changeModuleState({
          uid,
          state: 0,
          ...(confirm ? { confirmConflict: 1 as const, dependConflictSolution: confirm.removals } : {}),
          ...(update ? { update: 1 as const } : {}),
        });
        // -3: disabled to be updated; the market's newer version comes next.
        if (answer.code === -3 && update) {
          // Its server code went out with the disable: the server restarts before the download.
          if ((answer.data as ModuleAnswerData | null)?.restarting) await waitForServerRestart();
          await fetchUpdate(uid, update);
          return;
        }
        await apply(afterDisable(uid, answer), answer);
        // The module's menu rules are gone: the sidebar follows without a reload.
        if (answer.code === 1 || answer.code === -2) await bootAdmin();
      } catch {
        show({ type: 'closed' });
      }
    },
    [show, apply, fetchUpdate],
  );

  /**
   * "Disable and update" (or update of a disabled module): the module is disabled with
   * update:1, which answers -3, then its newer version comes from the market and installs.
   */
  const update = useCallback(
    async (uid: string, market: MarketAuth, disabled: boolean) => {
      if (disabled) return fetchUpdate(uid, market);
      updating.current = { uid, market };
      show({ type: 'loading', uid, phase: 'init' });
      await disable(uid);
    },
    [show, fetchUpdate, disable],
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
      enabling.current = uid;
      await install(uid);
    },
    [install],
  );

  return { screen, show, install, disable, enable, update, dependenciesReady };
}
