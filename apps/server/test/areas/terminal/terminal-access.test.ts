/**
 * Who may run terminal commands, and how: only super administrators, with a single-use
 * ticket that lives a minute (or, for the original client, the admin token in the query),
 * only whitelisted keys, one command at a time. Every refusal reaches the client over the
 * stream and runs nothing; tickets and tokens never reach a log.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERMINAL_CONFIG_URL, TERMINAL_LEGACY_STREAM_URL, TERMINAL_TICKET_URL } from '@portico/shared';
import { afterAll, beforeEach, expect, it } from 'vitest';
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
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../../support/test-app.js';

const project = scratchProject({ 'package.json': '{"name":"scratch","private":true}' });
const marker = join(project, 'ran.txt');
const logLines: string[] = [];
afterAll(() => rmSync(project, { recursive: true, force: true }));

const REFUSED = 'Error:You are not super administrator or not logged in';

forEachDatabase(
  'terminal access',
  (get) => {
    let baseUrl = '';
    beforeEach(async () => {
      baseUrl = await listen(get());
      rmSync(marker, { force: true });
    });

    /** Opens `mark.run` (which would leave a file behind) and answers what the stream said. */
    async function markRun(query: Record<string, string>, path?: string) {
      const messages = await openStream(baseUrl, { command: 'mark.run', ...query }, path).ended;
      return dataOf(messages);
    }

    it('refuses an anonymous caller over the stream, and runs nothing', async () => {
      const stream = openStream(baseUrl, { command: 'mark.run' });
      const headers = await stream.headers;
      expect(headers['content-type']).toContain('text/event-stream');
      expect(headers['cache-control']).toBe('no-cache');
      expect(headers['x-accel-buffering']).toBe('no');
      const messages = await stream.ended;
      expect(dataOf(messages)).toEqual([REFUSED, FLAGS.execError, FLAGS.execCompleted]);
      expect(messages[0]).toEqual({ data: REFUSED, uuid: 'test-uuid', extend: '', key: 'mark.run' });
      expect(await markRun({ batoken: 'not-a-token-at-all-but-long-enough' })).toEqual([
        REFUSED,
        FLAGS.execError,
        FLAGS.execCompleted,
      ]);
      expect(await markRun({ ticket: 'made-up-ticket-made-up-ticket-made-up' })).toContain(REFUSED);
      expect(existsSync(marker)).toBe(false);
      expect((await call(get().app, 'POST', TERMINAL_TICKET_URL)).code).toBe(303);
    });

    it('refuses an administrator who is not a super administrator', async () => {
      const t = get();
      const group = await createGroup(t.ctx, 'terminal-less', ['dashboard', 'dashboard/index']);
      await createAdmin(t.ctx, 'plainadmin', 'plain-admin-pass', [group]);
      const { token } = await loginAdmin(t.app, 'plainadmin', 'plain-admin-pass');
      const ticket = await call(t.app, 'POST', TERMINAL_TICKET_URL, { token });
      expect(ticket).toMatchObject({ code: 401, data: null });
      expect(await markRun({ batoken: token })).toEqual([REFUSED, FLAGS.execError, FLAGS.execCompleted]);
      const config = await call(t.app, 'POST', TERMINAL_CONFIG_URL, { token, body: { manager: 'yarn' } });
      expect(config.code).toBe(401);
      expect(await t.ctx.settings.get('terminal_package_manager')).toBe('npm');
      expect(existsSync(marker)).toBe(false);
    });

    it('runs with a ticket once; the same ticket again is refused', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const ticket = await ticketFor(t, token);
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(await markRun({ ticket })).toEqual([
        FLAGS.linkSuccess,
        expect.stringMatching(/^> node -e /),
        'marked',
        'exitCode: 0',
        FLAGS.execSuccess,
        FLAGS.execCompleted,
      ]);
      expect(readFileSync(marker, 'utf8')).toBe('x');
      expect(await markRun({ ticket })).toEqual([REFUSED, FLAGS.execError, FLAGS.execCompleted]);
      expect(readFileSync(marker, 'utf8')).toBe('x');
    });

    it('refuses an expired ticket, saying so', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const ticket = await ticketFor(t, token);
      await t.ctx.db.kysely
        .updateTable('token')
        .set({ expire_time: Math.floor(Date.now() / 1000) - 1 })
        .where('type', '=', 'terminal-ticket')
        .execute();
      expect(await markRun({ ticket })).toEqual([
        'Error:The terminal ticket has expired, please try again',
        FLAGS.execError,
        FLAGS.execCompleted,
      ]);
      expect(existsSync(marker)).toBe(false);
    });

    it("ends a session's tickets when it signs out", async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const ticket = await ticketFor(t, token);
      await call(t.app, 'POST', '/admin/index/logout', { token, body: {} });
      expect(await markRun({ ticket })).toContain(REFUSED);
      expect(existsSync(marker)).toBe(false);
    });

    it("accepts the original client's batoken in the query, on its own path too", async () => {
      const t = get();
      const { token } = await loginSuper(t);
      expect(await markRun({ batoken: token }, TERMINAL_LEGACY_STREAM_URL)).toEqual([
        FLAGS.linkSuccess,
        expect.stringMatching(/^> node -e /),
        'marked',
        'exitCode: 0',
        FLAGS.execSuccess,
        FLAGS.execCompleted,
      ]);
    });

    it('runs nothing for a HEAD request, which has no stream to report on', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const ticket = await ticketFor(t, token);
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/admin/Terminal/index?command=mark.run&uuid=u&ticket=${ticket}`,
      });
      expect(head.statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(marker)).toBe(false);
    });

    it('refuses keys outside the whitelist and keys with anything extra, running nothing', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      for (const command of [
        'nope.run',
        'mark',
        'mark.run;ls',
        'mark.run ',
        'MARK.RUN',
        'mark.run.x',
        '../mark.run',
        'web-install.none',
        '',
      ]) {
        const messages = await openStream(baseUrl, { command, ticket: await ticketFor(t, token) }).ended;
        expect(dataOf(messages), command).toEqual([
          'Error:The command was not allowed to be executed',
          FLAGS.execError,
          FLAGS.execCompleted,
        ]);
      }
      expect(existsSync(marker)).toBe(false);
    });

    it('refuses a second command while one runs; the first goes on', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const first = openStream(baseUrl, { command: 'slow.run', ticket: await ticketFor(t, token) });
      await first.waitFor((data) => data.startsWith('pid '));
      const second = await openStream(baseUrl, { command: 'mark.run', ticket: await ticketFor(t, token) })
        .ended;
      expect(dataOf(second)).toEqual([
        'Error:Another command is running on the server, please wait until it has finished',
        FLAGS.execError,
        FLAGS.execCompleted,
      ]);
      expect(existsSync(marker)).toBe(false);
      const pid = Number(first.messages.find((m) => m.data.startsWith('pid '))?.data.split(' ')[1]);
      expect(isRunning(pid)).toBe(true);
      first.close();
      expect(await until(() => !isRunning(pid))).toBe(true);
    });

    it('changes the package manager and port; a bad value changes nothing', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const change = (body: unknown) => call(t.app, 'POST', TERMINAL_CONFIG_URL, { token, body });
      const terminal = async () => (await call(t.app, 'GET', '/admin/index/index', { token })).data.terminal;
      expect(await terminal()).toEqual({
        phpDevelopmentServer: false,
        npmPackageManager: 'npm',
        npmRegistry: 'npm',
        port: '8000',
      });
      for (const [body, msg] of [
        [{ manager: 'bun' }, 'Parameter manager has an unsupported value'],
        [{ manager: 'yarn', port: '70000' }, 'Parameter port must be at most 65535'],
        [{ port: '80a' }, 'Parameter port must be an integer'],
        [{ port: '0' }, 'Parameter port must be at least 1'],
        [{}, 'Parameter error'],
      ] as const) {
        expect(await change(body), JSON.stringify(body)).toMatchObject({ code: 0, msg });
      }
      expect(await terminal()).toMatchObject({ npmPackageManager: 'npm', port: '8000' });

      expect(await change({ manager: 'yarn', port: '8080' })).toMatchObject({
        code: 1,
        data: { npmPackageManager: 'yarn', port: '8080' },
      });
      expect(await change({ manager: 'none' })).toMatchObject({ code: 1 });
      expect(await terminal()).toMatchObject({ npmPackageManager: 'none', port: '8080' });
      // The original client sends only the manager, as form fields.
      const form = await t.app.inject({
        method: 'POST',
        url: TERMINAL_CONFIG_URL,
        headers: { batoken: token, 'content-type': 'application/x-www-form-urlencoded', 'think-lang': 'en' },
        payload: 'manager=npm',
      });
      expect(form.json()).toMatchObject({ code: 1 });
      expect(await terminal()).toMatchObject({ npmPackageManager: 'npm', port: '8080' });
    });

    it("reports the registry the project's npm configuration names", async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const registry = async () =>
        (await call(t.app, 'GET', '/admin/index/index', { token })).data.terminal.npmRegistry;
      try {
        writeFileSync(join(project, '.npmrc'), 'fund=false\nregistry=https://registry.npmmirror.com/\n');
        expect(await registry()).toBe('taobao');
        writeFileSync(join(project, '.npmrc'), 'registry = "https://mirrors.cloud.tencent.com/npm"\n');
        expect(await registry()).toBe('tencent');
        writeFileSync(join(project, '.npmrc'), 'registry=https://npm.example.com/\n');
        expect(await registry()).toBe('unknown');
      } finally {
        rmSync(join(project, '.npmrc'), { force: true });
      }
    });

    it('never writes a ticket or a token into the log or the admin log', async () => {
      const t = get();
      const { token } = await loginSuper(t);
      const ticket = await ticketFor(t, token);
      await markRun({ ticket });
      await markRun({ batoken: token }, TERMINAL_LEGACY_STREAM_URL);
      await markRun({ ticket });
      const logged = logLines.join('\n');
      expect(logged).toContain('/admin/Terminal/index');
      expect(logged).toContain('ticket=***');
      expect(logged).not.toContain(ticket);
      expect(logged).not.toContain(token);
      const entries = await t.ctx.db.kysely
        .selectFrom('admin_log')
        .select(['url', 'data', 'title'])
        .execute();
      expect(entries.some((e) => e.title === 'Terminal command ticket')).toBe(true);
      const stored = JSON.stringify(entries);
      expect(stored).not.toContain(ticket);
      expect(stored).not.toContain(token);
    });
  },
  // HOME: no user npm configuration of the machine's decides the registry reported.
  { projectDir: project, logLevel: 'info', environment: { ...process.env, HOME: project } },
  {
    logStream: { write: (line: string) => void logLines.push(line) },
    terminal: {
      extraCommands: {
        'mark.run': nodeScript(
          project,
          `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); console.log('marked')`,
        ),
        'slow.run': nodeScript(project, "console.log('pid ' + process.pid); setInterval(() => {}, 1000)"),
      },
    },
  },
);
