/**
 * The terminal's task queue as a pure state machine (the original's task statuses and transitions):
 * `step(state, event)` answers the next state and the effects the store must carry out
 * (open or close a stream, tell a callback, show the "blocked" notice). No React, no
 * EventSource, no clock: the store supplies uuids and times, so every rule is testable.
 */
import { TerminalFlag, TerminalTaskStatus } from '@portico/shared';

export interface TerminalTask {
  /** Random, 36 characters. */
  uuid: string;
  /** Epoch milliseconds. */
  createTime: number;
  status: TerminalTaskStatus;
  /** The command key, e.g. `test.npm`. */
  command: string;
  /** Output lines, the last MAX_MESSAGE_LINES kept. */
  message: string[];
  /** Whether the "Command Run Log" is open. */
  showMessage: boolean;
  blockOnFailure: boolean;
  extend: string;
}

export interface QueueState {
  taskList: TerminalTask[];
  /**
   * The task whose stream is open. Kept apart from the statuses because a task is already
   * Success when exec-success arrives but its stream stays open until completed, and no
   * second stream may start meanwhile.
   */
  activeUuid: string | null;
  /** Whether the panel is open. */
  show: boolean;
  /** Something happened in the terminal while the panel was closed. */
  showDot: boolean;
  /** '1': successful tasks are removed whenever a task is added (the original's string). */
  automaticCleanupTask: '0' | '1';
}

export type QueueEvent =
  | { type: 'add'; task: Pick<TerminalTask, 'uuid' | 'createTime' | 'command' | 'blockOnFailure' | 'extend'> }
  | { type: 'message'; uuid: string; data: string }
  | { type: 'stream-error'; uuid: string }
  | { type: 'retry'; uuid: string }
  | { type: 'delete'; uuid: string }
  | { type: 'clean-success' }
  | { type: 'toggle-log'; uuid: string }
  | { type: 'show'; show: boolean }
  | { type: 'set-automatic-cleanup'; value: '0' | '1' }
  /** Start the next task if none runs (after a reload, when the back-office comes up). */
  | { type: 'resume' };

/** What the store does after a step, in this order. */
export type QueueEffect =
  | { type: 'open-stream'; task: TerminalTask }
  | { type: 'close-stream'; uuid: string }
  | {
      type: 'finished';
      uuid: string;
      status: typeof TerminalTaskStatus.success | typeof TerminalTaskStatus.failed;
    }
  /** The tasks are gone: their callbacks can be forgotten. */
  | { type: 'forget'; uuids: string[] }
  | { type: 'blocked-notice' };

export interface StepResult {
  state: QueueState;
  effects: QueueEffect[];
}

/** Lines kept per task: a long install must not fill local storage. */
export const MAX_MESSAGE_LINES = 1000;

const { waiting, connecting, executing, success, failed, unknown } = TerminalTaskStatus;

export const INITIAL_QUEUE: QueueState = {
  taskList: [],
  activeUuid: null,
  show: false,
  showDot: false,
  automaticCleanupTask: '1',
};

export function isRunning(task: TerminalTask): boolean {
  return task.status === connecting || task.status === executing;
}

function isFailed(task: TerminalTask): boolean {
  return task.status === failed || task.status === unknown;
}

/** A Failed or Unknown task with blockOnFailure: no later task starts while it stays. */
export function blocksQueue(task: TerminalTask): boolean {
  return isFailed(task) && task.blockOnFailure;
}

/** Retry is offered for Failed and Unknown tasks only. */
export function canRetry(task: TerminalTask): boolean {
  return isFailed(task);
}

export function canDelete(state: QueueState, task: TerminalTask): boolean {
  return !isRunning(task) && state.activeUuid !== task.uuid;
}

/** The package-manager form of a command: `web-install` + `npm` → `web-install.npm`. */
export function withPackageManager(command: string, packageManager: string): string {
  return `${command}.${packageManager}`;
}

/**
 * What application start makes of a stored queue: a task left Connecting or Executing was cut
 * off by the reload and its outcome is unknown; no stream is open any more.
 */
export function recover(state: QueueState): QueueState {
  return {
    ...state,
    activeUuid: null,
    taskList: state.taskList.map((task) => (isRunning(task) ? withStatus(task, unknown) : task)),
  };
}

export function step(state: QueueState, event: QueueEvent): StepResult {
  const effects: QueueEffect[] = [];
  const next = apply(state, event, effects);
  return { state: schedule(next, effects), effects };
}

function apply(state: QueueState, event: QueueEvent, effects: QueueEffect[]): QueueState {
  switch (event.type) {
    case 'add':
      return addTask(state, event.task, effects);
    case 'message':
      return onMessage(state, event.uuid, event.data, effects);
    case 'stream-error':
      if (state.activeUuid !== event.uuid) return state;
      return finish(
        updateTask(state, event.uuid, (task) => withStatus(task, failed)),
        event.uuid,
        effects,
      );
    case 'retry':
      return updateTask(state, event.uuid, (task) =>
        canRetry(task) ? { ...task, status: waiting, message: [] } : task,
      );
    case 'delete': {
      const task = state.taskList.find((item) => item.uuid === event.uuid);
      if (!task || !canDelete(state, task)) return state;
      effects.push({ type: 'forget', uuids: [task.uuid] });
      return { ...state, taskList: state.taskList.filter((item) => item !== task) };
    }
    case 'clean-success':
      return cleanSuccess(state, effects);
    case 'toggle-log':
      return updateTask(state, event.uuid, (task) => ({ ...task, showMessage: !task.showMessage }));
    case 'show':
      // Opening the panel shows what the dot announced.
      return { ...state, show: event.show, showDot: event.show ? false : state.showDot };
    case 'set-automatic-cleanup':
      return { ...state, automaticCleanupTask: event.value };
    case 'resume':
      return state;
  }
}

function addTask(
  state: QueueState,
  fields: Extract<QueueEvent, { type: 'add' }>['task'],
  effects: QueueEffect[],
) {
  const task: TerminalTask = { ...fields, status: waiting, message: [], showMessage: false };
  let next: QueueState = {
    ...state,
    taskList: [...state.taskList, task],
    showDot: state.showDot || !state.show,
  };
  if (next.automaticCleanupTask === '1') next = cleanSuccess(next, effects);
  // With the panel closed nobody would see why the new task never starts.
  if (!next.show && next.taskList.some(blocksQueue)) effects.push({ type: 'blocked-notice' });
  return next;
}

function onMessage(state: QueueState, uuid: string, data: string, effects: QueueEffect[]): QueueState {
  // Late messages of a stream already finished (or of a deleted task) change nothing.
  if (state.activeUuid !== uuid) return state;
  switch (data) {
    case TerminalFlag.linkSuccess:
      return updateTask(state, uuid, (task) => withStatus(task, executing));
    case TerminalFlag.execSuccess:
      return updateTask(state, uuid, (task) => withStatus(task, success));
    case TerminalFlag.execError:
      return finish(
        updateTask(state, uuid, (task) => withStatus(task, failed)),
        uuid,
        effects,
      );
    case TerminalFlag.execCompleted:
      return finish(
        updateTask(state, uuid, (task) => (task.status === success ? task : withStatus(task, failed))),
        uuid,
        effects,
      );
    default: {
      const next = updateTask(state, uuid, (task) => ({
        ...task,
        message: [...task.message, data].slice(-MAX_MESSAGE_LINES),
      }));
      return state.show ? next : { ...next, showDot: true };
    }
  }
}

/** The stream of the active task ends: close it and tell the task's callback how it went. */
function finish(state: QueueState, uuid: string, effects: QueueEffect[]): QueueState {
  const task = state.taskList.find((item) => item.uuid === uuid);
  effects.push({ type: 'close-stream', uuid });
  if (task) effects.push({ type: 'finished', uuid, status: task.status === success ? success : failed });
  return { ...state, activeUuid: null };
}

function cleanSuccess(state: QueueState, effects: QueueEffect[]): QueueState {
  // The active task may be Success already while its stream still runs; it stays until completed.
  const removed = state.taskList.filter((task) => task.status === success && task.uuid !== state.activeUuid);
  if (removed.length === 0) return state;
  effects.push({ type: 'forget', uuids: removed.map((task) => task.uuid) });
  return { ...state, taskList: state.taskList.filter((task) => !removed.includes(task)) };
}

/**
 * Starts the first Waiting task when no stream is open, walking the list in order: Success and
 * non-blocking failures are skipped; a blocking failure stops the walk.
 */
function schedule(state: QueueState, effects: QueueEffect[]): QueueState {
  if (state.activeUuid !== null || state.taskList.some(isRunning)) return state;
  for (const task of state.taskList) {
    if (blocksQueue(task)) return state;
    if (task.status !== waiting) continue;
    const started = { ...task, status: connecting } as TerminalTask;
    effects.push({ type: 'open-stream', task: started });
    return {
      ...state,
      activeUuid: task.uuid,
      taskList: state.taskList.map((item) => (item === task ? started : item)),
    };
  }
  return state;
}

/** A task that fails while blocking the queue opens its log, so the reason is in sight. */
function withStatus(task: TerminalTask, status: TerminalTaskStatus): TerminalTask {
  const showMessage = task.showMessage || (task.blockOnFailure && (status === failed || status === unknown));
  return { ...task, status, showMessage };
}

function updateTask(
  state: QueueState,
  uuid: string,
  change: (task: TerminalTask) => TerminalTask,
): QueueState {
  return { ...state, taskList: state.taskList.map((task) => (task.uuid === uuid ? change(task) : task)) };
}
