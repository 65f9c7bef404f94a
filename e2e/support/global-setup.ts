/**
 * Runs once before any browser test file: brings the web app's build up to date. Two files run
 * at a time (vitest.config.ts), and each starts `scripts/server.mjs start`, which builds when the
 * build is stale: two such builds at once would write into the same apps/web/dist.
 * The build runs in a process of its own, as `npm start`'s does: it sets NODE_ENV to production,
 * which must not leak into the test runner.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { webBuildIsStale } from '../../scripts/build-web.mjs';

export default function buildWebOnce(): void {
  if (!webBuildIsStale()) return;
  const built = spawnSync(process.execPath, [resolve('scripts/build-web.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the web app's build failed (exit ${built.status})`);
}
