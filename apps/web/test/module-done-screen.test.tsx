/**
 * The done screen's dependency box (as in the original): executing keeps End of installation
 * disabled; a failed package task offers the terminal and "confirm that dependencies are
 * ready"; the reissue radio queues web-build in the terminal.
 */
import { ModuleState } from '@portico/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifier } from '../src/api/notifier';
import { initI18n, loadBackendTexts } from '../src/lang';
import { useTerminal } from '../src/stores/terminal';
import { DoneScreen } from '../src/views/backend/module/done-screen';
import type { PipelineScreen } from '../src/views/backend/module/pipeline';

type Done = Extract<PipelineScreen, { type: 'done' }>;
const done = (fields: Partial<Done> = {}): Done => ({
  type: 'done',
  uid: 'notes',
  mode: 'install',
  state: ModuleState.dependentWaitInstall,
  dependency: 'executing',
  needRebuild: false,
  needRestart: false,
  restarting: false,
  ...fields,
});

beforeAll(() => {
  // A terminal task asks the server, which jsdom has not: the request layer's message would
  // load antd's message module lazily, after the file's environment is gone (seen under load).
  vi.spyOn(notifier, 'error').mockImplementation((() => {}) as never);
  vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
  return initI18n('en').then(loadBackendTexts);
});
afterEach(() => {
  cleanup();
  useTerminal.setState({ taskList: [], activeUuid: null, show: false });
});

describe('done screen', () => {
  it('while the packages install: do not refresh, View progress, End of installation disabled', () => {
    render(<DoneScreen screen={done()} onReady={() => {}} onClose={() => {}} />);
    expect(screen.getByText('Congratulations, the code of the module is ready')).toBeTruthy();
    expect(screen.getByText('Do not refresh the page!')).toBeTruthy();
    fireEvent.click(screen.getByText('View progress'));
    expect(useTerminal.getState().show).toBe(true);
    expect(screen.getByRole('button', { name: 'End of installation' }).hasAttribute('disabled')).toBe(true);
  });

  it('a failed package task offers the confirm link, which asks first and then reports ready', async () => {
    const onReady = vi.fn();
    render(<DoneScreen screen={done({ dependency: 'fail' })} onReady={onReady} onClose={() => {}} />);
    fireEvent.click(screen.getByText('confirm that dependencies are ready'));
    expect(onReady).not.toHaveBeenCalled();
    await screen.findByText('Are the dependencies installed?');
    fireEvent.click(screen.getByRole('button', { name: /OK|Yes/ }));
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('the reissue radio on: End of installation queues web-build and opens the terminal', () => {
    const onClose = vi.fn();
    render(
      <DoneScreen
        screen={done({ dependency: 'success', state: ModuleState.installed, needRebuild: true })}
        onReady={() => {}}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('Dependency installation completed~')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByLabelText('yes'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'End of installation' }));
    expect(onClose).toHaveBeenCalled();
    expect(useTerminal.getState().show).toBe(true);
    expect(useTerminal.getState().taskList.map((task) => task.command)).toEqual(['web-build.npm']);
  });
});
