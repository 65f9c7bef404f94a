/**
 * The terminal queue (the original's task statuses and transitions): every transition and queue
 * rule, on the pure state machine, plus what the store persists and restores.
 */
import { TerminalTaskStatus as S, TerminalFlag } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import {
  canDelete,
  INITIAL_QUEUE,
  MAX_MESSAGE_LINES,
  type QueueEffect,
  type QueueEvent,
  type QueueState,
  recover,
  step,
  type TerminalTask,
  withPackageManager,
} from '../src/stores/terminal-queue';

/** Runs events in order; answers the final state and every effect on the way. */
function run(events: QueueEvent[], from: QueueState = INITIAL_QUEUE) {
  let state = from;
  const effects: QueueEffect[] = [];
  for (const event of events) {
    const result = step(state, event);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects };
}

const add = (uuid: string, blockOnFailure = true, command = `cmd.${uuid}`): QueueEvent => ({
  type: 'add',
  task: { uuid, createTime: 1_700_000_000_000, command, blockOnFailure, extend: '' },
});
const msg = (uuid: string, data: string): QueueEvent => ({ type: 'message', uuid, data });
const link = (uuid: string) => msg(uuid, TerminalFlag.linkSuccess);
const ok = (uuid: string) => msg(uuid, TerminalFlag.execSuccess);
const error = (uuid: string) => msg(uuid, TerminalFlag.execError);
const completed = (uuid: string) => msg(uuid, TerminalFlag.execCompleted);
/** A whole successful run. */
const succeed = (uuid: string) => [link(uuid), msg(uuid, 'done'), ok(uuid), completed(uuid)];
/** A run that exits non-zero. */
const fail = (uuid: string) => [link(uuid), msg(uuid, 'boom'), error(uuid), completed(uuid)];

const task = (state: QueueState, uuid: string) =>
  state.taskList.find((item) => item.uuid === uuid) as TerminalTask;
const statusOf = (state: QueueState, uuid: string) => task(state, uuid)?.status;
const opened = (effects: QueueEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'open-stream' ? [effect.task.uuid] : []));
const finished = (effects: QueueEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'finished' ? [[effect.uuid, effect.status]] : []));
const open = { ...INITIAL_QUEUE, show: true };

describe('task status transitions', () => {
  it('adds a task Waiting and starts it at once: Connecting, with its stream opened', () => {
    const added = step(open, add('a')).state;
    expect(opened(step(open, add('a')).effects)).toEqual(['a']);
    expect(statusOf(added, 'a')).toBe(S.connecting);
    expect(task(added, 'a')).toMatchObject({ command: 'cmd.a', message: [], showMessage: false, extend: '' });
  });

  it('link-success → Executing, exec-success → Success, completed closes the stream and keeps Success', () => {
    let state = step(open, add('a')).state;
    state = step(state, link('a')).state;
    expect(statusOf(state, 'a')).toBe(S.executing);
    state = step(state, ok('a')).state;
    expect(statusOf(state, 'a')).toBe(S.success);
    const end = step(state, completed('a'));
    expect(statusOf(end.state, 'a')).toBe(S.success);
    expect(end.effects).toContainEqual({ type: 'close-stream', uuid: 'a' });
    expect(end.state.activeUuid).toBeNull();
  });

  it('exec-error → Failed, closes the stream and ends the task', () => {
    const { state, effects } = run([add('a'), link('a'), error('a')], open);
    expect(statusOf(state, 'a')).toBe(S.failed);
    expect(effects).toContainEqual({ type: 'close-stream', uuid: 'a' });
    expect(state.activeUuid).toBeNull();
  });

  it('completed without exec-success sets Failed', () => {
    const { state, effects } = run([add('a'), link('a'), completed('a')], open);
    expect(statusOf(state, 'a')).toBe(S.failed);
    expect(effects).toContainEqual({ type: 'close-stream', uuid: 'a' });
  });

  it('a stream error sets Failed, while Connecting and while Executing', () => {
    expect(statusOf(run([add('a'), { type: 'stream-error', uuid: 'a' }], open).state, 'a')).toBe(S.failed);
    const executing = run([add('a'), link('a'), { type: 'stream-error', uuid: 'a' }], open);
    expect(statusOf(executing.state, 'a')).toBe(S.failed);
    expect(executing.effects).toContainEqual({ type: 'close-stream', uuid: 'a' });
  });

  it('keeps output lines in order, flags are not output', () => {
    const { state } = run([add('a'), link('a'), msg('a', '> node -v'), msg('a', 'v20.19.0'), ok('a')], open);
    expect(task(state, 'a').message).toEqual(['> node -v', 'v20.19.0']);
  });

  it(`keeps only the last ${MAX_MESSAGE_LINES} lines of a task`, () => {
    const lines = Array.from({ length: MAX_MESSAGE_LINES + 5 }, (_, i) => msg('a', `line ${i}`));
    const { state } = run([add('a'), link('a'), ...lines], open);
    const message = task(state, 'a').message;
    expect(message).toHaveLength(MAX_MESSAGE_LINES);
    expect(message[0]).toBe('line 5');
    expect(message.at(-1)).toBe(`line ${MAX_MESSAGE_LINES + 4}`);
  });

  it('ignores messages of a stream that already ended, and of unknown tasks', () => {
    const { state } = run([add('a'), ...fail('a'), ok('a'), msg('a', 'late'), msg('x', 'stray')], open);
    expect(statusOf(state, 'a')).toBe(S.failed);
    expect(task(state, 'a').message).toEqual(['boom']);
  });
});

describe('queue rules', () => {
  it('runs one task at a time: the next Waiting task starts when the running one completes', () => {
    let result = run([add('a'), add('b')], open);
    expect(opened(result.effects)).toEqual(['a']);
    expect(statusOf(result.state, 'b')).toBe(S.waiting);
    result = run(succeed('a'), result.state);
    expect(opened(result.effects)).toEqual(['b']);
    expect(statusOf(result.state, 'b')).toBe(S.connecting);
  });

  it('does not start the next task between exec-success and completed (the stream is still open)', () => {
    const { state, effects } = run([add('a'), link('a'), ok('a'), add('b')], {
      ...open,
      automaticCleanupTask: '0',
    });
    expect(opened(effects)).toEqual(['a']);
    expect(statusOf(state, 'b')).toBe(S.waiting);
  });

  it('a Failed blocking task stops later tasks and opens its log', () => {
    const { state, effects } = run([add('a', true), add('b'), ...fail('a')], open);
    expect(statusOf(state, 'b')).toBe(S.waiting);
    expect(opened(effects)).toEqual(['a']);
    expect(task(state, 'a').showMessage).toBe(true);
    // Still blocked when more tasks come.
    expect(opened(step(state, add('c')).effects)).toEqual([]);
  });

  it('a Failed task without blocking is skipped: the next one starts, its log stays closed', () => {
    const { state, effects } = run([add('a', false), add('b'), ...fail('a')], open);
    expect(opened(effects)).toEqual(['a', 'b']);
    expect(task(state, 'a').showMessage).toBe(false);
  });

  it('a stream error of a non-blocking task also moves the queue on', () => {
    const { effects } = run([add('a', false), add('b'), { type: 'stream-error', uuid: 'a' }], open);
    expect(opened(effects)).toEqual(['a', 'b']);
  });

  it('an Unknown blocking task blocks; an Unknown non-blocking one is skipped', () => {
    const blocking = recover(run([add('a', true), link('a')], open).state);
    expect(opened(step(blocking, add('b')).effects)).toEqual([]);
    const skipped = recover(run([add('a', false), link('a')], open).state);
    expect(opened(step(skipped, add('b')).effects)).toEqual(['b']);
  });

  it('Retry clears the messages and sets Waiting, and the task runs again', () => {
    const failed = run([add('a'), add('b'), ...fail('a')], open).state;
    const { state, effects } = run([{ type: 'retry', uuid: 'a' }], failed);
    expect(opened(effects)).toEqual(['a']);
    expect(task(state, 'a')).toMatchObject({ status: S.connecting, message: [] });
    // Once it succeeds, the task it blocked runs.
    expect(opened(run(succeed('a'), state).effects)).toEqual(['b']);
  });

  it('Retry is only for Failed and Unknown tasks', () => {
    const state = run([add('a'), add('b')], open).state;
    const after = run(
      [
        { type: 'retry', uuid: 'a' },
        { type: 'retry', uuid: 'b' },
      ],
      state,
    ).state;
    expect(after).toEqual(state);
  });

  it('a task cannot be deleted while Connecting or Executing (or while its stream is open); otherwise it goes', () => {
    let state = run([add('a'), add('b')], open).state;
    expect(canDelete(state, task(state, 'a'))).toBe(false);
    expect(step(state, { type: 'delete', uuid: 'a' }).state).toEqual(state);
    state = run([link('a'), ok('a')], state).state;
    expect(canDelete(state, task(state, 'a'))).toBe(false);
    state = run([{ type: 'delete', uuid: 'b' }], state).state;
    expect(state.taskList.map((item) => item.uuid)).toEqual(['a']);
  });

  it('deleting the blocking task lets the queue move on', () => {
    const failed = run([add('a'), add('b'), ...fail('a')], open).state;
    const { state, effects } = step(failed, { type: 'delete', uuid: 'a' });
    expect(opened(effects)).toEqual(['b']);
    expect(effects).toContainEqual({ type: 'forget', uuids: ['a'] });
    expect(state.taskList.map((item) => item.uuid)).toEqual(['b']);
  });

  it('automatic cleanup (on) removes successful tasks when a task is added', () => {
    const done = run([add('b', false), ...fail('b'), add('a'), ...succeed('a')], open).state;
    expect(done.taskList.map((item) => item.uuid)).toEqual(['b', 'a']);
    const { state, effects } = step(done, add('c'));
    expect(state.taskList.map((item) => item.uuid)).toEqual(['b', 'c']);
    expect(effects).toContainEqual({ type: 'forget', uuids: ['a'] });
  });

  it('automatic cleanup off keeps successful tasks; "Clean up the task list" removes them', () => {
    const off = { ...open, automaticCleanupTask: '0' as const };
    const done = run([add('a'), ...succeed('a'), add('b', false), ...fail('b'), add('c')], off).state;
    expect(done.taskList.map((item) => item.uuid)).toEqual(['a', 'b', 'c']);
    const cleaned = step(done, { type: 'clean-success' }).state;
    expect(cleaned.taskList.map((item) => item.uuid)).toEqual(['b', 'c']);
  });

  it('cleanup keeps a task that is Success but whose stream has not completed yet', () => {
    const { state } = run([add('a'), link('a'), ok('a'), { type: 'clean-success' }], open);
    expect(state.taskList.map((item) => item.uuid)).toEqual(['a']);
  });

  it('toggles a task log', () => {
    const state = run([add('a', false), ...fail('a'), { type: 'toggle-log', uuid: 'a' }], open).state;
    expect(task(state, 'a').showMessage).toBe(true);
    expect(task(step(state, { type: 'toggle-log', uuid: 'a' }).state, 'a').showMessage).toBe(false);
  });
});

describe('the blocked notice and the dot', () => {
  const closed = INITIAL_QUEUE;

  it('adding a task with the panel closed while a failed task blocks shows the notice', () => {
    const blocked = run([add('a'), ...fail('a')], closed).state;
    expect(step(blocked, add('b')).effects).toContainEqual({ type: 'blocked-notice' });
  });

  it('no notice with the panel open, nor when the failed task does not block', () => {
    const blockedOpen = run([add('a'), ...fail('a')], open).state;
    expect(step(blockedOpen, add('b')).effects).not.toContainEqual({ type: 'blocked-notice' });
    const skipped = run([add('a', false), ...fail('a')], closed).state;
    expect(step(skipped, add('b')).effects).not.toContainEqual({ type: 'blocked-notice' });
  });

  it('output arriving while the panel is closed sets the dot; opening the panel clears it', () => {
    let state = run([add('a'), { type: 'show', show: true }], closed).state;
    expect(state.showDot).toBe(false);
    state = run([{ type: 'show', show: false }, link('a')], state).state;
    expect(state.showDot).toBe(false);
    state = step(state, msg('a', 'output')).state;
    expect(state.showDot).toBe(true);
    state = step(state, { type: 'show', show: true }).state;
    expect(state.showDot).toBe(false);
  });

  it('output with the panel open sets no dot', () => {
    expect(run([add('a'), link('a'), msg('a', 'output')], open).state.showDot).toBe(false);
  });

  it('a task added while the panel is closed sets the dot', () => {
    expect(step(closed, add('a')).state.showDot).toBe(true);
    expect(step(open, add('a')).state.showDot).toBe(false);
  });
});

describe('the callback', () => {
  it('is told Success when a task succeeds, Failed when it fails or its stream breaks', () => {
    const { effects } = run(
      [
        add('a', false),
        ...succeed('a'),
        add('b', false),
        ...fail('b'),
        add('c'),
        { type: 'stream-error', uuid: 'c' },
      ],
      { ...open, automaticCleanupTask: '0' },
    );
    expect(finished(effects)).toEqual([
      ['a', S.success],
      ['b', S.failed],
      ['c', S.failed],
    ]);
  });

  it('is told once per run, and again after a Retry', () => {
    const { effects } = run([add('a'), ...fail('a'), { type: 'retry', uuid: 'a' }, ...succeed('a')], open);
    expect(finished(effects)).toEqual([
      ['a', S.failed],
      ['a', S.success],
    ]);
  });

  it('is told before the next task starts, after the stream is closed', () => {
    const { effects } = run([add('a', false), add('b'), ...succeed('a')], open);
    const kinds = effects.map((effect) => effect.type);
    expect(kinds.slice(-3)).toEqual(['close-stream', 'finished', 'open-stream']);
  });
});

describe('application start', () => {
  it('turns Connecting and Executing tasks Unknown; a blocking one opens its log', () => {
    const state = run([add('a', true), link('a'), add('b', false)], open).state;
    const connecting = run([add('c', false)], { ...INITIAL_QUEUE, automaticCleanupTask: '0' }).state;
    const restored = recover(state);
    expect(statusOf(restored, 'a')).toBe(S.unknown);
    expect(task(restored, 'a').showMessage).toBe(true);
    expect(statusOf(restored, 'b')).toBe(S.waiting);
    expect(restored.activeUuid).toBeNull();
    expect(statusOf(recover(connecting), 'c')).toBe(S.unknown);
  });

  it('leaves finished and waiting tasks as they were', () => {
    const state = run([add('a', false), ...succeed('a'), add('b', false), ...fail('b')], {
      ...open,
      automaticCleanupTask: '0',
    }).state;
    expect(recover(state).taskList).toEqual(state.taskList);
  });

  it('resume starts a task left Waiting when nothing blocks', () => {
    const stored = recover(run([add('a', false), link('a'), add('b')], open).state);
    expect(opened(step(stored, { type: 'resume' }).effects)).toEqual(['b']);
  });
});

describe('package-manager commands', () => {
  it('get a dot and the manager appended', () => {
    expect(withPackageManager('web-install', 'npm')).toBe('web-install.npm');
    expect(withPackageManager('test', 'yarn')).toBe('test.yarn');
  });
});
