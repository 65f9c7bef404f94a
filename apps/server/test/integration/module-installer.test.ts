/**
 * The installer endpoints `/admin/module/*` on a scratch project: a module with a table, routes
 * and menu rules (the notes fixture) goes through conflicts (-1), decisions with a backup,
 * a package install (-2) finished by the terminal's success hook, enabled (rules in the menu,
 * routes after the restart), disabled (-1 for edited files, -2 for removed packages, originals
 * restored, rules gone), enabled again, uninstalled; a module uploaded as an attachment zip;
 * and the refusals.
 */
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { moduleState as contractState } from '../../src/module-contract/lifecycle.js';
import type { TerminalSuccessHooks } from '../../src/terminal/success-hooks.js';
import { notesEvents, notesModule } from '../fixtures/notes-module.js';
import { testDatabases } from '../support/databases.js';
import {
  fakeProject,
  moduleJson,
  readJsonFile,
  readText,
  removeScratchDirs,
  scratchDir,
  writeFiles,
  writeModule,
  writeRawZip,
} from '../support/module-project.js';
import {
  call,
  createAdmin,
  createGroup,
  loginAdmin,
  loginSuper,
  startTestApp,
  type TestApp,
} from '../support/test-app.js';

type MenuNode = { name: string; children?: MenuNode[] };
const names = (menus: MenuNode[]): string[] => menus.flatMap((m) => [m.name, ...names(m.children ?? [])]);

const NOTES_SERVER_FILE = 'apps/server/src/modules/notes/index.ts';
const NOTES_WEB_FILE = 'apps/web/src/modules/notes/index.ts';
const ORIGINAL_APP = 'export const app = 1;\n';
const MODULE_APP = 'export const app = "notes";\n';

/** The notes package as it would arrive: its server and web entries, one file overriding a project file. */
function writeNotesPackage(project: string): void {
  writeModule(project, {
    uid: 'notes',
    unpacked: true,
    server: { dependencies: { zod: '^3.0.0' } },
    web: { dependencies: { dayjs: '^1.11.0' } },
    files: {
      [NOTES_SERVER_FILE]: 'export default {};\n',
      [NOTES_WEB_FILE]: 'export default {};\n',
      'apps/server/src/app.ts': MODULE_APP,
    },
  });
}

/** Runs the terminal's success hooks as a `web-install.npm` task queued with this extend would. */
function terminalSucceeded(t: TestApp, extend: string): Promise<void> {
  const { hooks } = t.ctx.terminal as unknown as { hooks: TerminalSuccessHooks };
  return hooks.run('web-install.npm', extend);
}

for (const { dialect } of testDatabases()) {
  describe(`module installer [${dialect}]`, () => {
    let t: TestApp;
    let project: string;
    let token: string;
    const post = (
      action: string,
      options: { query?: Record<string, string>; body?: unknown; lang?: 'zh-cn' | 'en' } = {},
    ) => call(t.app, 'POST', `/admin/module/${action}`, { token, ...options });
    const menuNames = async () =>
      names((await call(t.app, 'GET', '/admin/index/index', { token })).data.menus);

    beforeAll(async () => {
      project = fakeProject();
      writeNotesPackage(project);
      t = await startTestApp(dialect, { projectDir: project }, { modules: [notesModule] });
      token = (await loginSuper(t)).token;
    });
    afterAll(async () => {
      await t?.close();
      removeScratchDirs();
    });

    it('refuses administrators who are not super, and anonymous callers', async () => {
      const group = await createGroup(t.ctx, 'Module viewers', ['moduleStore', 'moduleStore/moduleStore']);
      await createAdmin(t.ctx, 'moduler', 'Moduler-pass-1', [group]);
      const other = (await loginAdmin(t.app, 'moduler', 'Moduler-pass-1')).token;
      for (const lang of ['en', 'zh-cn'] as const) {
        const res = await call(t.app, 'GET', '/admin/module/index', { token: other, lang });
        expect(res.code).toBe(0);
        expect(res.msg).toBe(
          lang === 'en' ? 'Only super administrators can manage modules' : '只有超级管理员可以管理模块',
        );
      }
      const install = await call(t.app, 'POST', '/admin/module/install', {
        token: other,
        query: { uid: 'notes' },
      });
      expect(install.msg).toBe('Only super administrators can manage modules');
      expect((await call(t.app, 'GET', '/admin/module/index')).code).toBe(303);
      // Nothing moved: the module still waits.
      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data,
      ).toEqual({
        state: 2,
      });
    });

    it('lists the modules on the machine with their states; an unknown uid is not found', async () => {
      const index = await call(t.app, 'GET', '/admin/module/index', { token });
      expect(index.code).toBe(1);
      expect(index.data.installed).toEqual([
        expect.objectContaining({ uid: 'notes', title: 'Blog', version: '1.0.0', state: 2 }),
      ]);
      expect(index.data).toHaveProperty('sysVersion');
      for (const uid of ['nosuch', '../notes', '']) {
        const res = await post('install', { query: { uid } });
        expect(res).toMatchObject({ code: 0, msg: 'Module not found' });
      }
      expect((await post('install', { query: { uid: 'nosuch' }, lang: 'zh-cn' })).msg).toBe('模块不存在');
    });

    it('install answers -1 with the conflicts, then -2 after the decisions, then the hook enables', async () => {
      notesEvents.length = 0;
      const conflicts = await post('install', { query: { uid: 'notes' } });
      expect(conflicts.code).toBe(-1);
      expect(conflicts.msg).toBe('Module file conflicts');
      expect(conflicts.data).toMatchObject({
        uid: 'notes',
        state: 3,
        fileConflict: [{ oldFile: 'apps/server/src/app.ts', newFile: 'notes/apps/server/src/app.ts' }],
        dependConflict: [{ env: 'serverDependencies', depend: 'zod' }],
      });
      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
      ).toBe(3);
      expect(readText(project, 'apps/server/src/app.ts')).toBe(ORIGINAL_APP);

      const extend = {
        fileConflict: { 'apps/server/src/app.ts': 'cover' },
        dependConflict: { serverDependencies: { zod: 'discard' } },
      };
      const waiting = await post('install', { query: { uid: 'notes' }, body: { extend } });
      expect(waiting.code).toBe(-2);
      expect(waiting.data).toMatchObject({
        uid: 'notes',
        state: 4,
        wait_install: ['web'],
        needRebuild: true,
        needRestart: true,
      });
      expect(readText(project, 'apps/server/src/app.ts')).toBe(MODULE_APP);
      expect(existsSync(join(project, 'modules/backups/notes-install.zip'))).toBe(true);
      expect(readJsonFile(project, 'apps/web/package.json').dependencies.dayjs).toBe('^1.11.0');
      expect(readJsonFile(project, 'apps/server/package.json').dependencies.zod).toBe('^4.0.0');
      // Not enabled until the packages are installed.
      expect(await menuNames()).not.toContain('notes');
      expect((await post('install', { query: { uid: 'notes' } })).code).toBe(-2);

      // A task whose extend names no waiting module fails rather than touching anything.
      await expect(terminalSucceeded(t, 'module-install:../notes')).rejects.toThrow(
        'The module install task names no valid module',
      );
      await expect(terminalSucceeded(t, 'module-install:nosuch')).rejects.toThrow();
      await terminalSucceeded(t, 'module-install:notes');
      // A second task for it (the administrator also clicked "installed") has nothing left to do.
      await expect(terminalSucceeded(t, 'module-install:notes')).resolves.toBeUndefined();

      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
      ).toBe(1);
      expect(await contractState(t.ctx, 'notes')).toBe(1);
      expect(notesEvents).toEqual(['install', 'enable']);
      expect(await menuNames()).toEqual(expect.arrayContaining(['notes', 'notes/note', 'notes/note/index']));
      const rows = await t.ctx.db.kysely
        .withTables<{ notes_note: { id: number; title: string } }>()
        .selectFrom('notes_note')
        .select('title')
        .execute();
      expect(rows).toEqual([{ title: 'First note' }]);
    });

    it("serves the module's routes after the restart the answer asked for", async () => {
      // This process started before the module was installed: its routes are not registered.
      expect((await call(t.app, 'GET', '/admin/notes.Note/index', { token })).status).toBe(404);
      const { app } = await buildApp(t.ctx.config, {
        db: t.ctx.db,
        checkAnswers: true,
        modules: [notesModule],
      });
      await app.ready();
      try {
        const list = await call(app, 'GET', '/admin/notes.Note/index', { token });
        expect(list.code).toBe(1);
        expect(list.data.list).toEqual([{ id: 1, title: 'First note' }]);
      } finally {
        await app.close();
      }
    });

    it('refuses to install, uninstall or update an enabled module', async () => {
      expect(await post('install', { query: { uid: 'notes' } })).toMatchObject({
        code: 0,
        msg: 'Module already exists',
      });
      expect(await post('uninstall', { query: { uid: 'notes' } })).toMatchObject({
        code: 0,
        msg: 'Please disable the module first',
      });
      expect(await post('update', { query: { uid: 'notes' } })).toMatchObject({
        code: 0,
        msg: 'Please disable the module before updating',
      });
      expect((await post('update', { query: { uid: 'notes' }, lang: 'zh-cn' })).msg).toBe(
        '请先禁用模块再进行更新',
      );
      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
      ).toBe(1);
    });

    it('disable answers -1 for edited files and kept packages, then -2 when packages were removed', async () => {
      notesEvents.length = 0;
      writeFiles(project, { [NOTES_WEB_FILE]: 'export default { edited: true };\n' });
      const check = await post('changeState', { body: { uid: 'notes', state: 0 } });
      expect(check.code).toBe(-1);
      expect(check.msg).toBe('Module file updated');
      expect(check.data).toMatchObject({
        uid: 'notes',
        conflictFile: [NOTES_WEB_FILE],
        dependConflict: [{ env: 'webDependencies', depend: 'dayjs', solution: 'delete' }],
      });
      expect(await menuNames()).toContain('notes');

      const disabled = await post('changeState', {
        body: {
          uid: 'notes',
          state: 0,
          confirmConflict: 1,
          dependConflictSolution: { webDependencies: ['dayjs'] },
        },
      });
      expect(disabled.code).toBe(-2);
      expect(disabled.data).toMatchObject({
        uid: 'notes',
        state: 6,
        wait_install: ['web'],
        needRebuild: true,
        // Its server file went: the server restarts when npm start supervises it (not here).
        needRestart: true,
        restarting: false,
      });
      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
      ).toBe(6);
      expect(await contractState(t.ctx, 'notes')).toBe(6);
      expect(notesEvents).toEqual(['disable']);
      expect(readText(project, 'apps/server/src/app.ts')).toBe(ORIGINAL_APP);
      expect(existsSync(join(project, NOTES_SERVER_FILE))).toBe(false);
      expect(readJsonFile(project, 'apps/web/package.json').dependencies.dayjs).toBeUndefined();
      const menu = await menuNames();
      expect(menu).not.toContain('notes');
      expect(menu).not.toContain('notes/note');
    });

    it('an update of a disabled module points to the upload; enabling again goes back through install', async () => {
      const update = await post('update', { query: { uid: 'notes' } });
      expect(update.code).toBe(0);
      expect(update.msg).toBe(
        'Sign in to the module market to update from it, or upload the new version of the module as a zip',
      );

      const ready = await post('changeState', { body: { uid: 'notes', state: 1 } });
      expect(ready.code).toBe(1);
      expect(ready.data).toMatchObject({ state: 2, info: { uid: 'notes' } });
      const extend = {
        fileConflict: { 'apps/server/src/app.ts': 'discard' },
        dependConflict: { serverDependencies: { zod: 'discard' } },
      };
      const waiting = await post('install', { query: { uid: 'notes' }, body: { extend } });
      expect(waiting.code).toBe(-2);
      expect(readText(project, 'apps/server/src/app.ts')).toBe(ORIGINAL_APP);
      const done = await post('dependentInstallComplete', { query: { uid: 'notes' } });
      expect(done.code).toBe(1);
      expect(done.data).toMatchObject({ state: 1, info: { uid: 'notes' }, needRebuild: true });
      expect(await menuNames()).toContain('notes/note');
    });

    it('uninstalls only a disabled module: its table and record go, then its folder', async () => {
      const disabled = await post('changeState', { body: { uid: 'notes', state: 0, confirmConflict: 1 } });
      expect(disabled.code).toBe(1);
      expect(disabled.data).toMatchObject({ state: 6 });
      notesEvents.length = 0;
      const res = await post('uninstall', { query: { uid: 'notes' } });
      expect(res.code).toBe(1);
      expect(notesEvents).toEqual(['uninstall']);
      expect(await contractState(t.ctx, 'notes')).toBeNull();
      expect(existsSync(join(project, 'modules/notes'))).toBe(false);
      expect(existsSync(join(project, 'modules/backups/notes-install.zip'))).toBe(true);
      expect(
        (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
      ).toBe(0);
      expect((await post('uninstall', { query: { uid: 'notes' } })).msg).toBe('Module not found');
    });

    it('installs a zip uploaded as an attachment and refuses anything outside the upload storage', async () => {
      const storage = t.ctx.config.storageDir;
      mkdirSync(join(storage, 'default/20261123'), { recursive: true });
      const entries = (uid: string) => [
        { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid }))) },
        { name: `apps/web/src/modules/${uid}/index.ts`, data: Buffer.from('export default {};\n') },
      ];
      writeRawZip(join(storage, 'default/20261123/blog.zip'), entries('blog'));
      const outside = join(scratchDir(), 'outside.zip');
      writeRawZip(outside, entries('evil'));
      symlinkSync(outside, join(storage, 'default/20261123/link.zip'));

      for (const file of [
        outside,
        '/storage/../../outside.zip',
        `/storage/default/../../../${outside}`,
        '/storage/default/20261123/link.zip',
        '/storage/default/20261123/blog.txt',
      ]) {
        const res = await post('upload', { body: { file } });
        expect(res.code, file).toBe(0);
        expect(res.msg, file).toBe('The module package must be a zip file uploaded as an attachment');
      }
      expect((await post('upload', { body: { file: outside }, lang: 'zh-cn' })).msg).toBe(
        '模块包必须是作为附件上传的 zip 文件',
      );
      expect((await post('upload', { body: { file: '/storage/default/none.zip' } })).msg).toBe(
        'Zip file not found',
      );
      expect(existsSync(join(project, 'modules/evil'))).toBe(false);

      const upload = await post('upload', {
        body: { file: 'https://example.com/storage/default/20261123/blog.zip' },
      });
      expect(upload.code).toBe(1);
      expect(upload.data).toMatchObject({ info: { uid: 'blog' }, state: 2, upgrade: false });
      const installed = await post('install', { query: { uid: 'blog' } });
      expect(installed.code).toBe(1);
      // Web files only: the web app is rebuilt, and the server has nothing of it to load.
      expect(installed.data).toMatchObject({ state: 1, needRebuild: true, needRestart: false });
      expect(installed.data).toMatchObject({ restarting: false });
      expect(readText(project, 'apps/web/src/modules/blog/index.ts')).toBe('export default {};\n');
    });

    it('a newer version uploaded over a disabled module is enabled, with its update event, at the restart', async () => {
      const storage = t.ctx.config.storageDir;
      const zipOf = (version: string) => {
        const file = join(storage, `default/20261123/notes-${version}.zip`);
        writeRawZip(file, [
          { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid: 'notes', version }))) },
          { name: NOTES_SERVER_FILE, data: Buffer.from(`export const version = '${version}';\n`) },
        ]);
        return `/storage/default/20261123/notes-${version}.zip`;
      };
      expect((await post('upload', { body: { file: zipOf('1.0.0') } })).data).toMatchObject({
        upgrade: false,
      });
      notesEvents.length = 0;
      const first = await post('install', { query: { uid: 'notes' } });
      // The definition of this very version is loaded: enabled at once; its server file wants a restart.
      expect(first.data).toMatchObject({ state: 1, needRebuild: false, needRestart: true });
      // No supervisor runs this server (npm start would): the administrator must restart it.
      expect(first.data).toMatchObject({ restarting: false });
      expect(first.msg).toBe("Restart the server to load the module's server code");
      expect(notesEvents).toEqual(['install', 'enable']);
      // "Disable and update": disabled, then -3 sends the client for the new version.
      const toUpdate = await post('changeState', { body: { uid: 'notes', state: 0, update: 1 } });
      expect(toUpdate.code).toBe(-3);
      expect(toUpdate.msg).toBe('Module disabled: now bring its new version');
      expect(toUpdate.data).toMatchObject({ uid: 'notes', state: 6, needRestart: true, restarting: false });
      expect(await contractState(t.ctx, 'notes')).toBe(6);

      const upgrade = await post('upload', { body: { file: zipOf('1.0.1') } });
      expect(upgrade.data).toMatchObject({ upgrade: true, state: 2, info: { version: '1.0.1' } });
      notesEvents.length = 0;
      const second = await post('install', { query: { uid: 'notes' } });
      expect(second.data).toMatchObject({ state: 1, needRestart: true });
      // This process runs 1.0.0 of the module: the database side waits for the start that loads 1.0.1.
      expect(await contractState(t.ctx, 'notes')).toBe(6);
      expect(notesEvents).toEqual([]);
      expect(await menuNames()).not.toContain('notes');

      const { app } = await buildApp(t.ctx.config, {
        db: t.ctx.db,
        checkAnswers: true,
        modules: [{ ...notesModule, version: '1.0.1' }],
      });
      await app.ready();
      try {
        expect(notesEvents).toEqual(['update from 1.0.0', 'enable']);
        expect(await contractState(t.ctx, 'notes')).toBe(1);
        const menu = await call(app, 'GET', '/admin/index/index', { token });
        expect(names(menu.data.menus)).toContain('notes/note');
        expect((await call(app, 'GET', '/admin/notes.Note/index', { token })).code).toBe(1);
      } finally {
        await app.close();
      }
    });

    it('runs one module operation at a time, also across server processes', async () => {
      const lock = join(t.ctx.config.dataDir, 'module-installer.lock');
      // Another live process (this one's parent) holds the lock.
      writeFileSync(lock, `${process.ppid}\n`);
      try {
        for (const lang of ['en', 'zh-cn'] as const) {
          const res = await post('changeState', { body: { uid: 'notes', state: 0 }, lang });
          expect(res.code).toBe(0);
          expect(res.msg).toBe(
            lang === 'en'
              ? 'Another module operation is running, please try again when it has finished'
              : '另一个模块操作正在进行，请在其完成后重试',
          );
        }
        expect(
          (await call(t.app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
        ).toBe(1);
      } finally {
        rmSync(lock, { force: true });
      }
      expect((await post('changeState', { body: { uid: 'notes', state: 0 } })).code).toBe(1);
    });

    it('a disable whose event fails leaves the module enabled with its files, so it can be retried', async () => {
      let failDisable = true;
      const notes = {
        ...notesModule,
        version: '1.0.1',
        events: {
          ...notesModule.events,
          disable: () => {
            if (failDisable) throw new Error('the disable event failed');
          },
        },
      };
      const { app } = await buildApp(t.ctx.config, { db: t.ctx.db, checkAnswers: true, modules: [notes] });
      await app.ready();
      const on = (action: string, body: unknown, query?: Record<string, string>) =>
        call(app, 'POST', `/admin/module/${action}`, { token, body, query });
      try {
        expect((await on('changeState', { uid: 'notes', state: 1 })).data).toMatchObject({ state: 2 });
        expect((await on('install', {}, { uid: 'notes' })).data).toMatchObject({ state: 1 });
        expect(await contractState(t.ctx, 'notes')).toBe(1);

        const failed = await on('changeState', { uid: 'notes', state: 0 });
        expect(failed.code).not.toBe(1);
        expect(await contractState(t.ctx, 'notes')).toBe(1);
        expect(existsSync(join(project, NOTES_SERVER_FILE))).toBe(true);
        expect(
          (await call(app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state,
        ).toBe(1);

        failDisable = false;
        expect((await on('changeState', { uid: 'notes', state: 0 })).data).toMatchObject({ state: 6 });
        expect(await contractState(t.ctx, 'notes')).toBe(6);
        expect(existsSync(join(project, NOTES_SERVER_FILE))).toBe(false);
      } finally {
        await app.close();
      }
    });

    it('an enable whose install event fails takes the files back out, so the install can be retried', async () => {
      let failInstall = true;
      const notes = {
        ...notesModule,
        events: {
          ...notesModule.events,
          install: () => {
            if (failInstall) throw new Error('the install event failed');
            notesEvents.push('install');
          },
        },
      };
      const { app } = await buildApp(t.ctx.config, { db: t.ctx.db, checkAnswers: true, modules: [notes] });
      await app.ready();
      const on = (action: string, body: unknown, query?: Record<string, string>) =>
        call(app, 'POST', `/admin/module/${action}`, { token, body, query });
      const state = async () =>
        (await call(app, 'GET', '/admin/module/state', { token, query: { uid: 'notes' } })).data.state;
      try {
        // Uninstalled from the database, so the next enable is a first install.
        expect((await on('uninstall', {}, { uid: 'notes' })).code).toBe(1);
        writeNotesPackage(project);
        // The module's web package is not in the workspace any more: the install waits for it.
        const web = readJsonFile(project, 'apps/web/package.json');
        delete web.dependencies.dayjs;
        writeFiles(project, { 'apps/web/package.json': JSON.stringify(web, null, 2) });
        expect(await state()).toBe(2);
        const extend = {
          fileConflict: { 'apps/server/src/app.ts': 'cover' },
          dependConflict: { serverDependencies: { zod: 'discard' } },
        };
        expect((await on('install', { extend }, { uid: 'notes' })).code).toBe(-2);
        const failed = await on('dependentInstallComplete', {}, { uid: 'notes' });
        expect(failed.code).not.toBe(1);
        expect(await state()).toBe(2);
        expect(await contractState(t.ctx, 'notes')).not.toBe(1);
        expect(existsSync(join(project, NOTES_SERVER_FILE))).toBe(false);
        expect(readText(project, 'apps/server/src/app.ts')).toBe(ORIGINAL_APP);
        expect(names((await call(app, 'GET', '/admin/index/index', { token })).data.menus)).not.toContain(
          'notes',
        );

        failInstall = false;
        notesEvents.length = 0;
        // The package it added stays listed (installed by then): nothing waits this time.
        expect((await on('install', { extend }, { uid: 'notes' })).data).toMatchObject({ state: 1 });
        expect(await contractState(t.ctx, 'notes')).toBe(1);
        expect(readText(project, 'apps/server/src/app.ts')).toBe(MODULE_APP);
        // Still a first install for the contract: its install step is not skipped.
        expect(notesEvents).toEqual(['install', 'enable']);
      } finally {
        await app.close();
      }
    });

    it('records every step in the administrator log', async () => {
      const rows = await t.ctx.db.kysely.selectFrom('admin_log').select(['title', 'url']).execute();
      const titles = new Set(rows.filter((r) => r.url.includes('/admin/module/')).map((r) => r.title));
      // Like every route, reads (GET index/state) are not logged.
      for (const title of [
        'Install module',
        'Module dependencies installed',
        'Enable module',
        'Disable module',
        'Uninstall module',
        'Update module',
        'Upload module',
      ])
        expect(titles).toContain(title);
    });
  });
}
