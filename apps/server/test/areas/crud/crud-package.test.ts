/**
 * A CRUD record's module downloaded as a package and published on this site's store (issue 33
 * point 7), on a scratch project, on every configured database. The generator is the small fake
 * of support/fake-crud-generator.ts: what is checked is the package (installed on another
 * scratch project through the ordinary upload path), the store's item and versions (read back
 * through the store's own routes, down to a member's download), and the refusals: not a super
 * administrator, a failed or older record, a record whose module was deleted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeWebFile } from '../../support/fake-crud-generator.js';
import { fakeProject, readText, removeScratchDirs } from '../../support/module-project.js';
import { buyer, sha256 } from '../../support/store.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  startTestApp,
  type TestApp,
} from '../../support/test-app.js';

vi.mock('../../../src/areas/crud/generator/index.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...(await import('../../support/fake-crud-generator.js')).FAKE_GENERATOR,
}));

const project = fakeProject();
afterAll(removeScratchDirs);

const design = (name: string) => ({
  type: 'create',
  table: { name, comment: name, quickSearchField: [], columnFields: ['id'], formFields: ['id'] },
  fields: [{ name: 'id', designType: 'pk' }],
});

async function newestLogId(t: TestApp, table: string): Promise<number> {
  const row = await t.ctx.db.kysely
    .selectFrom('crud_log')
    .select('id')
    .where('table_name', '=', table)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The download as the browser receives it: the zip's bytes and headers, or the refusal's envelope. */
async function download(t: TestApp, token: string, id: number, lang: 'en' | 'zh-cn' = 'en') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/admin/crud.Crud/download?id=${id}`,
    headers: { batoken: token, server: 'true', 'think-lang': lang },
  });
  const zip = /zip/.test(String(response.headers['content-type']));
  return {
    zip: zip ? response.rawPayload : null,
    envelope: zip ? null : response.json(),
    disposition: String(response.headers['content-disposition'] ?? ''),
  };
}

async function storeVersions(t: TestApp, token: string, uid: string): Promise<string[]> {
  const res = await call(t.app, 'GET', '/admin/store.Version/index', {
    token,
    query: { quickSearch: uid, limit: '50' },
  });
  return res.data.list.map((row: { version: string }) => row.version);
}

forEachDatabase(
  'CRUD record packages',
  (get) => {
    let token = '';
    beforeAll(async () => {
      token = (await loginSuper(get())).token;
    });

    it('downloads the module as a zip that installs on another project through the upload', async () => {
      const t = get();
      const generated = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design('gizmo'),
      });
      expect(generated.code, generated.msg).toBe(1);
      const id = await newestLogId(t, 'gizmo');
      const rows = (await call(t.app, 'GET', '/admin/crud.Log/index', { token })).data.list;
      expect(rows.find((row: { id: number }) => row.id === id)).toMatchObject({
        status: 'success',
        package: true,
      });

      const got = await download(t, token, id);
      expect(got.envelope).toBeNull();
      expect(got.disposition).toBe('attachment; filename="gizmo-1.0.0.zip"');

      const other = await startTestApp(t.dialect, { projectDir: fakeProject() });
      try {
        const otherToken = (await loginSuper(other)).token;
        const dir = join(other.ctx.config.storageDir, 'default/20261128');
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'gizmo.zip'), got.zip as Buffer);
        const upload = await call(other.app, 'POST', '/admin/module/upload', {
          token: otherToken,
          body: { file: '/storage/default/20261128/gizmo.zip' },
        });
        expect(upload.code, upload.msg).toBe(1);
        expect(upload.data).toMatchObject({ info: { uid: 'gizmo', version: '1.0.0' }, upgrade: false });
        const installed = await call(other.app, 'POST', '/admin/module/install', {
          token: otherToken,
          query: { uid: 'gizmo' },
        });
        expect(installed.code, installed.msg).toBe(1);
        expect(installed.data).toMatchObject({ state: 1, needRebuild: true });
        const otherProject = other.ctx.config.projectDir;
        expect(readText(otherProject, fakeWebFile('gizmo'))).toBe(readText(project, fakeWebFile('gizmo')));
        // The design travels with it: the other site's generator takes the module as its own.
        expect(JSON.parse(readText(otherProject, 'modules/gizmo/crud-design.json')).table.name).toBe('gizmo');
      } finally {
        await other.close();
      }
    });

    it("publishes on the store: the item first, then each newer generation's version", async () => {
      const t = get();
      const first = await newestLogId(t, 'gizmo');
      const published = await call(t.app, 'POST', '/admin/crud.Crud/publish', { token, body: { id: first } });
      expect(published).toMatchObject({
        code: 1,
        msg: 'Version 1.0.0 of gizmo is published on the store',
        data: { uid: 'gizmo', version: '1.0.0', created: true },
      });
      const info = await call(t.app, 'GET', '/api/store/info', { query: { uid: 'gizmo' } });
      expect(info.code, info.msg).toBe(1);
      expect(info.data).toMatchObject({ uid: 'gizmo', title: 'gizmo', price_type: 'free' });

      const again = await call(t.app, 'POST', '/admin/crud.Crud/publish', {
        token,
        body: { id: first },
        lang: 'zh-cn',
      });
      expect(again).toMatchObject({ code: 0, msg: '版本 1.0.0 已发布' });
      expect(await storeVersions(t, token, 'gizmo')).toEqual(['1.0.0']);

      expect(
        (await call(t.app, 'POST', '/admin/crud.Crud/generate', { token, body: design('gizmo') })).code,
      ).toBe(1);
      const second = await newestLogId(t, 'gizmo');
      const older = await call(t.app, 'POST', '/admin/crud.Crud/publish', { token, body: { id: first } });
      expect(older).toMatchObject({
        code: 0,
        msg: `Record ${first} was followed by a later generation of its table (record ${second}): download or publish that one`,
      });
      const newer = await call(t.app, 'POST', '/admin/crud.Crud/publish', {
        token,
        body: { id: second, update_log: 'Second design' },
      });
      expect(newer).toMatchObject({ code: 1, data: { version: '1.0.1', created: false } });
      expect(await storeVersions(t, token, 'gizmo')).toEqual(['1.0.1', '1.0.0']);

      // A member downloads what was published: the package of the newest generation.
      const member = await buyer(t, 'crud-buyer', 0);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/store/download?uid=gizmo',
        headers: { 'ba-user-token': member.token, server: 'true' },
      });
      expect(response.statusCode).toBe(200);
      expect(sha256(response.rawPayload)).toBe(response.headers['x-package-sha256']);
      expect(sha256(response.rawPayload)).toBe(sha256((await download(t, token, second)).zip as Buffer));
    });

    it('refuses administrators who are not super, failed records and records whose module was deleted', async () => {
      const t = get();
      const group = await createGroup(t.ctx, 'Generators', [
        'crud/crud',
        'crud/crud/index',
        'crud/crud/generate',
      ]);
      await createAdmin(t.ctx, 'generator', 'Generator-pass-1', [group]);
      const generator = (await loginAdmin(t.app, 'generator', 'Generator-pass-1')).token;
      const id = await newestLogId(t, 'gizmo');
      const refusal = 'Only super administrators can download or publish generated code';
      expect((await download(t, generator, id)).envelope).toMatchObject({ code: 0, msg: refusal });
      expect(
        await call(t.app, 'POST', '/admin/crud.Crud/publish', { token: generator, body: { id } }),
      ).toMatchObject({ code: 0, msg: refusal });

      // A generation that failed after the module's: the module stays that of the last success.
      await t.ctx.db.kysely
        .insertInto('crud_log')
        .values({
          table_name: 'gizmo',
          table: '{"name":"gizmo"}',
          fields: '[]',
          status: 'error',
          connection: 'sqlite',
          create_time: Math.floor(Date.now() / 1000),
        })
        .execute();
      expect((await download(t, token, await newestLogId(t, 'gizmo'))).envelope).toMatchObject({
        code: 0,
        msg: 'Only a successful generation has a module to download or publish',
      });
      expect((await download(t, token, id)).zip).not.toBeNull();

      const removed = await call(t.app, 'POST', '/admin/crud.Crud/delete', { token, body: { id } });
      expect(removed.code, removed.msg).toBe(1);
      const gone = 'The module gizmo of this record was deleted: generate it again to download or publish it';
      expect((await download(t, token, id)).envelope).toMatchObject({ code: 0, msg: gone });
      expect(await call(t.app, 'POST', '/admin/crud.Crud/publish', { token, body: { id } })).toMatchObject({
        code: 0,
        msg: gone,
      });
      expect((await download(t, token, id, 'zh-cn')).envelope.msg).toBe(
        '该记录的模块 gizmo 已被删除：请重新生成后再下载或发布',
      );
      expect(await storeVersions(t, token, 'gizmo')).toEqual(['1.0.1', '1.0.0']);

      // A module uninstalled through the module screen leaves its successful record without a package.
      expect(
        (await call(t.app, 'POST', '/admin/crud.Crud/generate', { token, body: design('doohickey') })).code,
      ).toBe(1);
      const doohickey = await newestLogId(t, 'doohickey');
      const steps = [
        ['changeState', { body: { uid: 'doohickey', state: 0, confirmConflict: 1 } }],
        ['uninstall', { query: { uid: 'doohickey' } }],
      ] as const;
      for (const [action, options] of steps) {
        const res = await call(t.app, 'POST', `/admin/module/${action}`, { token, ...options });
        expect(res.code, `${action}: ${res.msg}`).toBe(1);
      }
      expect(
        await call(t.app, 'POST', '/admin/crud.Crud/publish', { token, body: { id: doohickey } }),
      ).toMatchObject({
        code: 0,
        msg: 'The module doohickey of this record was deleted: generate it again to download or publish it',
      });
      const rows = (await call(t.app, 'GET', '/admin/crud.Log/index', { token })).data.list;
      expect(rows.filter((row: { package: boolean }) => row.package)).toEqual([]);
    });
  },
  { projectDir: project },
);
