/**
 * What the end-to-end tests of a generated module share: a scratch project the generator's
 * endpoint can install into (never the checkout), the generated module read back from it, and
 * the server started again with it, as the restart after an install starts it.
 *
 * The generated server code imports its wire as `@portico/shared/modules/<uid>`, which the
 * installer copied into the scratch project's packages/shared, not the checkout's. Each test
 * file answers that import from the scratch copy with its own hoisted mock (vi.mock only
 * applies in the file that calls it):
 *
 *   const wire = vi.hoisted(() => ({ file: '' }));
 *   vi.mock('@portico/shared/modules/<uid>', () => import(wire.file));
 *
 * and hands `wire` to loadGenerated, which points it at the scratch copy.
 */
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModuleDefinition } from '@portico/server-sdk';
import type { CrudGenerateBody } from '@portico/shared/crud-design';
import { expect } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { fakeProject } from '../../support/module-project.js';
import { call, loginSuper, startTestApp, type TestApp } from '../../support/test-app.js';
import { ROOT } from './generator/scratch-project.js';

/**
 * A scratch project the installer can install into, with the checkout's node_modules (the
 * generated code's imports resolve through it, and the generator formats with its Biome) and
 * biome.json. Removed by removeScratchDirs.
 */
export function generatorProject(): string {
  const project = fakeProject();
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  const biome = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  writeFileSync(join(project, 'biome.json'), JSON.stringify({ ...biome, vcs: { enabled: false } }));
  return project;
}

let loads = 0;
/**
 * The generated module as the project now holds it (installed into apps/server/src/modules),
 * read from a fresh copy each time: a regeneration rewrites the same paths, which the test
 * runner would otherwise answer from the modules it already loaded. The wire is loaded once:
 * a regeneration keeps the controller's name, all the server code takes from it.
 */
export async function loadGenerated(
  project: string,
  uid: string,
  wire: { file: string },
): Promise<ModuleDefinition> {
  const copy = join(project, `loaded-${++loads}`);
  cpSync(join(project, `apps/server/src/modules/${uid}`), copy, { recursive: true });
  wire.file = join(project, `packages/shared/src/modules/${uid}/index.ts`);
  return (await import(/* @vite-ignore */ join(copy, 'index.ts'))).default as ModuleDefinition;
}

/**
 * The server started again on the same database and project with these modules, as the
 * restart after an install starts it (which enables the module: migrations and rules).
 */
export async function restartWith(t: TestApp, modules: ModuleDefinition[]): Promise<TestApp> {
  const { app, ctx } = await buildApp(t.ctx.config, { modules, checkAnswers: true });
  await app.ready();
  return { ...t, app, ctx, close: () => app.close() };
}

/** The first server, which generated the design, and the one started again with its module. */
export interface GeneratedApp {
  first: TestApp;
  served: TestApp;
  /** The super administrator's, who generated it. */
  token: string;
}

/**
 * The design generated into the project by the super administrator through crud.Crud/generate
 * on a server for `dialect`, and the server started again with module `uid` as generated.
 */
export async function generateAndServe(
  dialect: Dialect,
  project: string,
  design: CrudGenerateBody,
  uid: string,
  wire: { file: string },
): Promise<GeneratedApp> {
  const first = await startTestApp(dialect, { projectDir: project });
  try {
    const { token } = await loginSuper(first);
    const generated = await call(first.app, 'POST', '/admin/crud.Crud/generate', { token, body: design });
    expect(generated.code, generated.msg).toBe(1);
    return { first, served: await restartWith(first, [await loadGenerated(project, uid, wire)]), token };
  } catch (failed) {
    await first.close();
    throw failed;
  }
}
