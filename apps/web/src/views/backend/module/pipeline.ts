/**
 * The install pipeline's screens (the original's "Common dialog") as pure functions: an
 * installer answer becomes the next screen, so the dialog only draws and the tests need no
 * server. Codes: 1 done, -1 decisions needed, -2 packages to install through the terminal.
 */
import {
  type ConflictSolution,
  type ModuleConflictData,
  type ModuleConflictDecisions,
  type ModuleDependencyEnv,
  type ModuleDisableConflictData,
  ModuleState,
} from '@portico/shared';
import type { ModuleAnswerData } from '../../../api/backend/module';

export type LoadingPhase = 'init' | 'download' | 'install' | 'enable';
/** What the pipeline was started for: each has its own wording. */
export type PipelineMode = 'install' | 'enable' | 'disable';
/** The dependency box of the done screen. */
export type DependencyStatus = 'none' | 'executing' | 'success' | 'fail';

export type PipelineScreen =
  | { type: 'closed' }
  | { type: 'upload' }
  | { type: 'loading'; uid: string; phase: LoadingPhase }
  | { type: 'conflict'; uid: string; data: ModuleConflictData }
  | { type: 'disableConflict'; uid: string; data: ModuleDisableConflictData }
  | {
      type: 'done';
      uid: string;
      /** Enabling and disabling show "Completed" and texts of their own. */
      mode: PipelineMode;
      state: ModuleState;
      dependency: DependencyStatus;
      needRebuild: boolean;
      needRestart: boolean;
      /** The server restarts itself after this answer (npm start supervises it). */
      restarting: boolean;
    };

/** What the page must do besides showing the screen. */
export type PipelineEffect =
  | { type: 'none' }
  /** Queue `web-install.<pm>`; `extend` is `module-install:<uid>` for an install. */
  | { type: 'install-packages'; extend: string };

export interface Step {
  screen: PipelineScreen;
  effect: PipelineEffect;
}

interface Answer {
  code: number;
  data: unknown;
}

const NONE: PipelineEffect = { type: 'none' };
const flagsOf = (data: ModuleAnswerData) => ({
  needRebuild: data.needRebuild === true,
  needRestart: data.needRestart === true,
  restarting: data.restarting === true,
});

/** Before any call: a module already there (or its folder taken) cannot be installed. */
export function canStartInstall(state: ModuleState): boolean {
  return (
    state === ModuleState.waitInstall ||
    state === ModuleState.conflictPending ||
    state === ModuleState.dependentWaitInstall ||
    state === ModuleState.uninstalled
  );
}

/** The loading phase an install starts with: a module not on the machine is downloaded first. */
export function firstPhase(state: ModuleState): LoadingPhase {
  return state === ModuleState.uninstalled ? 'download' : 'install';
}

/**
 * install / dependentInstallComplete answered (`mode` enable: the install that switching a
 * disabled module on runs). Anything else than 1/-1/-2 closes (the error was shown).
 */
export function afterInstall(uid: string, answer: Answer, mode: 'install' | 'enable' = 'install'): Step {
  const data = (answer.data ?? {}) as ModuleAnswerData;
  if (answer.code === 1)
    return {
      screen: {
        type: 'done',
        uid,
        mode,
        state: ModuleState.installed,
        dependency: 'none',
        ...flagsOf(data),
      },
      effect: NONE,
    };
  if (answer.code === -1)
    return { screen: { type: 'conflict', uid, data: data as unknown as ModuleConflictData }, effect: NONE };
  if (answer.code === -2)
    return {
      screen: {
        type: 'done',
        uid,
        mode,
        state: ModuleState.dependentWaitInstall,
        dependency: 'executing',
        ...flagsOf(data),
      },
      effect: { type: 'install-packages', extend: `module-install:${uid}` },
    };
  return { screen: { type: 'closed' }, effect: NONE };
}

/** changeState(0) answered (-3: it was "Disable and update"). */
export function afterDisable(uid: string, answer: Answer): Step {
  const data = (answer.data ?? {}) as ModuleAnswerData;
  const done = (dependency: DependencyStatus): PipelineScreen => ({
    type: 'done',
    uid,
    mode: 'disable',
    state: ModuleState.disable,
    dependency,
    ...flagsOf(data),
  });
  if (answer.code === 1) return { screen: done('none'), effect: NONE };
  if (answer.code === -1)
    return {
      screen: { type: 'disableConflict', uid, data: data as unknown as ModuleDisableConflictData },
      effect: NONE,
    };
  if (answer.code === -2)
    return { screen: done('executing'), effect: { type: 'install-packages', extend: '' } };
  // Disabled to be updated: the new version comes as an upload (the market downloads it).
  if (answer.code === -3) return { screen: { type: 'upload' }, effect: NONE };
  return { screen: { type: 'closed' }, effect: NONE };
}

/** The terminal's package task ended: the dependency box shows it; an install's state follows. */
export function afterPackages(screen: PipelineScreen, succeeded: boolean): PipelineScreen {
  if (screen.type !== 'done' || screen.dependency !== 'executing') return screen;
  if (!succeeded) return { ...screen, dependency: 'fail' };
  const state = screen.mode === 'disable' ? screen.state : ModuleState.installed;
  return { ...screen, dependency: 'success', state };
}

/**
 * dependentInstallComplete answered (after the package task, or the administrator's confirm):
 * the packages count as installed, and what the first answer said about rebuild/restart stays.
 */
export function afterDependenciesReady(current: PipelineScreen, answered: PipelineScreen): PipelineScreen {
  if (current.type !== 'done' || answered.type !== 'done') return answered;
  return {
    ...answered,
    dependency: 'success',
    needRebuild: current.needRebuild || answered.needRebuild,
    needRestart: current.needRestart || answered.needRestart,
  };
}

/** "End of installation" waits for the packages, unless the module is already installed. */
export function canFinish(screen: PipelineScreen): boolean {
  return (
    screen.type === 'done' && (screen.dependency !== 'executing' || screen.state === ModuleState.installed)
  );
}

/** The original's default treatment of a conflict: back up and overwrite. */
export function defaultDecisions(data: ModuleConflictData): Required<ModuleConflictDecisions> {
  const fileConflict: Record<string, ConflictSolution> = {};
  for (const file of data.fileConflict) fileConflict[file.oldFile] = file.solution || 'cover';
  const dependConflict: Partial<Record<ModuleDependencyEnv, Record<string, ConflictSolution>>> = {};
  for (const depend of data.dependConflict) {
    dependConflict[depend.env] = {
      ...dependConflict[depend.env],
      [depend.depend]: depend.solution || 'cover',
    };
  }
  return { fileConflict, dependConflict };
}

/** The disable screen's "delete/retain" choices as changeState's `dependConflictSolution`. */
export function removalsOf(
  data: ModuleDisableConflictData,
  retained: ReadonlySet<string>,
): Partial<Record<ModuleDependencyEnv, string[]>> {
  const removals: Partial<Record<ModuleDependencyEnv, string[]>> = {};
  for (const depend of data.dependConflict) {
    if (retained.has(`${depend.env}:${depend.depend}`)) continue;
    removals[depend.env] = [...(removals[depend.env] ?? []), depend.depend];
  }
  return removals;
}

/** The done screen's headline (a translation key of the module namespace). */
export function doneTitle(screen: Extract<PipelineScreen, { type: 'done' }>): string {
  if (screen.state === ModuleState.installed)
    return screen.mode === 'enable'
      ? 'The module is enabled'
      : 'Congratulations, module installation is complete';
  if (screen.state === ModuleState.disable) return 'Module is disabled';
  if (screen.state === ModuleState.dependentWaitInstall)
    return 'Congratulations, the code of the module is ready';
  return 'Unknown state';
}

const LOADING_TEXT: Record<LoadingPhase, string> = {
  init: 'module.Module installer initialization...',
  download: 'module.Downloading module...',
  install: 'module.Installing module...',
  enable: 'module.Enabling module...',
};

/** What the loading screen says (a translation key). */
export function loadingText(phase: LoadingPhase): string {
  return LOADING_TEXT[phase];
}

const MODE_TITLE: Record<PipelineMode, string> = {
  install: 'module.Install now',
  enable: 'module.Enable module',
  disable: 'module.Disable module',
};

/** The dialog's title (a translation key): the screen's task, or what the pipeline does. */
export function dialogTitle(screen: PipelineScreen): string {
  switch (screen.type) {
    case 'upload':
      return 'module.Upload installation';
    case 'conflict':
      return 'module.A conflict is found. Please handle it manually';
    case 'disableConflict':
      return 'module.Deal with conflict';
    case 'done':
      return MODE_TITLE[screen.mode];
    case 'loading':
      return MODE_TITLE[screen.phase === 'enable' ? 'enable' : 'install'];
    default:
      return MODE_TITLE.install;
  }
}

/** The done screen's button (a translation key). */
export function finishLabel(screen: Extract<PipelineScreen, { type: 'done' }>): string {
  return screen.mode === 'install' ? 'module.End of installation' : 'module.Completed';
}

/** The server restarts after this answer: the page waits for it before going on. */
export function mustWaitForRestart(screen: PipelineScreen): boolean {
  return screen.type === 'done' && screen.restarting;
}

/** Nobody restarts the server for the administrator: the done screen says to. */
export function restartByHand(screen: PipelineScreen): boolean {
  return screen.type === 'done' && screen.needRestart && !screen.restarting;
}

/**
 * End of installation: the reissue radio queues the web build; otherwise an install or enable
 * reloads the page so the module's menus appear (the original reloads too), a disable closes.
 */
export function finishAction(screen: PipelineScreen, rebuild: boolean): 'build' | 'reload' | 'close' {
  if (rebuild) return 'build';
  return screen.type === 'done' && screen.mode !== 'disable' ? 'reload' : 'close';
}
