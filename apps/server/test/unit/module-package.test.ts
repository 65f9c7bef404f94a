/**
 * The module package library on scratch projects: states on disk, enabling a package with
 * file and dependency conflicts decided by the administrator (backups of what it overwrote),
 * the dependency wait, and disabling it again (edited files and remaining packages reported,
 * module files removed, originals restored, packages optionally removed).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleState } from '@portico/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPackage,
  BACKUP_LIMITS,
  checkDisable,
  completeDependencyInstall,
  disablePackage,
  inspectModule,
  moduleState,
  readModule,
  safeUnzip,
  writeModuleState,
} from '../../src/features/module/package/index.js';
import {
  fakeProject,
  type ModuleFixture,
  readJsonFile,
  readText,
  removeScratchDirs,
  scratchDir,
  writeFiles,
  writeModule,
} from '../support/module-project.js';

afterEach(removeScratchDirs);

const SERVER_ENTRY = 'apps/server/src/modules/blog/index.ts';
const WEB_PAGE = 'apps/web/src/modules/blog/pages/list.tsx';

/** Unpacks a backup archive and answers its files with their content. */
async function zipContents(zip: string): Promise<Record<string, string>> {
  const dir = join(scratchDir(), 'unpacked');
  const files = await safeUnzip(zip, dir, BACKUP_LIMITS);
  return Object.fromEntries(files.sort().map((path) => [path, readText(dir, path)]));
}

const blog = (extra: ModuleFixture = {}): ModuleFixture => ({
  files: { [SERVER_ENTRY]: 'export default "blog";\n', [WEB_PAGE]: 'export default () => null;\n' },
  ...extra,
});

describe('a module on disk', () => {
  it('is uninstalled without a folder or with an empty one', async () => {
    const project = fakeProject();
    expect(await moduleState(project, 'blog')).toBe(ModuleState.uninstalled);
    mkdirSync(join(project, 'modules/blog'), { recursive: true });
    expect(await moduleState(project, 'blog')).toBe(ModuleState.uninstalled);
    await expect(readModule(project, 'blog')).rejects.toThrow('Module not found');
  });

  it('occupies its directory when the folder holds no valid module.json of that uid', async () => {
    const project = fakeProject();
    writeFiles(project, { 'modules/blog/readme.txt': 'x' });
    expect(await moduleState(project, 'blog')).toBe(ModuleState.directoryOccupied);
    await expect(readModule(project, 'blog')).rejects.toThrow(
      'Basic configuration of the Module is incomplete',
    );
    writeModule(project, { uid: 'shop' });
    writeFiles(project, { 'modules/blog/module.json': readText(project, 'modules/shop/module.json') });
    expect(await moduleState(project, 'blog')).toBe(ModuleState.directoryOccupied);
    await expect(readModule(project, 'blog')).rejects.toThrow(
      'The directory required by the module is occupied',
    );
  });

  it('waits for installation until the manager records another state', async () => {
    const project = fakeProject();
    writeModule(project, blog());
    expect(await moduleState(project, 'blog')).toBe(ModuleState.waitInstall);
    expect((await readModule(project, 'blog')).title).toBe('Blog');
    await writeModuleState(project, 'blog', {
      state: ModuleState.disable,
      update: true,
      waitInstall: ['web'],
    });
    expect(await inspectModule(project, 'blog')).toMatchObject({
      state: 6,
      update: true,
      waitInstall: ['web'],
    });
  });
});

describe('enabling a package', () => {
  it('copies the mirror files into the project and records them, with nothing to back up', async () => {
    const project = fakeProject();
    writeModule(project, blog());
    const result = await applyPackage(project, 'blog');
    expect(result).toEqual({
      status: 'installed',
      waitInstall: [],
      copied: [SERVER_ENTRY, WEB_PAGE],
      backup: null,
    });
    expect(readText(project, SERVER_ENTRY)).toBe('export default "blog";\n');
    expect(await moduleState(project, 'blog')).toBe(ModuleState.installed);
    expect(existsSync(join(project, 'modules/backups'))).toBe(false);
    const runtime = readJsonFile(project, 'modules/blog/.runtime.json');
    expect(runtime.files.map((f: { path: string }) => f.path)).toEqual([SERVER_ENTRY, WEB_PAGE]);
  });

  it('never copies package.json files from a package and refuses to run twice', async () => {
    const project = fakeProject();
    writeModule(project, blog({ files: { 'apps/server/package.json': '{}', [SERVER_ENTRY]: 'x' } }));
    expect(await applyPackage(project, 'blog')).toMatchObject({ copied: [SERVER_ENTRY] });
    expect(readJsonFile(project, 'apps/server/package.json').name).toBe('@portico/server');
    await expect(applyPackage(project, 'blog')).rejects.toThrow(
      'The module cannot do this in its current state',
    );
  });

  it('does not count a destination with the same content or a package at the same version as a conflict', async () => {
    const project = fakeProject();
    writeFiles(project, { [SERVER_ENTRY]: 'export default "blog";\n' });
    writeModule(project, blog({ server: { dependencies: { zod: '^4.0.0' } } }));
    expect(await applyPackage(project, 'blog')).toMatchObject({ status: 'installed', waitInstall: [] });
  });

  it('answers both conflict lists without a decision, changing nothing but the state', async () => {
    const project = fakeProject();
    writeModule(
      project,
      blog({
        files: { 'apps/server/src/app.ts': 'export const app = 2;\n', [SERVER_ENTRY]: 'x' },
        server: { dependencies: { zod: '^3.0.0', dayjs: '^1.11.0' } },
        web: { devDependencies: { vite: '^7.0.0' } },
      }),
    );
    const result = await applyPackage(project, 'blog');
    expect(result).toEqual({
      status: 'conflict',
      data: {
        uid: 'blog',
        state: ModuleState.conflictPending,
        fileConflict: [
          { newFile: 'blog/apps/server/src/app.ts', oldFile: 'apps/server/src/app.ts', solution: 'cover' },
        ],
        dependConflict: [
          {
            env: 'serverDependencies',
            newDepend: 'zod ^3.0.0',
            oldDepend: 'zod ^4.0.0',
            depend: 'zod',
            solution: 'cover',
          },
          {
            env: 'webDevDependencies',
            newDepend: 'vite ^7.0.0',
            oldDepend: 'vite ^8.0.0',
            depend: 'vite',
            solution: 'cover',
          },
        ],
      },
    });
    expect(await moduleState(project, 'blog')).toBe(ModuleState.conflictPending);
    expect(readText(project, 'apps/server/src/app.ts')).toBe('export const app = 1;\n');
    expect(existsSync(join(project, SERVER_ENTRY))).toBe(false);
    expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
      fastify: '^5.0.0',
      zod: '^4.0.0',
    });
  });
});

/** A module overwriting two project files and adding/changing server packages, after decisions. */
async function enabledWithDecisions(project: string) {
  writeFiles(project, { 'apps/web/src/theme.css': 'body { color: black; }\n' });
  writeModule(
    project,
    blog({
      files: {
        [SERVER_ENTRY]: 'export default "blog";\n',
        'apps/server/src/app.ts': 'export const app = "blog";\n',
        'apps/web/src/theme.css': 'body { color: red; }\n',
        'docs/blog.md': '# Blog\n',
      },
      server: { dependencies: { zod: '^3.0.0', dayjs: '^1.11.0' } },
      web: { devDependencies: { vite: '^7.0.0' } },
      protectedFiles: ['docs/blog.md'],
    }),
  );
  expect((await applyPackage(project, 'blog')).status).toBe('conflict');
  return applyPackage(project, 'blog', {
    decisions: {
      fileConflict: { 'apps/server/src/app.ts': 'cover', 'apps/web/src/theme.css': 'discard' },
      dependConflict: { serverDependencies: { zod: 'cover' }, webDevDependencies: { vite: 'discard' } },
    },
    now: new Date('2026-01-02T03:04:05Z'),
  });
}

describe('conflict decisions', () => {
  it('skips discarded files and packages, backs up what it overwrites, and waits for the install', async () => {
    const project = fakeProject();
    const result = await enabledWithDecisions(project);
    expect(result).toMatchObject({ status: 'dependentWaitInstall', waitInstall: ['server'] });
    expect(result.status !== 'conflict' && result.copied).toEqual([
      'apps/server/src/app.ts',
      SERVER_ENTRY,
      'docs/blog.md',
    ]);
    expect(readText(project, 'apps/server/src/app.ts')).toBe('export const app = "blog";\n');
    expect(readText(project, 'apps/web/src/theme.css')).toBe('body { color: black; }\n');
    expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
      dayjs: '^1.11.0',
      fastify: '^5.0.0',
      zod: '^3.0.0',
    });
    expect(readJsonFile(project, 'apps/web/package.json').devDependencies).toEqual({ vite: '^8.0.0' });
    expect(readText(project, 'apps/server/package.json').endsWith('}\n')).toBe(true);

    const backup = join(project, 'modules/backups/blog-install.zip');
    expect(result.status !== 'conflict' && result.backup).toBe(backup);
    const saved = await zipContents(backup);
    expect(Object.keys(saved)).toEqual(['apps/server/package.json', 'apps/server/src/app.ts']);
    expect(saved['apps/server/src/app.ts']).toBe('export const app = 1;\n');
    expect(JSON.parse(saved['apps/server/package.json'] ?? '').dependencies.zod).toBe('^4.0.0');

    expect(await inspectModule(project, 'blog')).toMatchObject({ state: 4, waitInstall: ['server'] });
    expect(await completeDependencyInstall(project, 'blog', 'server')).toBe(ModuleState.installed);
  });

  it('keeps a later cover in a dated archive', async () => {
    const project = fakeProject();
    writeModule(project, blog({ files: { 'apps/server/src/app.ts': 'new' } }));
    const result = await applyPackage(project, 'blog', {
      decisions: { fileConflict: {} },
      trigger: 'cover',
      now: new Date('2026-01-02T03:04:05Z'),
    });
    expect(result.status !== 'conflict' && result.backup).toBe(
      join(project, 'modules/backups/blog-cover-20260102030405.zip'),
    );
    expect(await zipContents(join(project, 'modules/backups/blog-cover-20260102030405.zip'))).toEqual({
      'apps/server/src/app.ts': 'export const app = 1;\n',
    });
  });

  it('stays waiting while another workspace still needs its install', async () => {
    const project = fakeProject();
    writeModule(
      project,
      blog({ server: { dependencies: { dayjs: '^1.0.0' } }, web: { dependencies: { swr: '^2.0.0' } } }),
    );
    expect(await applyPackage(project, 'blog')).toMatchObject({ waitInstall: ['server', 'web'] });
    expect(await completeDependencyInstall(project, 'blog', 'web')).toBe(ModuleState.dependentWaitInstall);
    expect(await completeDependencyInstall(project, 'blog')).toBe(ModuleState.installed);
    expect(readJsonFile(project, 'apps/web/package.json').dependencies).toEqual({
      react: '^19.0.0',
      swr: '^2.0.0',
    });
  });
  it('puts the project back as it was when a copy fails half way', async () => {
    const project = fakeProject();
    // A plain file where the package needs a folder: the web copy fails after the server ones.
    writeFiles(project, { 'apps/web/src/modules': 'not a folder' });
    writeModule(
      project,
      blog({
        files: { 'apps/server/src/app.ts': 'module', [SERVER_ENTRY]: 'x', [WEB_PAGE]: 'y' },
        server: { dependencies: { dayjs: '^1.11.0' } },
      }),
    );
    await expect(applyPackage(project, 'blog', { decisions: {} })).rejects.toThrow();
    expect(readText(project, 'apps/server/src/app.ts')).toBe('export const app = 1;\n');
    expect(existsSync(join(project, SERVER_ENTRY))).toBe(false);
    expect(existsSync(join(project, 'apps/server/src/modules'))).toBe(false);
    expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
      fastify: '^5.0.0',
      zod: '^4.0.0',
    });
    expect(await moduleState(project, 'blog')).toBe(ModuleState.waitInstall);
    // A retry after the cause is gone still backs up the original.
    rmSync(join(project, 'apps/web/src/modules'));
    const retry = await applyPackage(project, 'blog', { decisions: {} });
    expect(retry.status !== 'conflict' && retry.backup).toBe(
      join(project, 'modules/backups/blog-install.zip'),
    );
    expect(
      (await zipContents(join(project, 'modules/backups/blog-install.zip')))['apps/server/src/app.ts'],
    ).toBe('export const app = 1;\n');
  });
  it('refuses to write through a link or over a folder in the project', async () => {
    const project = fakeProject();
    const outside = join(scratchDir(), 'outside.txt');
    writeFileSync(outside, 'outside');
    mkdirSync(join(project, 'apps/web/src/assets'), { recursive: true });
    symlinkSync(outside, join(project, 'apps/web/src/assets/logo.svg'));
    writeModule(project, blog({ files: { 'apps/web/src/assets/logo.svg': '<svg/>' } }));
    await expect(applyPackage(project, 'blog', { decisions: {} })).rejects.toThrow(
      'The module cannot replace %s: it is not a plain file',
    );
    expect(readText(outside, '')).toBe('outside');

    const linkedFolder = fakeProject();
    const elsewhere = scratchDir();
    symlinkSync(elsewhere, join(linkedFolder, 'docs'));
    writeModule(linkedFolder, blog({ files: { 'docs/blog.md': '# Blog' } }));
    await expect(applyPackage(linkedFolder, 'blog')).rejects.toThrow('it is not a plain file');
    expect(readdirSync(elsewhere)).toEqual([]);

    const folder = fakeProject();
    mkdirSync(join(folder, 'apps/server/src/routes/inner'), { recursive: true });
    writeModule(folder, blog({ files: { 'apps/server/src/routes': 'x' } }));
    await expect(applyPackage(folder, 'blog', { decisions: {} })).rejects.toThrow('it is not a plain file');
    expect(existsSync(join(folder, 'apps/server/src/routes/inner'))).toBe(true);
  });
});

describe('disabling a package', () => {
  it('reports edited module files and remaining packages, and changes nothing without confirmation', async () => {
    const project = fakeProject();
    await enabledWithDecisions(project);
    writeFileSync(join(project, SERVER_ENTRY), 'export default "edited";\n');
    const expected = {
      uid: 'blog',
      conflictFile: [SERVER_ENTRY],
      dependConflict: [
        { env: 'serverDependencies', depend: 'zod', dependTitle: 'zod ^3.0.0', solution: 'delete' },
        { env: 'serverDependencies', depend: 'dayjs', dependTitle: 'dayjs ^1.11.0', solution: 'delete' },
      ],
    };
    expect(await checkDisable(project, 'blog')).toEqual(expected);
    expect(await disablePackage(project, 'blog')).toEqual({ status: 'conflict', data: expected });
    expect(readText(project, SERVER_ENTRY)).toBe('export default "edited";\n');
    expect(await moduleState(project, 'blog')).toBe(ModuleState.dependentWaitInstall);
  });

  it('removes module files, restores the originals, keeps protected and discarded files, removes chosen packages', async () => {
    const project = fakeProject();
    await enabledWithDecisions(project);
    writeFileSync(join(project, SERVER_ENTRY), 'export default "edited";\n');
    const result = await disablePackage(project, 'blog', {
      confirmConflict: true,
      // vite is the project's own package at another version; the module never added it.
      removeDependencies: { serverDependencies: ['dayjs', 'fastify'], webDevDependencies: [] },
      now: new Date('2026-01-02T03:04:05Z'),
    });
    expect(result).toEqual({
      status: 'dependentWaitInstall',
      waitInstall: ['server'],
      removed: ['apps/server/src/app.ts', SERVER_ENTRY],
      restored: ['apps/server/src/app.ts'],
      backup: join(project, 'modules/backups/blog-disable-20260102030405.zip'),
    });
    expect(readText(project, 'apps/server/src/app.ts')).toBe('export const app = 1;\n');
    expect(existsSync(join(project, 'apps/server/src/modules'))).toBe(false);
    expect(readText(project, 'apps/web/src/theme.css')).toBe('body { color: black; }\n');
    expect(readText(project, 'docs/blog.md')).toBe('# Blog\n');
    expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
      fastify: '^5.0.0',
      zod: '^3.0.0',
    });

    const saved = await zipContents(join(project, 'modules/backups/blog-disable-20260102030405.zip'));
    expect(Object.keys(saved)).toEqual(['apps/server/package.json', SERVER_ENTRY]);
    expect(saved[SERVER_ENTRY]).toBe('export default "edited";\n');
    expect(JSON.parse(saved['apps/server/package.json'] ?? '').dependencies.dayjs).toBe('^1.11.0');
    expect(await inspectModule(project, 'blog')).toMatchObject({
      state: ModuleState.disable,
      waitInstall: [],
    });
    expect(readdirSync(join(project, 'modules/blog'))).not.toContain('.runtime.json');
  });

  it('answers disabled when no package was removed, and enables again from the disabled state', async () => {
    const project = fakeProject();
    writeModule(project, blog());
    await applyPackage(project, 'blog');
    const result = await disablePackage(project, 'blog');
    expect(result).toMatchObject({ status: 'disabled', waitInstall: [], restored: [], backup: null });
    expect(existsSync(join(project, SERVER_ENTRY))).toBe(false);
    await expect(disablePackage(project, 'blog')).rejects.toThrow(
      'The module cannot do this in its current state',
    );
    await writeModuleState(project, 'blog', {
      state: ModuleState.waitInstall,
      update: false,
      waitInstall: [],
    });
    expect(await applyPackage(project, 'blog')).toMatchObject({ status: 'installed' });
    expect(readText(project, SERVER_ENTRY)).toBe('export default "blog";\n');
  });

  it('does not restore stale originals after a later enable discarded the conflict', async () => {
    const project = fakeProject();
    writeModule(project, blog({ files: { 'apps/server/src/app.ts': 'module' } }));
    await applyPackage(project, 'blog', { decisions: {} });
    await disablePackage(project, 'blog');
    writeFileSync(join(project, 'apps/server/src/app.ts'), 'edited by the administrator later\n');
    await writeModuleState(project, 'blog', {
      state: ModuleState.waitInstall,
      update: false,
      waitInstall: [],
    });
    await applyPackage(project, 'blog', {
      decisions: { fileConflict: { 'apps/server/src/app.ts': 'discard' } },
    });
    await disablePackage(project, 'blog');
    expect(readText(project, 'apps/server/src/app.ts')).toBe('edited by the administrator later\n');
  });

  it('restores nothing when disabled while conflicts were still pending', async () => {
    const project = fakeProject();
    writeModule(project, blog({ files: { 'apps/server/src/app.ts': 'module' } }));
    await applyPackage(project, 'blog', { decisions: {} });
    await disablePackage(project, 'blog');
    writeFileSync(join(project, 'apps/server/src/app.ts'), 'edited by the administrator later\n');
    await writeModuleState(project, 'blog', {
      state: ModuleState.waitInstall,
      update: false,
      waitInstall: [],
    });
    expect((await applyPackage(project, 'blog')).status).toBe('conflict');
    expect(await disablePackage(project, 'blog')).toMatchObject({
      status: 'disabled',
      removed: [],
      restored: [],
    });
    expect(readText(project, 'apps/server/src/app.ts')).toBe('edited by the administrator later\n');
  });

  it('never deletes through a link that appeared in the project since the enable', async () => {
    const project = fakeProject();
    writeModule(project, blog({ files: { 'docs/blog/guide.md': 'module guide' } }));
    await applyPackage(project, 'blog');
    const elsewhere = scratchDir();
    writeFiles(elsewhere, { 'guide.md': 'someone else' });
    rmSync(join(project, 'docs/blog'), { recursive: true });
    symlinkSync(elsewhere, join(project, 'docs/blog'));
    expect(await disablePackage(project, 'blog')).toMatchObject({ status: 'disabled', removed: [] });
    expect(readText(elsewhere, 'guide.md')).toBe('someone else');
  });

  it('puts back the project’s own version of a package the module covered, and never offers packages it found in place', async () => {
    const project = fakeProject();
    writeModule(
      project,
      blog({ server: { dependencies: { zod: '^3.0.0', fastify: '^5.0.0', dayjs: '^1.11.0' } } }),
    );
    await applyPackage(project, 'blog', { decisions: {} });
    const check = await checkDisable(project, 'blog');
    expect(check.dependConflict.map((d) => d.dependTitle)).toEqual(['zod ^3.0.0', 'dayjs ^1.11.0']);
    const result = await disablePackage(project, 'blog', {
      confirmConflict: true,
      removeDependencies: { serverDependencies: ['zod', 'dayjs', 'fastify'] },
    });
    expect(result).toMatchObject({ status: 'dependentWaitInstall', waitInstall: ['server'] });
    expect(readJsonFile(project, 'apps/server/package.json').dependencies).toEqual({
      fastify: '^5.0.0',
      zod: '^4.0.0',
    });
  });

  it('offers no packages when the module was disabled before any were merged', async () => {
    const project = fakeProject();
    writeModule(project, blog({ server: { dependencies: { zod: '^3.0.0' } } }));
    expect((await applyPackage(project, 'blog')).status).toBe('conflict');
    expect(await checkDisable(project, 'blog')).toEqual({
      uid: 'blog',
      conflictFile: [],
      dependConflict: [],
    });
  });
});
