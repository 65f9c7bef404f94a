/**
 * The check-in package as shipped in the repository: a fresh checkout lists it waiting for
 * installation, its module.json is one the installer accepts, it imports no npm package the
 * workspaces lack (so it brings none), the installer copies exactly its server and web files
 * into a scratch project, and every page its menu rules name is a page its web entry declares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModuleInfo, ModuleState } from '@portico/shared';
import { afterEach, expect, it } from 'vitest';
import { listModules } from '../../../apps/server/src/features/module/package/index.js';
import { flattenRules } from '../../../apps/server/src/module-contract/define.js';
import { readJsonFile, removeScratchDirs } from '../../../apps/server/test/support/module-project.js';
import checkin from '../apps/server/src/modules/checkin/index.js';
import checkinWeb from '../apps/web/src/modules/checkin/index.js';
import { installInto, PACKAGE_DIR, projectWithPackage } from './scratch-install.js';

afterEach(removeScratchDirs);

const checkout = fileURLToPath(new URL('../../../', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

it('is listed in a fresh checkout as waiting for installation', async () => {
  const found = (await listModules(checkout)).find((module) => module.uid === 'checkin');
  expect(found).toMatchObject({ state: ModuleState.waitInstall, info: { uid: 'checkin', version: '1.0.0' } });
});

it('has a module.json the installer accepts, with the version of its server entry', () => {
  const check = checkModuleInfo(readJson(join(PACKAGE_DIR, 'module.json')));
  if (!check.ok) throw new Error(check.message);
  expect(check.info).toMatchObject({ uid: 'checkin', title: 'Daily check-in', author: 'Portico' });
  expect(check.info.version).toBe(checkin.version);
  expect(check.info.server).toEqual({ dependencies: {}, devDependencies: {} });
  expect(check.info.web).toEqual({ dependencies: {}, devDependencies: {} });
});

it('imports only npm packages its workspace already has', () => {
  const undeclared: string[] = [];
  for (const side of ['server', 'web']) {
    const workspace = readJson(join(checkout, `apps/${side}/package.json`));
    const declared = new Set([...Object.keys(workspace.dependencies ?? {}), 'node']);
    const dir = join(PACKAGE_DIR, 'apps', side);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const [, spec = ''] of readFileSync(join(dir, file), 'utf8').matchAll(
        /(?:from|import) '([^'.][^']*)'/g,
      )) {
        const name = spec.startsWith('node:')
          ? 'node'
          : spec
              .split('/')
              .slice(0, spec.startsWith('@') ? 2 : 1)
              .join('/');
        if (!declared.has(name)) undeclared.push(`${side}/${relative(dir, join(dir, file))}: ${name}`);
      }
    }
  }
  expect(undeclared).toEqual([]);
});

it('installs into a scratch project as its server, web and wire files, with no packages to install', async () => {
  const project = projectWithPackage();
  const before = readJsonFile(project, 'apps/web/package.json');
  const result = await installInto(project);
  expect(result.waitInstall).toEqual([]);
  const server = 'apps/server/src/modules/checkin/';
  const web = 'apps/web/src/modules/checkin/';
  expect(result.copied).toEqual([
    `${server}admin.resource.ts`,
    `${server}check-in.ts`,
    `${server}index.ts`,
    `${server}lang.ts`,
    `${server}member.routes.ts`,
    `${server}site-day.ts`,
    `${server}tables.ts`,
    `${web}api.ts`,
    `${web}index.ts`,
    `${web}lang/en.ts`,
    `${web}lang/zh-cn.ts`,
    `${web}views/checkin-admin.tsx`,
    `${web}views/checkin.css`,
    `${web}views/member-checkin.tsx`,
    // The wire types both sides import as @portico/shared/modules/checkin.
    'packages/shared/src/modules/checkin/index.ts',
  ]);
  expect(readJsonFile(project, 'apps/web/package.json')).toEqual(before);
});

it('declares a web page for every component its menu rules name', () => {
  const components = flattenRules<{ component?: string; children?: unknown[] }>([
    ...checkin.adminRules,
    ...checkin.memberRules,
  ])
    .map((rule) => rule.component)
    .filter(Boolean);
  expect(components).toHaveLength(2);
  expect(Object.keys(checkinWeb.pages).sort()).toEqual([...components].sort());
});
