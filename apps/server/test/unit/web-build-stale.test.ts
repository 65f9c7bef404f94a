/**
 * `npm start` rebuilds the web app when its sources changed since the last build. Disabling a
 * module takes its web files out (apps/web/src/modules/<uid>/): the build holding them is stale
 * too, or the disabled module's editor would still be served after the restart.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const CHECKOUT = join(import.meta.dirname, '../../../..');
let project = '';
afterEach(() => rmSync(project, { recursive: true, force: true }));

function write(path: string, text: string, age: Date) {
  mkdirSync(join(project, path, '..'), { recursive: true });
  writeFileSync(join(project, path), text);
  utimesSync(join(project, path), age, age);
}

it('counts a removed source folder as a change since the build', async () => {
  project = mkdtempSync(join(tmpdir(), 'portico-web-build-'));
  cpSync(join(CHECKOUT, 'scripts/build-web.mjs'), join(project, 'scripts/build-web.mjs'));
  const sourcesTime = new Date(Date.now() - 120_000);
  write('apps/web/src/modules/registry.ts', 'export {};', sourcesTime);
  write('apps/web/src/modules/editor/index.ts', 'export {};', sourcesTime);
  for (const dir of ['apps/web/src/modules/editor', 'apps/web/src/modules', 'apps/web/src'])
    utimesSync(join(project, dir), sourcesTime, sourcesTime);
  write('apps/web/dist/.vite/manifest.json', '{}', new Date(Date.now() - 60_000));
  const { webBuildIsStale } = await import(pathToFileURL(join(project, 'scripts/build-web.mjs')).href);
  expect(webBuildIsStale()).toBe(false);

  rmSync(join(project, 'apps/web/src/modules/editor'), { recursive: true });
  expect(webBuildIsStale()).toBe(true);
});
