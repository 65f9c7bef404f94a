/**
 * The rich-text editor module ships in the repository as a package waiting for installation:
 * a fresh checkout lists it under the local modules, ready to install, and its module.json is
 * one the installer accepts, naming every npm package its files import that the web workspace
 * does not already have. Read-only: nothing is installed into the checkout.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModuleInfo, ModuleState } from '@portico/shared';
import { afterEach, expect, it } from 'vitest';
import { applyPackage, listModules } from '../../src/features/module/package/index.js';
import { fakeProject, readJsonFile, removeScratchDirs } from '../support/module-project.js';

afterEach(removeScratchDirs);

const checkout = fileURLToPath(new URL('../../../../', import.meta.url));
const packageDir = join(checkout, 'modules/editor');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

it('is listed in a fresh checkout as waiting for installation', async () => {
  const editor = (await listModules(checkout)).find((module) => module.uid === 'editor');
  expect(editor).toMatchObject({ state: ModuleState.waitInstall, info: { uid: 'editor', version: '1.0.0' } });
});

it('has a module.json the installer accepts, with the web packages it brings', () => {
  const check = checkModuleInfo(readJson(join(packageDir, 'module.json')));
  if (!check.ok) throw new Error(check.message);
  expect(check.info).toMatchObject({ uid: 'editor', author: 'Portico', version: '1.0.0' });
  expect(Object.keys(check.info.web.dependencies)).toContain('@tiptap/react');
  expect(check.info.server).toEqual({ dependencies: {}, devDependencies: {} });
});

it('names every package its files import that the web workspace lacks', () => {
  const web = readJson(join(checkout, 'apps/web/package.json'));
  const declared = new Set([
    ...Object.keys(web.dependencies ?? {}),
    ...Object.keys(readJson(join(packageDir, 'module.json')).web.dependencies),
  ]);
  const files = readdirSync(join(packageDir, 'apps'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(packageDir, 'apps', file));
  expect(files.length).toBeGreaterThan(0);
  const undeclared: string[] = [];
  for (const file of files) {
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(/from '([^'.][^']*)'/g)) {
      const name = spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
      if (!declared.has(name)) undeclared.push(`${relative(packageDir, file)}: ${name}`);
    }
  }
  expect(undeclared).toEqual([]);
});

it('installs into a project as its web files and packages, nothing else', async () => {
  const project = fakeProject();
  cpSync(packageDir, join(project, 'modules/editor'), { recursive: true });
  const result = await applyPackage(project, 'editor');
  expect(result).toMatchObject({ status: 'dependentWaitInstall', waitInstall: ['web'] });
  const web = 'apps/web/src/modules/editor/';
  expect(result.status !== 'conflict' && result.copied).toEqual([
    `${web}extensions.ts`,
    `${web}index.ts`,
    `${web}lang/en.ts`,
    `${web}lang/zh-cn.ts`,
    `${web}rich-editor.css`,
    `${web}rich-editor.tsx`,
  ]);
  expect(readJsonFile(project, 'apps/web/package.json').dependencies).toMatchObject({
    react: '^19.0.0',
    '@tiptap/react': '~3.34.0',
    '@tiptap/starter-kit': '~3.34.0',
  });
  expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
    fastify: '^5.0.0',
    zod: '^4.0.0',
  });
});
