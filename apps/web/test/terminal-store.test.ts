/**
 * The terminal store around the pure queue: what it keeps under `storeTerminal`, what a reload
 * restores, package-manager commands, and a task's callback when its stream cannot open (the
 * ticket is refused by a real local server).
 */
import { TerminalTaskStatus as S, TERMINAL_TICKET_URL } from '@portico/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { initI18n } from '../src/lang';
import { addTask, addTaskPM, type TaskOutcome, useTerminal } from '../src/stores/terminal';
import type { TerminalTask } from '../src/stores/terminal-queue';
import { type LocalServer, listenLocally } from './support/local-server';

const task = (fields: Partial<TerminalTask>): TerminalTask => ({
  uuid: 'u-1',
  createTime: 1_700_000_000_000,
  status: S.waiting,
  command: 'version.node',
  message: [],
  showMessage: false,
  blockOnFailure: true,
  extend: '',
  ...fields,
});
/** A failed blocking task first: whatever is added after it waits, so no stream opens. */
const blocker = task({ uuid: 'blocker', status: S.failed, message: ['exitCode: 1'] });

let server: LocalServer;
const tickets: string[] = [];

beforeAll(async () => {
  await initI18n('en');
  server = await listenLocally((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    tickets.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 0, msg: 'You are not super administrator', time: 0, data: {} }));
  });
  setBaseUrl(server.url);
});
afterAll(async () => {
  setBaseUrl('');
  await server.close();
});
beforeEach(() => {
  resetRequestState();
  useTerminal.setState({
    taskList: [],
    activeUuid: null,
    show: false,
    showDot: false,
    automaticCleanupTask: '1',
  });
});

describe('persistence under storeTerminal', () => {
  it('keeps only showDot, taskList and automaticCleanupTask', () => {
    useTerminal.setState({
      taskList: [blocker],
      show: true,
      showDot: true,
      automaticCleanupTask: '0',
      packageManager: 'yarn',
      showConfig: true,
    });
    const stored = JSON.parse(localStorage.getItem('storeTerminal') ?? '{}');
    expect(stored.state).toEqual({ showDot: true, taskList: [blocker], automaticCleanupTask: '0' });
  });

  it('a reload turns a task that was Connecting or Executing Unknown, and restores the rest', async () => {
    const stored = {
      showDot: true,
      automaticCleanupTask: '0',
      taskList: [
        task({ uuid: 'a', status: S.success }),
        task({ uuid: 'b', status: S.executing, message: ['half way'] }),
        task({ uuid: 'c', status: S.connecting, blockOnFailure: false }),
      ],
    };
    localStorage.setItem('storeTerminal', JSON.stringify({ state: stored, version: 0 }));
    await useTerminal.persist.rehydrate();
    const state = useTerminal.getState();
    expect(state.taskList.map((item) => item.status)).toEqual([S.success, S.unknown, S.unknown]);
    expect(state.taskList[1]).toMatchObject({ message: ['half way'], showMessage: true });
    expect(state).toMatchObject({ showDot: true, automaticCleanupTask: '0', activeUuid: null, show: false });
  });

  it('ignores a damaged stored entry', async () => {
    localStorage.setItem(
      'storeTerminal',
      JSON.stringify({ state: { taskList: 'nope', showDot: 3 }, version: 0 }),
    );
    await useTerminal.persist.rehydrate();
    expect(useTerminal.getState()).toMatchObject({ taskList: [], showDot: false, automaticCleanupTask: '1' });
  });
});

describe('opening the panel', () => {
  it('opening the config or the package-manager dialog opens the panel and clears the dot', () => {
    const { toggleConfigDialog, togglePackageManagerDialog, toggle } = useTerminal.getState();
    useTerminal.setState({ showDot: true });
    toggleConfigDialog(true);
    expect(useTerminal.getState()).toMatchObject({ show: true, showConfig: true, showDot: false });
    toggle(false);
    expect(useTerminal.getState()).toMatchObject({ show: false, showConfig: false });
    useTerminal.setState({ showDot: true });
    togglePackageManagerDialog(true);
    expect(useTerminal.getState()).toMatchObject({
      show: true,
      showPackageManagerDialog: true,
      showDot: false,
    });
  });
});

describe('adding tasks', () => {
  it('addTaskPM appends a dot and the chosen package manager', () => {
    useTerminal.setState({ taskList: [blocker], show: true });
    useTerminal.getState().setSettings({ npmPackageManager: 'yarn' });
    addTaskPM('web-install', true, 'module-install:demo');
    addTask('version.node', false);
    const [, pm, plain] = useTerminal.getState().taskList;
    expect(pm).toMatchObject({
      command: 'web-install.yarn',
      extend: 'module-install:demo',
      status: S.waiting,
    });
    expect(plain).toMatchObject({ command: 'version.node', blockOnFailure: false });
    expect(pm?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('npm is the package manager until the server says otherwise', () => {
    expect(useTerminal.getInitialState().packageManager).toBe('npm');
  });

  it('a task whose stream ticket is refused fails and tells its callback Failed', async () => {
    const outcomes: TaskOutcome[] = [];
    useTerminal.setState({ show: true });
    addTask('version.node', true, '', (status) => outcomes.push(status));
    expect(useTerminal.getState().taskList[0]?.status).toBe(S.connecting);
    await expect.poll(() => outcomes).toEqual([S.failed]);
    expect(tickets.at(-1)).toBe(TERMINAL_TICKET_URL);
    expect(useTerminal.getState().taskList[0]).toMatchObject({ status: S.failed, showMessage: true });
  });
});
