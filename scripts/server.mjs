/**
 * `npm start`, `npm run migrate`, `npm run takeover`, `npm run migrate-rollback`, `npm run reset-admin-password`:
 * builds the web app when stale (start only), then bundles the server's TypeScript into one
 * ES module with esbuild (about a tenth of a second, so it runs every time and is never
 * stale), then runs it with plain Node. Running from the bundle rather
 * than through a TypeScript loader saves about 35 MiB of memory and the start-up compile.
 * Packages from node_modules stay external; the workspace's own TypeScript package
 * (@portico/shared) is bundled in.
 *
 * `start` supervises: the server runs as a child process (see supervisor.mjs) that exits with
 * RESTART_EXIT_CODE when the module installer asks for a restart; this process then bundles
 * again (picking up the modules installed meanwhile) and starts a new child. The other
 * commands run in this process, as before. `bundle` (internal) only bundles.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { webBuildIsStale } from './build-web.mjs';
import { writeServerModuleRegistry } from './module-registry.mjs';
import { supervise } from './supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const outfile = join(server, 'dist/main.js');

const { dependencies, optionalDependencies } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
const external = Object.keys({ ...dependencies, ...optionalDependencies }).filter(
  (name) => !name.startsWith('@portico/'),
);

const command = process.argv[2] ?? 'start';

// Installed modules are found at build time: their folders become static imports.
async function bundle() {
  const { build } = await import('esbuild');
  writeServerModuleRegistry();
  const result = await build({
    entryPoints: [join(server, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // Positions only: a stack trace needs no copy of the sources (the map: 2.4 MB → 0.7 MB).
    sourcesContent: false,
    external,
    logLevel: 'warning',
    write: false,
  });
  // Each file is written aside and renamed into place: several `npm start`s in one checkout
  // (server processes behind a load balancer, docs/deploy.md) bundle at once, and a server
  // must never load a bundle another is half-way through writing.
  mkdirSync(dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

/**
 * For the supervisor: the bundle made by a short-lived process (this script's `bundle`), so
 * esbuild's memory (about 15 MiB, and its service process) never stays with the supervisor.
 */
async function bundleApart() {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'bundle'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the bundler exited with code ${run.status}`);
}

/** The server serves apps/web/dist unless WEB_DIST names another build (tests run without one). */
const servesOwnWebBuild =
  !process.env.WEB_DIST || resolve(process.env.WEB_DIST) === join(root, 'apps/web/dist');

if (command === 'start') {
  // The server serves the web app, so `npm start` brings its build up to date first, in a
  // process of its own: Vite's memory would otherwise stay with the server for good.
  if (servesOwnWebBuild && webBuildIsStale()) {
    const built = spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  await supervise({ bundle: bundleApart, entry: outfile, args: ['start'] });
} else if (command === 'bundle') {
  await bundle();
} else {
  await bundle();
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(outfile).href);
}
