/**
 * The real server as its own process (`main.ts start`, run through tsx so no bundle or web
 * build is needed), for tests that must see whether the process survives: an error that
 * kills a server process would only fail an in-process test as a stray "unhandled error".
 * `supervised` runs `scripts/server.mjs start` instead, as `npm start` does: the supervisor
 * with the bundled server as its child (no web build: WEB_DIST names a missing folder).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../../..');
const MAIN = join(ROOT, 'apps/server/src/main.ts');
const START_SCRIPT = join(ROOT, 'scripts/server.mjs');
/** Keep the end of the server's output for failure messages. */
const OUTPUT_KEPT = 20_000;

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  baseUrl: string;
  /** The process started: the server, or the supervisor when `supervised`. */
  pid: number;
  /** The super administrator's password, when this process created it (else ''). */
  adminPassword: string;
  /** How the process ended; null while it runs. */
  exited(): ServerExit | null;
  /** The last of what the process wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(
  env: Record<string, string>,
  { supervised = false, nodeFlags = [] as string[] } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-process-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = [...nodeFlags, ...(supervised ? [START_SCRIPT, 'start'] : ['--import', 'tsx', MAIN, 'start'])];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_LOGIN_CAPTCHA: '0',
      USER_LOGIN_CAPTCHA: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      // No web build needed: these tests talk to the API only.
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exit: ServerExit | null = null;
  const ended = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    });
  });

  const stop = async () => {
    if (!exit) {
      child.kill('SIGTERM');
      await ended;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, () => exit);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  // Only the process that created the super administrator has its password.
  const passwordFile = join(dataDir, 'admin-password.txt');
  const saved = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8') : '';
  return {
    baseUrl,
    pid: child.pid ?? 0,
    adminPassword: /password:\s*(\S+)/i.exec(saved)?.[1] ?? '',
    exited: () => exit,
    output: () => output,
    stop,
  };
}

/** Waits until the server at `baseUrl` answers /health; fails at once if it exits. */
export async function waitForHealth(baseUrl: string, exited: () => ServerExit | null): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`the server exited (code ${exit.code}, signal ${exit.signal})`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer /health within 90 seconds');
}
