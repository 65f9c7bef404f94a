import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { moduleMirror } from './scripts/module-mirror-plugin.mjs';

/**
 * Errors thrown after a test file's environment was torn down, by what antd's static notices
 * left behind: they render in React roots of their own that no test unmounts (the request
 * layer's messages, loaded on first use; Modal.confirm), so a message's closing timer or the
 * lazy load of its code can still run when the file's tests are over and jsdom's window is
 * gone. Nothing a test asserts can fail there; CI's last two runs each had such an error (after
 * terminal-store and crud-screen, on Node 20 and 24). Every other unhandled error still fails
 * the run.
 */
function afterTeardown(error: {
  name?: string;
  message: string;
  stack?: string;
  stacks?: { method: string }[];
}): boolean {
  const frames = `${error.stack ?? ''} ${(error.stacks ?? []).map((frame) => frame.method).join(' ')}`;
  const reactWithoutWindow =
    error.message === 'window is not defined' && frames.includes('performWorkUntilDeadline');
  const lateLoad =
    error.name === 'EnvironmentTeardownError' &&
    /node_modules\/(antd|@babel\/runtime|@rc-component|@ant-design)\//.test(error.message);
  return reactWithoutWindow || lateLoad;
}

export default defineConfig({
  test: {
    onUnhandledError: (error) => !afterTeardown(error),
    projects: [
      {
        // moduleMirror: a module package's server tests (modules/<uid>/test/*.server.test.ts).
        plugins: [moduleMirror(import.meta.dirname)],
        test: {
          name: 'server',
          include: [
            'apps/server/test/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'modules/*/test/**/*.server.test.ts',
          ],
          environment: 'node',
          // Each dialect's schema migrated once; test apps start on copies of it.
          globalSetup: ['apps/server/test/support/migrated-templates.ts'],
          // Integration suites create real databases; give slow DDL on MariaDB room.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Vitest's default on two cores is one worker (cores - 1), so every file ran after the
          // other; the suites wait on databases and servers as much as they compute.
          maxWorkers: 2,
        },
      },
      {
        // moduleMirror: tests of a module package (modules/<uid>/) before it is installed.
        plugins: [react(), moduleMirror(import.meta.dirname)],
        test: {
          name: 'web',
          // Module packages carry their own tests (modules/<uid>/test/).
          include: ['apps/web/test/**/*.test.{ts,tsx}', 'modules/*/test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'modules/*/test/**/*.server.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // The first test of a file pays for importing antd under jsdom, seconds on two busy cores;
          // a test's waits (apps/web/test/support/wait.ts) must fit in it.
          testTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll's default second is shorter than an antd leave animation on a loaded
          // machine (CI once saw an upload's finished row beside its fading 'uploading' row).
          expect: { poll: { timeout: 15_000 } },
          // After the server and web tests (a group of their own), two files at a time: a file
          // spends much of its time waiting (on its server, on builds and installs, on animations).
          // One at a time they took about 28 minutes of CI; two at a time, about 17.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // Each file's server would otherwise build a stale web app, two builds into one folder.
          globalSetup: ['e2e/support/global-setup.ts'],
          // The tests' own requests each on a new connection (the file says why).
          setupFiles: ['e2e/support/own-connections.ts'],
        },
      },
    ],
  },
});
