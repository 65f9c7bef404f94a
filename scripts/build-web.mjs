/**
 * Builds the web app with Vite when its build is missing or older than its sources
 * (`ensureWebBuilt`, used by `npm start`, `npm run size` and the browser tests), or
 * always (`npm run build`).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const manifest = join(web, 'dist/.vite/manifest.json');
const SOURCES = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'build'),
  join(web, 'package.json'),
  join(root, 'packages/shared/src'),
  join(root, 'package-lock.json'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A folder's own time changes when a file is added or removed in it (a module disabled).
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

export function webBuildIsStale() {
  if (!existsSync(manifest)) return true;
  return Math.max(...SOURCES.map(newestMtime)) > statSync(manifest).mtimeMs;
}

/** Builds and answers the seconds it took. */
export async function buildWeb() {
  // A production build whoever calls: under vitest NODE_ENV is 'test', which would make
  // Vite bundle React's development build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const started = performance.now();
  await build({ root: web, configFile: join(web, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  return (performance.now() - started) / 1000;
}

/** Builds when stale; answers the build time in seconds, or null when the build was current. */
export async function ensureWebBuilt() {
  if (!webBuildIsStale()) return null;
  console.log('Building the web app…');
  const seconds = await buildWeb();
  console.log(`Web app built in ${seconds.toFixed(1)} s.`);
  return seconds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Building the web app…');
  const seconds = await buildWeb();
  console.log(`Web app built in ${seconds.toFixed(1)} s.`);
}
