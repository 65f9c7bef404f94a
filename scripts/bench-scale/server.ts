/**
 * A real Portico server as `npm start` runs it (scripts/server.mjs under its supervisor), on
 * the run's database, with the login captcha off; the web build is not needed for lists, so
 * WEB_DIST names an empty folder and `start` does not build the web app. The list trace is on
 * (PORTICO_LIST_TRACE=1): a request asking for it is answered the paths its list took and the
 * statements it ran (why.ts); the timed requests do not ask, and run as a site's do.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ServerProcess {
  base: string;
  /** The server process itself (the supervisor's child), whose memory is reported. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * `project`: the project the server runs from (the checkout, or a scratch copy with a generated
 * module); `env`: more of the server's environment (the write bench lifts the auth rate limit).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  port: number,
  project = resolve('.'),
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const webDist = join(dataDir, 'no-web-build');
  mkdirSync(webDist, { recursive: true });
  // Heap flags as in `npm start` (package.json).
  const supervisor = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--max-old-space-size=1024', join(project, 'scripts/server.mjs'), 'start'],
    {
      cwd: project,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ADMIN_LOGIN_CAPTCHA: '0',
        PORTICO_LIST_TRACE: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, supervisor);
    return { base, pid: childOf(supervisor.pid ?? 0), stop: () => stop(supervisor) };
  } catch (error) {
    await stop(supervisor);
    throw error;
  }
}

async function waitForHealth(base: string, supervisor: ChildProcess): Promise<void> {
  // A first start on a big SQLite database may spend a while in its migrations' checks.
  for (let i = 0; i < 600; i++) {
    if (supervisor.exitCode !== null) throw new Error(`the server exited with code ${supervisor.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within two minutes');
}

function childOf(supervisorPid: number): number {
  const children = readFileSync(`/proc/${supervisorPid}/task/${supervisorPid}/children`, 'utf8');
  const pid = Number(children.trim().split(/\s+/)[0]);
  if (!pid) throw new Error('the supervisor runs no server process');
  return pid;
}

async function stop(supervisor: ChildProcess): Promise<void> {
  if (supervisor.exitCode !== null || supervisor.signalCode !== null) return;
  const exited = new Promise((r) => supervisor.once('exit', r));
  supervisor.kill('SIGTERM');
  await exited;
}

/** Resident memory now (VmRSS) and at its peak (VmHWM), in MiB. */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Signs in as the super administrator; the token every list request carries. */
export async function signIn(base: string, password: string): Promise<string> {
  const response = await fetch(`${base}/admin/index/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const body = (await response.json()) as {
    code: number;
    msg?: string;
    data?: { userInfo?: { token?: string } };
  };
  const token = body.data?.userInfo?.token;
  if (body.code !== 1 || !token) throw new Error(`sign-in failed: ${body.msg ?? response.status}`);
  return token;
}
