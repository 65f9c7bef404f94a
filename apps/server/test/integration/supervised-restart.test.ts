/**
 * `npm start` as it runs (scripts/server.mjs start: the supervisor and the bundled server as its
 * child) on a scratch project: installing a module with server code answers `restarting: true`,
 * the old server process answers the request it had in flight and exits, the supervisor starts
 * a new one, and SIGTERM to the supervisor stops both. A server that crashes is started again after
 * a pause, up to a limit; one that fails before it is up is not.
 * Which process answers is read from the server's JSON log (pino writes its pid on every line).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { fakeProject, removeScratchDirs, writeModule } from '../support/module-project.js';
import { collect } from '../support/raw-http.js';
import { type ServerProcess, startServerProcess, waitForHealth } from '../support/server-process.js';

let server: ServerProcess | undefined;
/** The connection holding a request in flight (a failed test must not leave the server draining it). */
let socket: Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  await server?.stop();
  server = undefined;
  removeScratchDirs();
});

/** The pids of the server processes that logged "Server listening", in order. */
function listeningPids(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"Server listening at'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} seconds`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(path: string, body: object, token = '') {
  const response = await fetch(`${server?.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'think-lang': 'en', server: 'true', batoken: token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

const answersHealth = () =>
  fetch(`${server?.baseUrl}/health`).then(
    (response) => response.ok,
    () => false,
  );

it('restarts the server after a module install, draining the request in flight', async () => {
  const project = fakeProject();
  writeModule(project, {
    uid: 'hello',
    files: { 'apps/server/src/modules/hello/index.ts': 'export default {};\n' },
  });
  server = await startServerProcess({ PROJECT_DIR: project, LOG_LEVEL: 'info' }, { supervised: true });
  const login = await post('/admin/index/login', { username: 'admin', password: server.adminPassword });
  const token = (login.data.userInfo as { token: string }).token;
  const [firstPid] = listeningPids(server.output());
  expect(firstPid).toBeGreaterThan(0);

  // A sign-in in flight: headers now, body after the restart began.
  socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
  const received = collect(socket);
  const body = JSON.stringify({ username: 'admin', password: 'not-the-password-1' });
  socket.write(
    'POST /admin/index/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nthink-lang: en\r\n\r\n`,
  );
  await received.until((text) => text.includes('100 Continue'));

  const installed = await post('/admin/module/install?uid=hello', {}, token);
  expect(installed).toMatchObject({
    code: 1,
    msg: 'The server is restarting to load the module',
    data: { state: 1, needRestart: true, restarting: true },
  });
  // The old server stops listening, but keeps the connection with the unfinished request.
  await until(async () => !(await answersHealth()), 'the old server closing');
  socket.write(body);
  const [answer] = await received.responses(1);
  expect(answer?.status).toBe(200);
  expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ code: 0 });
  socket.destroy();

  await waitForHealth(server.baseUrl, () => server?.exited() ?? null);
  const pids = listeningPids(server.output());
  expect(pids).toHaveLength(2);
  expect(pids[1]).not.toBe(firstPid);
  expect(alive(firstPid as number)).toBe(false);
  // The new process is the same site: the session still works.
  const state = await fetch(`${server.baseUrl}/admin/module/state?uid=hello`, {
    headers: { batoken: token },
  });
  expect(((await state.json()) as { data: unknown }).data).toEqual({ state: 1 });

  process.kill(server.pid, 'SIGTERM');
  await until(() => server?.exited() !== null, 'the supervisor stopping');
  expect(server.exited()).toEqual({ code: 0, signal: null });
  expect(alive(pids[1] as number)).toBe(false);
}, 120_000);

it('starts a server that crashed again within seconds, logging how it died', async () => {
  server = await startServerProcess({ LOG_LEVEL: 'info' }, { supervised: true });
  const [firstPid] = listeningPids(server.output());
  process.kill(firstPid as number, 'SIGKILL');
  const killedAt = Date.now();
  await until(() => listeningPids(server?.output() ?? '').length === 2, 'a new server listening');
  expect(await answersHealth()).toBe(true);
  expect(Date.now() - killedAt).toBeLessThan(10_000);
  expect(server.output()).toContain('the server crashed (signal SIGKILL)');
  const [, secondPid] = listeningPids(server.output());
  expect(secondPid).not.toBe(firstPid);

  // Ctrl-C / kill to the parent still stops both.
  process.kill(server.pid, 'SIGTERM');
  await until(() => server?.exited() !== null, 'the supervisor stopping');
  expect(server.exited()).toEqual({ code: 0, signal: null });
  expect(alive(secondPid as number)).toBe(false);
}, 60_000);

it('gives up on a server that keeps crashing, exiting with a failure', async () => {
  server = await startServerProcess({ LOG_LEVEL: 'info' }, { supervised: true });
  const killed = new Set<number>();
  // Every server that comes up is killed, until the supervisor stops starting new ones.
  await until(
    () => {
      for (const pid of listeningPids(server?.output() ?? '')) {
        if (killed.has(pid)) continue;
        killed.add(pid);
        process.kill(pid, 'SIGKILL');
      }
      return server?.exited() !== null;
    },
    'the supervisor giving up',
    75,
  );
  expect(server.exited()?.code).not.toBe(0);
  expect(killed.size).toBe(5);
  expect(server.output()).toContain('5 crashes within 10 minutes: it is not started again');
  expect(await answersHealth()).toBe(false);
}, 90_000);

it('does not start again a server that fails before it is up, and says why', async () => {
  const failed = await startServerProcess({ PORT: 'not-a-port' }, { supervised: true }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(failed).toMatch(/the server exited \(code [1-9]/);
  expect(failed).toContain('PORT');
  expect(failed).toContain('it failed before it was up, so it is not started again');
}, 60_000);

it('stops the server when its supervisor was killed, leaving no process behind', async () => {
  server = await startServerProcess({ LOG_LEVEL: 'info' }, { supervised: true });
  const [pid] = listeningPids(server.output());
  process.kill(server.pid, 'SIGKILL');
  await until(() => !alive(pid as number), 'the orphaned server stopping');
  expect(server.output()).toContain('"reason":"supervisor gone"');
}, 60_000);
