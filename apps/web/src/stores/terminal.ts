/**
 * The terminal (the original's queue and storage key): a thin zustand store that drives the pure queue in
 * stores/terminal-queue.ts and carries out its effects. Only showDot, taskList and
 * automaticCleanupTask persist, under `storeTerminal`; the server's settings come with
 * `/admin/index/index` on every boot.
 */
import type {
  NpmRegistryName,
  PackageManagerSetting,
  TerminalSettings,
  TerminalTaskStatus,
} from '@portico/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { t } from '../lang';
import {
  INITIAL_QUEUE,
  type QueueEffect,
  type QueueEvent,
  type QueueState,
  recover,
  step,
  type TerminalTask,
  withPackageManager,
} from './terminal-queue';
import { openTaskStream } from './terminal-stream';

export type TaskOutcome = typeof TerminalTaskStatus.success | typeof TerminalTaskStatus.failed;
export type TaskCallback = (status: TaskOutcome) => void;

interface TerminalStore extends QueueState {
  packageManager: PackageManagerSetting;
  npmRegistry: NpmRegistryName | 'unknown';
  port: string;
  /** The settings view replaces the task list in the panel. */
  showConfig: boolean;
  showPackageManagerDialog: boolean;
  dispatch(event: QueueEvent): void;
  toggle(show?: boolean): void;
  toggleConfigDialog(open: boolean): void;
  togglePackageManagerDialog(open: boolean): void;
  setSettings(settings: Partial<Omit<TerminalSettings, 'phpDevelopmentServer'>>): void;
}

/** The persisted part (as the original: only showDot, taskList and automaticCleanupTask). */
function persistedTerminal(
  state: QueueState,
): Pick<QueueState, 'showDot' | 'taskList' | 'automaticCleanupTask'> {
  return {
    showDot: state.showDot,
    taskList: state.taskList,
    automaticCleanupTask: state.automaticCleanupTask,
  };
}

/** Callbacks are functions, which do not persist: kept for this page view, by task uuid. */
const callbacks = new Map<string, TaskCallback>();
const streams = new Map<string, () => void>();

export const useTerminal = create<TerminalStore>()(
  persist(
    (set, get) => ({
      ...INITIAL_QUEUE,
      // npm rather than the original's pnpm by default: see the package-manager tip.
      packageManager: 'npm',
      npmRegistry: 'unknown',
      port: '8000',
      showConfig: false,
      showPackageManagerDialog: false,
      dispatch: (event) => {
        const { state, effects } = step(queueOf(get()), event);
        // The state first: a callback that adds a task must see the queue as it now is.
        set(state);
        for (const effect of effects) runEffect(effect);
      },
      toggle: (show = !get().show) => {
        if (!show) set({ showConfig: false, showPackageManagerDialog: false });
        get().dispatch({ type: 'show', show });
      },
      toggleConfigDialog: (open) => {
        set({ showConfig: open });
        if (open) get().toggle(true);
      },
      togglePackageManagerDialog: (open) => {
        set({ showPackageManagerDialog: open });
        if (open) get().toggle(true);
      },
      setSettings: (settings) => {
        const { npmPackageManager, npmRegistry, port } = settings;
        set({
          ...(npmPackageManager ? { packageManager: npmPackageManager } : {}),
          ...(npmRegistry ? { npmRegistry } : {}),
          ...(port ? { port: String(port) } : {}),
        });
      },
    }),
    {
      name: 'storeTerminal',
      partialize: (state) => persistedTerminal(state),
      // Application start: tasks cut off by the reload become Unknown.
      merge: (stored, current) => ({
        ...current,
        ...recover({ ...queueOf(current), ...validStored(stored) }),
      }),
    },
  ),
);

function queueOf(state: QueueState): QueueState {
  const { taskList, activeUuid, show, showDot, automaticCleanupTask } = state;
  return { taskList, activeUuid, show, showDot, automaticCleanupTask };
}

/** What local storage held, if it still looks like a queue (an old or damaged entry is dropped). */
function validStored(stored: unknown): Partial<QueueState> {
  if (!stored || typeof stored !== 'object') return {};
  const { showDot, taskList, automaticCleanupTask } = stored as Partial<QueueState>;
  return {
    ...(typeof showDot === 'boolean' ? { showDot } : {}),
    ...(Array.isArray(taskList)
      ? { taskList: taskList.filter((task) => typeof task?.uuid === 'string' && Array.isArray(task.message)) }
      : {}),
    ...(automaticCleanupTask === '0' || automaticCleanupTask === '1' ? { automaticCleanupTask } : {}),
  };
}

function runEffect(effect: QueueEffect): void {
  const dispatch = useTerminal.getState().dispatch;
  switch (effect.type) {
    case 'open-stream':
      streams.set(
        effect.task.uuid,
        openTaskStream(effect.task, {
          message: (uuid, data) => dispatch({ type: 'message', uuid, data }),
          error: (uuid) => dispatch({ type: 'stream-error', uuid }),
        }),
      );
      return;
    case 'close-stream':
      streams.get(effect.uuid)?.();
      streams.delete(effect.uuid);
      return;
    case 'finished':
      try {
        callbacks.get(effect.uuid)?.(effect.status);
      } catch (error) {
        // A broken callback must not stop the queue.
        console.error(error);
      }
      return;
    case 'forget':
      for (const uuid of effect.uuids) callbacks.delete(uuid);
      return;
    case 'blocked-notice':
      void import('antd/es/notification').then(({ default: notification }) =>
        notification.error({
          title: t('terminal.Newly added tasks will never start because they are blocked by failed tasks'),
        }),
      );
      return;
  }
}

/** A random 36-character uuid (v4); crypto.randomUUID needs a secure context, this does not. */
function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Queues a whitelisted command (e.g. `version.node`, `set-npm-registry.taobao`). The callback
 * is told Success or Failed each time the task ends (again after a Retry). Answers the uuid.
 */
export function addTask(
  command: string,
  blockOnFailure = true,
  extend = '',
  callback?: TaskCallback,
): string {
  const uuid = newUuid();
  if (callback) callbacks.set(uuid, callback);
  useTerminal.getState().dispatch({
    type: 'add',
    task: { uuid, createTime: Date.now(), command, blockOnFailure, extend },
  });
  return uuid;
}

/** Queues a package-manager command: `web-install` runs as `web-install.<manager>`. */
export function addTaskPM(
  command: string,
  blockOnFailure = true,
  extend = '',
  callback?: TaskCallback,
): string {
  return addTask(
    withPackageManager(command, useTerminal.getState().packageManager),
    blockOnFailure,
    extend,
    callback,
  );
}

export type { TerminalTask };
