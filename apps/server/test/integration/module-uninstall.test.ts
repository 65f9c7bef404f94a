/**
 * What an uninstall deletes, on a scratch project (never the checkout): a module the project
 * ships in `modules/` (the check-in module, copied with its tests) is the project's own source,
 * so installing and uninstalling it leaves every file of its folder as it was, and the answer
 * says exactly what went, and no uploaded package replaces it; a module uploaded as a zip loses
 * its folder, also when it was never installed.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { fakeProject, moduleJson, removeScratchDirs, writeRawZip } from '../support/module-project.js';
import { call, loginSuper, startTestApp, type TestApp } from '../support/test-app.js';

/** Every file under `dir` with its SHA-256, by path relative to `dir`. */
function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    hashes[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return hashes;
}

for (const { dialect } of testDatabases()) {
  describe(`uninstalling a module [${dialect}]`, () => {
    let t: TestApp;
    let project: string;
    let token: string;
    const post = (action: string, options: { query?: Record<string, string>; body?: unknown } = {}) =>
      call(t.app, 'POST', `/admin/module/${action}`, { token, ...options });
    const listed = async (uid: string) =>
      (await call(t.app, 'GET', '/admin/module/index', { token })).data.installed.find(
        (module: { uid: string }) => module.uid === uid,
      );

    beforeAll(async () => {
      project = fakeProject();
      cpSync('modules/checkin', join(project, 'modules/checkin'), { recursive: true });
      t = await startTestApp(dialect, { projectDir: project });
      token = (await loginSuper(t)).token;
    });
    afterAll(async () => {
      await t?.close();
      removeScratchDirs();
    });

    it('keeps the folder of a module the project ships, tests included, byte for byte', async () => {
      const shipped = fileHashes(join(project, 'modules/checkin'));
      expect(Object.keys(shipped)).toContain('test/installer.server.test.ts');

      expect((await post('install', { query: { uid: 'checkin' } })).code).toBe(1);
      expect(existsSync(join(project, 'apps/server/src/modules/checkin/index.ts'))).toBe(true);
      // "Disable and update" would end at a package replacing the folder: refused, nothing changed.
      const update = await post('changeState', { body: { uid: 'checkin', state: 0, update: 1 } });
      expect(update.msg).toBe(
        'The folder modules/checkin is part of the project source: update the module with the project, not from a package',
      );
      expect((await listed('checkin')).state).toBe(1);
      expect((await post('changeState', { body: { uid: 'checkin', state: 0 } })).code).toBe(1);
      // What the confirmation shows before anything is deleted.
      expect((await listed('checkin')).uninstall).toEqual({
        removes: ['modules/checkin/.state.json'],
        keeps: ['modules/checkin'],
      });

      const res = await post('uninstall', { query: { uid: 'checkin' } });
      expect(res.code).toBe(1);
      expect(res.data).toEqual({
        uid: 'checkin',
        removes: ['modules/checkin/.state.json'],
        keeps: ['modules/checkin'],
      });
      expect(fileHashes(join(project, 'modules/checkin'))).toEqual(shipped);
      expect(existsSync(join(project, 'apps/server/src/modules/checkin/index.ts'))).toBe(false);
      // Back where a fresh checkout starts: waiting for its install.
      expect((await listed('checkin')).state).toBe(2);
    });

    it('does not let an uploaded newer version replace the folder of a module the project ships', async () => {
      const shipped = fileHashes(join(project, 'modules/checkin'));
      const version = JSON.parse(readFileSync('modules/checkin/module.json', 'utf8')).version as string;
      const newer = version.replace(/\d+$/, (patch) => String(Number(patch) + 1));
      const storage = join(t.ctx.config.storageDir, 'default/20261127');
      mkdirSync(storage, { recursive: true });
      writeRawZip(join(storage, 'checkin-newer.zip'), [
        {
          name: 'module.json',
          data: Buffer.from(JSON.stringify(moduleJson({ uid: 'checkin', version: newer }))),
        },
      ]);
      const res = await post('upload', { body: { file: '/storage/default/20261127/checkin-newer.zip' } });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(
        'The folder modules/checkin is part of the project source: update the module with the project, not from a package',
      );
      expect(fileHashes(join(project, 'modules/checkin'))).toEqual(shipped);
    });

    it('deletes the folder of an uploaded module, also one never installed', async () => {
      const storage = join(t.ctx.config.storageDir, 'default/20261127');
      mkdirSync(storage, { recursive: true });
      writeRawZip(join(storage, 'blog.zip'), [
        { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid: 'blog' }))) },
        { name: 'apps/web/src/modules/blog/index.ts', data: Buffer.from('export default {};\n') },
      ]);
      const uploaded = await post('upload', { body: { file: '/storage/default/20261127/blog.zip' } });
      expect(uploaded.code).toBe(1);
      expect(uploaded.data.state).toBe(2);
      expect((await listed('blog')).uninstall).toEqual({ removes: ['modules/blog'], keeps: [] });

      const res = await post('uninstall', { query: { uid: 'blog' } });
      expect(res.msg).toBe('');
      expect(res.code).toBe(1);
      expect(res.data).toEqual({ uid: 'blog', removes: ['modules/blog'], keeps: [] });
      expect(existsSync(join(project, 'modules/blog'))).toBe(false);
      expect(await listed('blog')).toBeUndefined();
    });
  });
}
