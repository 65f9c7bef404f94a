/**
 * What the terminal panel shows for each task (as in the original): the status tag and its
 * colour, the blocking and do-not-refresh tags, Retry and Delete, the run log; the empty
 * state; Install dependent packages hidden under Manual execution.
 */
import { TerminalTaskStatus as S } from '@portico/shared';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import TerminalPanel from '../../../src/areas/terminal/views/panel';
import { initI18n, loadBackendTexts } from '../../../src/lang';
import { useTerminal } from '../../../src/stores/terminal';
import type { TerminalTask } from '../../../src/stores/terminal-queue';

const task = (uuid: string, status: S, fields: Partial<TerminalTask> = {}): TerminalTask => ({
  uuid,
  createTime: 1_700_000_000_000,
  status,
  command: `cmd-${uuid}`,
  message: [`output of ${uuid}`],
  showMessage: false,
  blockOnFailure: false,
  extend: '',
  ...fields,
});

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(() => {
  cleanup();
  useTerminal.setState({
    taskList: [],
    activeUuid: null,
    show: false,
    showConfig: false,
    packageManager: 'npm',
  });
});

function showPanel(taskList: TerminalTask[], activeUuid: string | null = null) {
  act(() => useTerminal.setState({ taskList, activeUuid, show: true }));
  render(<TerminalPanel />);
}

/** The card of a task, by its command. */
function card(command: string): HTMLElement {
  return screen.getByText(command).closest('[data-testid="terminal-task"]') as HTMLElement;
}

describe('the task timeline', () => {
  it('says there is no task yet', () => {
    showPanel([]);
    expect(screen.getByText('There is no task yet')).toBeTruthy();
  });

  it('tags each status: Waiting info, Connecting/Executing warning, Success success, Failed/Unknown danger', () => {
    showPanel(
      [
        task('w', S.waiting),
        task('c', S.connecting),
        task('e', S.executing),
        task('s', S.success),
        task('f', S.failed),
        task('u', S.unknown),
      ],
      'c',
    );
    const tag = (uuid: string) => within(card(`cmd-${uuid}`)).getByTestId('terminal-task-status');
    expect(tag('w').textContent).toBe('Waiting for execution');
    expect(tag('w').className).not.toMatch(/ant-tag-(success|warning|error)/);
    expect(tag('c').textContent).toBe('Connecting');
    expect(tag('c').className).toContain('ant-tag-warning');
    expect(tag('e').textContent).toBe('Executing');
    expect(tag('e').className).toContain('ant-tag-warning');
    expect(tag('s').textContent).toBe('Successful execution');
    expect(tag('s').className).toContain('ant-tag-success');
    expect(tag('f').textContent).toBe('Execution failed');
    expect(tag('f').className).toContain('ant-tag-error');
    expect(tag('u').textContent).toBe('Unknown execution result');
    expect(tag('u').className).toContain('ant-tag-error');
  });

  it('running tasks say not to refresh, show their log and cannot be deleted', () => {
    showPanel([task('e', S.executing), task('w', S.waiting)], 'e');
    const running = within(card('cmd-e'));
    expect(running.getByText('Do not refresh your browser')).toBeTruthy();
    expect(running.getByTestId('terminal-log').textContent).toBe('output of e');
    expect((running.getByTestId('terminal-task-delete') as HTMLButtonElement).disabled).toBe(true);
    expect(running.queryByTestId('terminal-task-retry')).toBeNull();
    // A waiting task has no log yet, and can go.
    const waiting = within(card('cmd-w'));
    expect(waiting.queryByTestId('terminal-log-toggle')).toBeNull();
    expect((waiting.getByTestId('terminal-task-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it('Retry only for Failed and Unknown; the blocking tag only on a failure that blocks', () => {
    showPanel([
      task('s', S.success),
      task('f', S.failed, { blockOnFailure: true, showMessage: true }),
      task('u', S.unknown),
    ]);
    expect(within(card('cmd-s')).queryByTestId('terminal-task-retry')).toBeNull();
    expect(within(card('cmd-f')).getByTestId('terminal-task-retry')).toBeTruthy();
    expect(within(card('cmd-u')).getByTestId('terminal-task-retry')).toBeTruthy();
    expect(within(card('cmd-f')).getByText('Failure blocks the queue')).toBeTruthy();
    expect(within(card('cmd-u')).queryByText('Failure blocks the queue')).toBeNull();
    // The log of a finished task shows when toggled open.
    expect(within(card('cmd-f')).getByTestId('terminal-log').textContent).toBe('output of f');
    expect(within(card('cmd-s')).queryByTestId('terminal-log')).toBeNull();
    act(() => within(card('cmd-s')).getByTestId('terminal-log-toggle').click());
    expect(within(card('cmd-s')).getByTestId('terminal-log').textContent).toBe('output of s');
  });

  it('Delete removes a finished task', () => {
    showPanel([task('f', S.failed), task('s', S.success)]);
    act(() => within(card('cmd-f')).getByTestId('terminal-task-delete').click());
    expect(screen.queryByText('cmd-f')).toBeNull();
    expect(useTerminal.getState().taskList.map((item) => item.uuid)).toEqual(['s']);
  });

  it('"Clean up the task list" removes successful tasks', () => {
    showPanel([task('s', S.success), task('f', S.failed)]);
    act(() => screen.getByTestId('terminal-clean').click());
    expect(screen.queryByText('cmd-s')).toBeNull();
    expect(screen.getByText('cmd-f')).toBeTruthy();
  });

  it('hides the commands that need a package manager when installs are run by hand', () => {
    showPanel([]);
    const needManager = ['terminal-test', 'terminal-install', 'terminal-republish'];
    for (const id of needManager) expect(screen.getByTestId(id)).toBeTruthy();
    act(() => useTerminal.setState({ packageManager: 'none' }));
    for (const id of needManager) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('terminal-setup')).toBeTruthy();
  });

  it('Terminal setup replaces the list with the settings; Back to terminal returns', () => {
    showPanel([task('s', S.success)]);
    act(() => screen.getByTestId('terminal-setup').click());
    expect(screen.getByTestId('terminal-settings')).toBeTruthy();
    expect(screen.queryByText('cmd-s')).toBeNull();
    act(() => screen.getByTestId('terminal-back').click());
    expect(screen.getByText('cmd-s')).toBeTruthy();
  });
});
