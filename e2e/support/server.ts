/**
 * The real server for browser tests: `node scripts/server.mjs start` (which builds the web
 * app when stale) on a free port, with a fresh SQLite database in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealth } from '../../apps/server/test/support/server-process.js';

export interface E2eServer {
  baseUrl: string;
  adminPassword: string;
  dataDir: string;
  /** The SQLite file, for tests that change the server's state directly (e.g. expire a token). */
  databaseFile: string;
  stop(): Promise<void>;
}

/**
 * `root` runs another copy of the project (a scratch copy a test may change: modules installed,
 * packages added, the web app rebuilt), from its own folder as `npm start` there would.
 */
export async function startServer(
  env: Record<string, string> = {},
  { root = resolve('.') }: { root?: string } = {},
): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/server.mjs'), 'start'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_LOGIN_CAPTCHA: '0',
      USER_LOGIN_CAPTCHA: '0',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl, () =>
    child.exitCode === null && child.signalCode === null
      ? null
      : { code: child.exitCode, signal: child.signalCode },
  );
  const saved = readFileSync(join(dataDir, 'admin-password.txt'), 'utf8');
  const adminPassword = /password:\s*(\S+)/i.exec(saved)?.[1] ?? '';
  return {
    baseUrl,
    adminPassword,
    dataDir,
    databaseFile: join(dataDir, 'portico.sqlite'),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
