/**
 * What the store refuses or keeps to itself: a price past what its integer columns hold is
 * refused with a message and changes nothing; a published package is served only by the
 * download route (its uploaded attachment leaves `/storage`, also on a site that published
 * before this was so); a module switched off is not downloadable free and `preCheck` does not
 * call it listed, while a member whose order covers it keeps their download.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { moduleJson, scratchDir, writeRawZip } from '../../support/module-project.js';
import { multipart } from '../../support/multipart.js';
import { addModule, buyer, emptyStore, packageZip, publishVersion, sha256 } from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

type StoreDb = {
  store_module: { id: number; uid: string; price: number; original_price: number; status: string };
};

const storeRow = (t: TestApp, uid: string) =>
  t.ctx.db.kysely
    .withTables<StoreDb>()
    .selectFrom('store_module')
    .select(['price', 'original_price'])
    .where('uid', '=', uid)
    .executeTakeFirst();

async function uploadZip(t: TestApp, token: string, bytes: Buffer) {
  const { payload, headers } = multipart({ name: 'package.zip', type: 'application/zip', bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/ajax/upload',
    payload,
    headers: { ...headers, batoken: token, 'think-lang': 'en' },
  });
  const answer = response.json();
  if (answer.code !== 1) throw new Error(`upload failed: ${answer.msg}`);
  return answer.data.file as { url: string; sha1: string };
}

/** A package zip's bytes, made outside the upload storage. */
function packageBytes(uid: string, version: string): Buffer {
  const path = join(scratchDir('portico-package-'), `${uid}.zip`);
  writeRawZip(path, [
    { name: 'module.json', data: Buffer.from(JSON.stringify(moduleJson({ uid, version }))) },
    { name: `apps/web/src/modules/${uid}/index.ts`, data: Buffer.from(`export default '${version}';\n`) },
  ]);
  return readFileSync(path);
}

const anonymousGet = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

const attachmentsOf = (t: TestApp, sha1: string) =>
  t.ctx.db.kysely.selectFrom('attachment').select('id').where('sha1', '=', sha1).execute();

const memberGet = (t: TestApp, path: string, token: string, query: Record<string, string>, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: path,
    query,
    headers: { 'ba-user-token': token, 'think-lang': lang, server: 'true' },
  });

forEachDatabase(
  'module store guards',
  (get) => {
    let admin = '';

    beforeAll(async () => {
      admin = (await loginSuper(get())).token;
    });

    it('refuses a money price past 21,474,836.47 with a clear message, adding and changing nothing', async () => {
      const t = get();
      const added = await call(t.app, 'POST', '/admin/store.Module/add', {
        token: admin,
        body: { uid: 'rich', title: 'Rich', price_type: 'money', price: '21474836.48' },
      });
      expect(added).toMatchObject({ status: 200, code: 0, msg: 'The price must be at most 21474836.47' });
      expect(await storeRow(t, 'rich')).toBeUndefined();

      const module = await addModule(t, admin, { uid: 'rich', price_type: 'money', price: '21474836.47' });
      expect(await storeRow(t, 'rich')).toEqual({ price: 2_147_483_647, original_price: 0 });
      for (const [field, value, lang, msg] of [
        ['price', '99999999.99', 'en', 'The price must be at most 21474836.47'],
        ['original_price', '30000000', 'zh-cn', '价格不能超过 21474836.47'],
      ] as const) {
        const edited = await call(t.app, 'POST', '/admin/store.Module/edit', {
          token: admin,
          lang,
          body: {
            id: module.id,
            uid: 'rich',
            title: 'Rich',
            price_type: 'money',
            price: '10',
            [field]: value,
          },
        });
        expect(edited).toMatchObject({ status: 200, code: 0, msg });
      }
      expect(await storeRow(t, 'rich')).toEqual({ price: 2_147_483_647, original_price: 0 });
    });

    it('takes a published package out of /storage: only the download route serves it', async () => {
      const t = get();
      const module = await addModule(t, admin, { uid: 'secret', price_type: 'free' });
      const bytes = packageBytes('secret', '1.0.0');
      const uploaded = await uploadZip(t, admin, bytes);
      expect((await anonymousGet(t, uploaded.url)).statusCode).toBe(200);

      const published = await call(t.app, 'POST', '/admin/store.Version/add', {
        token: admin,
        body: { module_id: module.id, package: uploaded.url },
      });
      expect(published.code).toBe(1);
      expect((await anonymousGet(t, uploaded.url)).statusCode).toBe(404);
      expect(await attachmentsOf(t, uploaded.sha1)).toEqual([]);

      const member = await buyer(t, 'downloader', 0);
      const download = await memberGet(t, '/api/store/download', member.token, { uid: 'secret' });
      expect(download.statusCode).toBe(200);
      expect(sha256(download.rawPayload)).toBe(sha256(bytes));
    });

    it('removes the public copies a site kept of packages it published before, when it starts', async () => {
      const t = get();
      const module = await addModule(t, admin, { uid: 'older', price_type: 'money', price: '5' });
      const zip = packageZip(t, 'older', '1.0.0');
      const bytes = readFileSync(join(t.ctx.config.storageDir, zip.url.slice(9)));
      expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      // What publishing left behind before: the package, uploaded as an attachment, still public.
      const leftover = await uploadZip(t, admin, bytes);
      expect((await anonymousGet(t, leftover.url)).statusCode).toBe(200);
      await t.ctx.db.kysely
        .updateTable('module')
        .set({ version: '1.0.0' })
        .where('uid', '=', 'store')
        .execute();

      // The site starts again on the new version, on the same database and storage.
      const { app } = await buildApp(t.ctx.config, { checkAnswers: true });
      try {
        await app.ready();
        expect((await app.inject({ method: 'GET', url: leftover.url })).statusCode).toBe(404);
      } finally {
        await app.close();
      }
      expect(await attachmentsOf(t, leftover.sha1)).toEqual([]);
      const stored = await t.ctx.db.kysely
        .withTables<{ store_version: { module_id: number; sha256: string } }>()
        .selectFrom('store_version')
        .select('sha256')
        .where('module_id', '=', module.id)
        .executeTakeFirst();
      expect(stored?.sha256).toBe(sha256(bytes));
    });

    it('refuses a switched-off free module to members, in preCheck and download, with a clear message', async () => {
      const t = get();
      const module = await addModule(t, admin, { uid: 'retired', price_type: 'free', status: '0' });
      expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      const member = await buyer(t, 'curious', 0);
      for (const [lang, msg] of [
        ['en', 'This module is not offered in the store'],
        ['zh-cn', '商店未提供该模块'],
      ] as const) {
        for (const path of ['/api/store/preCheck', '/api/store/download']) {
          const answer = await memberGet(t, path, member.token, { uid: 'retired' }, lang);
          expect(answer.headers['content-type']).toMatch(/json/);
          expect(answer.json(), `${path} ${lang}`).toMatchObject({ code: 0, msg });
        }
      }
      const counted = await t.ctx.db.kysely
        .withTables<{ store_module: { uid: string; downloads: number } }>()
        .selectFrom('store_module')
        .select('downloads')
        .where('uid', '=', 'retired')
        .executeTakeFirstOrThrow();
      expect(counted.downloads).toBe(0);
    });

    it('keeps the download of a switched-off paid module for the member whose order covers it, only', async () => {
      const t = get();
      const module = await addModule(t, admin, { uid: 'bought', price_type: 'score', price: '10' });
      expect((await publishVersion(t, admin, module, '1.0.0')).code).toBe(1);
      const owner = await buyer(t, 'owner', 10);
      const ordered = await call(t.app, 'POST', '/api/store/order', {
        userToken: owner.token,
        body: { uid: 'bought' },
      });
      const paid = await call(t.app, 'POST', '/api/store/pay', {
        userToken: owner.token,
        body: { order_id: ordered.data.order.id },
      });
      expect(paid.code).toBe(1);
      await call(t.app, 'POST', '/admin/store.Module/edit', {
        token: admin,
        body: {
          id: module.id,
          uid: 'bought',
          title: 'Bought',
          price_type: 'score',
          price: '10',
          status: '0',
        },
      });

      const check = await memberGet(t, '/api/store/preCheck', owner.token, { uid: 'bought' });
      expect(check.json()).toMatchObject({
        code: 1,
        data: { listed: true, order_id: ordered.data.order.id },
      });
      expect((await memberGet(t, '/api/store/download', owner.token, { uid: 'bought' })).statusCode).toBe(
        200,
      );

      const stranger = await buyer(t, 'stranger', 100);
      for (const path of ['/api/store/preCheck', '/api/store/download']) {
        const answer = await memberGet(t, path, stranger.token, { uid: 'bought' });
        expect(answer.json(), path).toMatchObject({
          code: 0,
          msg: 'This module is not offered in the store',
        });
      }
    });
  },
  emptyStore(),
);
