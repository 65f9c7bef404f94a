/**
 * What a super administrator sees running terminal commands: the link flag, the command
 * line, the output as it comes (UTF-8, no colour codes), the exit code, the outcome. A
 * command that waits for input, runs too long, or whose client hangs up is stopped, with
 * everything it started, and the next command runs. Commands that change files run on a
 * scratch project, never on this checkout.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  dataOf,
  FLAGS,
  isRunning,
  listen,
  nodeScript,
  openStream,
  scratchProject,
  ticketFor,
  until,
} from '../../support/terminal.js';
import { call, loginSuper, startTestApp, type TestApp } from '../../support/test-app.js';

const BUILD_SCRIPT = `
import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('apps/web/dist/assets', { recursive: true });
writeFileSync('apps/web/dist/assets/app-new.js', 'console.log("new")');
writeFileSync('apps/web/dist/index.html', '<!doctype html><title>new build</title><script src="/assets/app-new.js"></script>');
console.log('built');
`;
const project = scratchProject({
  'package.json': JSON.stringify({ name: 'scratch', private: true, scripts: { build: 'node build.mjs' } }),
  'build.mjs': BUILD_SCRIPT,
  'apps/web/dist/index.html': '<!doctype html><title>old build</title>',
});
const CHECKOUT = join(import.meta.dirname, '../../../../..');

const hookCalls: unknown[] = [];
let t: TestApp;
let baseUrl = '';
let token = '';

beforeAll(async () => {
  t = await startTestApp(
    'sqlite',
    { projectDir: project, webDist: join(project, 'apps/web/dist') },
    {
      terminal: {
        extraCommands: {
          'fail.run': nodeScript(project, "console.log('about to fail'); process.exit(3)"),
          'prompt.run': nodeScript(
            project,
            "console.log('pid ' + process.pid); process.stdout.write('Overwrite the files? (Y/n) '); setInterval(() => {}, 1000)",
          ),
          // Starts a program of its own, which must go when the command is stopped.
          'family.run': nodeScript(
            project,
            "const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('pids ' + process.pid + ' ' + c.pid); setInterval(() => console.log('tick'), 100)",
          ),
          'encoding.run': nodeScript(
            project,
            "process.stdout.write(Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0d, 0x0a])); process.stdout.write('\\x1b[32mgreen\\x1b[0m\\r\\nsecond\\rthird\\n\\n'); process.stderr.write('to stderr')",
          ),
          'ok.run': nodeScript(project, "console.log('fine')"),
        },
      },
    },
  );
  baseUrl = await listen(t);
  t.ctx.terminal.onTerminalSuccess('test-hook', (success) => void hookCalls.push(success));
  t.ctx.terminal.onTerminalSuccess('test-throw', () => {
    throw new Error('the hook failed');
  });
});
afterAll(async () => {
  await t.close();
  rmSync(project, { recursive: true, force: true });
});
beforeEach(async () => {
  ({ token } = await loginSuper(t));
});

async function run(command: string, extend = '') {
  return dataOf(await openStream(baseUrl, { command, extend, ticket: await ticketFor(t, token) }).ended);
}

it('runs version.node: link, command line, version, exit code, success, completed', async () => {
  expect(await run('version.node')).toEqual([
    FLAGS.linkSuccess,
    '> node -v',
    process.version,
    'exitCode: 0',
    FLAGS.execSuccess,
    FLAGS.execCompleted,
  ]);
});

it('reports a failing command with its exit code and the error flag', async () => {
  expect(await run('fail.run')).toEqual([
    FLAGS.linkSuccess,
    expect.stringMatching(/^> node -e /),
    'about to fail',
    'exitCode: 3',
    FLAGS.execError,
    FLAGS.execCompleted,
  ]);
});

it('sends output as UTF-8 lines without colour codes, whatever the encoding and line endings', async () => {
  const lines = await run('encoding.run');
  expect(lines.slice(2, -3).sort()).toEqual(['green', 'second', 'third', 'to stderr', '你好'].sort());
});

it('stops a command that waits for an answer', async () => {
  const stream = openStream(baseUrl, { command: 'prompt.run', ticket: await ticketFor(t, token) });
  const lines = dataOf(await stream.ended);
  expect(lines).toEqual([
    FLAGS.linkSuccess,
    expect.stringMatching(/^> node -e /),
    expect.stringMatching(/^pid \d+$/),
    'Overwrite the files? (Y/n)',
    'Error:An interactive command has been detected, and the command has been stopped',
    FLAGS.execError,
    FLAGS.execCompleted,
  ]);
  const pid = Number(lines[2]?.split(' ')[1]);
  expect(await until(() => !isRunning(pid))).toBe(true);
});

it('stops the command and what it started when the client hangs up; the next command runs', async () => {
  const stream = openStream(baseUrl, { command: 'family.run', ticket: await ticketFor(t, token) });
  await stream.waitFor((data) => data === 'tick');
  const pids = (stream.messages.find((m) => m.data.startsWith('pids '))?.data ?? '')
    .split(' ')
    .slice(1)
    .map(Number);
  expect(pids).toHaveLength(2);
  expect(pids.every(isRunning)).toBe(true);
  stream.close();
  expect(await until(() => !pids.some(isRunning))).toBe(true);
  let next: string[] = [];
  await until(async () => {
    next = await run('ok.run');
    return next.includes(FLAGS.execSuccess);
  });
  expect(next).toContain('fine');
  expect(next).toContain(FLAGS.execSuccess);
});

it('refuses a package manager that is not installed, running nothing', async () => {
  // cnpm is on no PATH of the test machines (the test would say so otherwise).
  expect(await run('version.cnpm')).toEqual([
    'Error:The package manager cnpm is not installed, install it or choose another one in the terminal settings',
    FLAGS.execError,
    FLAGS.execCompleted,
  ]);
});

it('hands a success with an extend to the hook registered for its prefix', async () => {
  hookCalls.length = 0;
  expect(await run('ok.run', 'test-hook:blog')).toContain(FLAGS.execSuccess);
  expect(hookCalls).toEqual([{ command: 'ok.run', argument: 'blog' }]);
  // A failed command calls no hook.
  expect(await run('fail.run', 'test-hook:blog')).toContain(FLAGS.execError);
  expect(hookCalls).toHaveLength(1);
});

it('turns a success whose callback fails into a failure', async () => {
  expect(await run('ok.run', 'test-throw:x')).toEqual([
    FLAGS.linkSuccess,
    expect.stringMatching(/^> node -e /),
    'fine',
    'exitCode: 0',
    'Error: Command execution succeeded, but callback execution failed',
    FLAGS.execError,
    FLAGS.execCompleted,
  ]);
});

it('builds the web app with web-build.npm and serves the new build at once', async () => {
  const page = async () => (await t.app.inject({ url: '/admin', headers: { accept: 'text/html' } })).body;
  expect(await page()).toContain('old build');
  const lines = await run('web-build.npm');
  expect(lines.slice(0, 2)).toEqual([FLAGS.linkSuccess, '> npm run build']);
  expect(lines).toContain('built');
  expect(lines.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  // No waiting for the once-a-second check: the build's success made it live.
  expect(await page()).toContain('new build');
  expect((await t.app.inject({ url: '/assets/app-new.js' })).statusCode).toBe(200);
});

it("installs the project's dependencies with web-install.npm, in the project", async () => {
  const lines = await run('web-install.npm');
  expect(lines[1]).toBe('> npm install --no-audit --no-fund');
  expect(lines.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  expect(existsSync(join(project, 'package-lock.json'))).toBe(true);
});

it("writes the npm registry into the project's own .npmrc, not the machine's", async () => {
  const checkoutNpmrc = existsSync(join(CHECKOUT, '.npmrc'));
  const lines = await run('set-npm-registry.taobao');
  // npm may warn about the machine's own settings in between (on stderr): only the order is checked.
  expect(lines.slice(0, 2)).toEqual([
    FLAGS.linkSuccess,
    '> npm config set registry https://registry.npmmirror.com/ --location=project',
  ]);
  const get = lines.indexOf('> npm config get registry');
  expect(get).toBeGreaterThan(1);
  expect(lines.slice(get + 1)).toContain('https://registry.npmmirror.com/');
  expect(lines.slice(-3)).toEqual(['exitCode: 0', FLAGS.execSuccess, FLAGS.execCompleted]);
  expect(readFileSync(join(project, '.npmrc'), 'utf8')).toContain('registry=https://registry.npmmirror.com/');
  expect(existsSync(join(CHECKOUT, '.npmrc'))).toBe(checkoutNpmrc);
  const index = await call(t.app, 'GET', '/admin/index/index', { token });
  expect(index.data.terminal.npmRegistry).toBe('taobao');
  expect(await run('set-npm-registry.npm')).toContain(FLAGS.execSuccess);
  expect((await call(t.app, 'GET', '/admin/index/index', { token })).data.terminal.npmRegistry).toBe('npm');
});

it('stops a command that runs past the time limit', async () => {
  const short = await startTestApp(
    'sqlite',
    { projectDir: project },
    {
      terminal: {
        maxRuntimeMs: 1500,
        extraCommands: { 'slow.run': nodeScript(project, 'setInterval(() => {}, 1000)') },
      },
    },
  );
  try {
    const url = await listen(short);
    const { token: superToken } = await loginSuper(short);
    const lines = dataOf(
      await openStream(url, { command: 'slow.run', ticket: await ticketFor(short, superToken) }).ended,
    );
    expect(lines.slice(-3)).toEqual([
      'Error:The command ran for more than 1 minutes and has been stopped',
      FLAGS.execError,
      FLAGS.execCompleted,
    ]);
  } finally {
    await short.close();
  }
});

it('stops a running command when the server shuts down, and closes its stream', async () => {
  const closing = await startTestApp(
    'sqlite',
    { projectDir: project },
    {
      terminal: {
        extraCommands: {
          'slow.run': nodeScript(project, "console.log('pid ' + process.pid); setInterval(() => {}, 1000)"),
        },
      },
    },
  );
  const url = await listen(closing);
  const { token: superToken } = await loginSuper(closing);
  const stream = openStream(url, { command: 'slow.run', ticket: await ticketFor(closing, superToken) });
  await stream.waitFor((data) => data.startsWith('pid '));
  const pid = Number(stream.messages.find((m) => m.data.startsWith('pid '))?.data.split(' ')[1]);
  const started = Date.now();
  await closing.close();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(isRunning(pid)).toBe(false);
  expect(dataOf(await stream.ended).slice(-3)).toEqual([
    'Error:The command has been stopped',
    FLAGS.execError,
    FLAGS.execCompleted,
  ]);
});
