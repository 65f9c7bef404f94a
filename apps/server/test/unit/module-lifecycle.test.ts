/**
 * The remaining state steps of a module on disk: listing the modules of a project, enabling a
 * disabled module again (back to wait-install), clearing the update mark, and uninstalling.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleState } from '@portico/shared';
import { afterEach, expect, it } from 'vitest';
import {
  applyPackage,
  clearUpdateFlag,
  disablePackage,
  inspectModule,
  listModules,
  readyToEnable,
  uninstallPackage,
  writeModuleState,
} from '../../src/features/module/package/index.js';
import { fakeProject, removeScratchDirs, writeFiles, writeModule } from '../support/module-project.js';

afterEach(removeScratchDirs);

it('lists the module folders of a project with their states, skipping the manager’s own folders', async () => {
  const project = fakeProject();
  expect(await listModules(project)).toEqual([]);
  writeModule(project, { uid: 'blog' });
  writeModule(project, { uid: 'shop', version: '2.0.0' });
  await writeModuleState(project, 'shop', { state: ModuleState.disable, update: false, waitInstall: [] });
  writeFiles(project, { 'modules/broken/readme.txt': 'x', 'modules/backups/blog-install.zip': 'x' });
  mkdirSync(join(project, 'modules/.upload-1'), { recursive: true });
  mkdirSync(join(project, 'modules/empty'), { recursive: true });
  const listed = await listModules(project);
  expect(listed.map((m) => [m.uid, m.state, m.info?.version ?? null])).toEqual([
    ['blog', ModuleState.waitInstall, '1.0.0'],
    ['broken', ModuleState.directoryOccupied, null],
    ['shop', ModuleState.disable, '2.0.0'],
  ]);
});

it('enables a disabled module again by making it wait for installation', async () => {
  const project = fakeProject();
  writeModule(project, { files: { 'docs/blog.md': 'x' } });
  await expect(readyToEnable(project, 'blog')).rejects.toThrow(
    'The module cannot do this in its current state',
  );
  await applyPackage(project, 'blog');
  await disablePackage(project, 'blog');
  await readyToEnable(project, 'blog');
  expect(await inspectModule(project, 'blog')).toMatchObject({ state: ModuleState.waitInstall });
  expect(await applyPackage(project, 'blog')).toMatchObject({
    status: 'installed',
    copied: ['docs/blog.md'],
  });
});

it('clears the update mark once the update step ran', async () => {
  const project = fakeProject();
  writeModule(project);
  await writeModuleState(project, 'blog', { state: ModuleState.waitInstall, update: true, waitInstall: [] });
  await clearUpdateFlag(project, 'blog');
  expect(await inspectModule(project, 'blog')).toMatchObject({
    state: ModuleState.waitInstall,
    update: false,
  });
});

it('uninstalls only a disabled module, removing its folder and keeping the backups', async () => {
  const project = fakeProject();
  writeModule(project, { unpacked: true, files: { 'apps/server/src/app.ts': 'module' } });
  await applyPackage(project, 'blog', { decisions: {} });
  await expect(uninstallPackage(project, 'blog')).rejects.toThrow('Please disable the module first');
  await disablePackage(project, 'blog');
  await uninstallPackage(project, 'blog');
  expect(existsSync(join(project, 'modules/blog'))).toBe(false);
  expect(existsSync(join(project, 'modules/backups/blog-install.zip'))).toBe(true);
  expect(await inspectModule(project, 'blog')).toMatchObject({ state: ModuleState.uninstalled });
});
