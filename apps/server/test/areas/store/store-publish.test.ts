/**
 * Publishing in the module store: categories and modules in the back-office, versions uploaded
 * as package zips (checked as the installer checks an upload: the uid must be the module's, the
 * version newer than the last), the menu rules of the area, and the public catalogue: the "all"
 * tab, category filter, keyword search, paging, and a module's page with its sanitized markdown.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { packagesRoot } from '../../../src/areas/store/packages.js';
import {
  addModule,
  emptyStore,
  type PublishedModule,
  packageZip,
  publishVersion,
} from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const storedPackages = (t: TestApp, uid: string) => {
  const dir = join(packagesRoot(t.ctx.config.storageDir), uid);
  return existsSync(dir) ? readdirSync(dir) : [];
};

forEachDatabase(
  'module store publishing',
  (get) => {
    let admin = '';
    let blog: PublishedModule;

    beforeAll(async () => {
      admin = (await loginSuper(get())).token;
    });

    it('shows the Module store menu with Categories, Modules and Orders to the super administrator', async () => {
      const t = get();
      for (const lang of ['en', 'zh-cn'] as const) {
        const menus = await call(t.app, 'GET', '/admin/index/index', { token: admin, lang });
        const store = menus.data.menus.find((m: { name: string }) => m.name === 'store');
        expect(store?.title).toBe(lang === 'en' ? 'Module store' : '模块商店');
        expect(store?.children.map((c: { title: string }) => c.title)).toEqual(
          lang === 'en' ? ['Categories', 'Modules', 'Orders'] : ['分类管理', '模块管理', '订单管理'],
        );
      }
    });

    it('publishes modules and versions, refusing packages of another module or an older version', async () => {
      const t = get();
      const category = await call(t.app, 'POST', '/admin/store.Category/add', {
        token: admin,
        body: { name: 'Content' },
      });
      expect(category.code).toBe(1);
      const refusedPrice = await call(t.app, 'POST', '/admin/store.Module/add', {
        token: admin,
        body: { uid: 'blog', title: 'Blog', price_type: 'score', price: '0' },
      });
      expect(refusedPrice).toMatchObject({
        code: 0,
        msg: 'A module sold for points or balance needs a price above 0',
      });
      blog = await addModule(t, admin, {
        uid: 'blog',
        title: 'Blog',
        price_type: 'money',
        price: '19.90',
        original_price: '29.90',
        tags: ['writing', 'content'],
      });
      expect(
        (
          await call(t.app, 'POST', '/admin/store.Module/add', {
            token: admin,
            body: { uid: 'blog', title: 'Again' },
          })
        ).msg,
      ).toBe('A module with the uid blog already exists');

      // A package whose module.json names another module: refused, nothing kept.
      const foreign = packageZip(t, 'notes', '1.0.0');
      const wrongUid = await call(t.app, 'POST', '/admin/store.Version/add', {
        token: admin,
        body: { module_id: blog.id, package: foreign.url },
      });
      expect(wrongUid).toMatchObject({ code: 0, msg: 'The package is the module notes, not blog' });
      expect((await call(t.app, 'GET', '/admin/store.Version/index', { token: admin })).data.total).toBe(0);
      expect(storedPackages(t, 'blog')).toEqual([]);

      // A package outside the upload storage is refused as the installer refuses it.
      const outside = await call(t.app, 'POST', '/admin/store.Version/add', {
        token: admin,
        body: { module_id: blog.id, package: '/etc/passwd.zip' },
      });
      expect(outside.msg).toBe('The module package must be a zip file uploaded as an attachment');

      expect((await publishVersion(t, admin, blog, '1.0.0')).code).toBe(1);
      const listed = await call(t.app, 'GET', '/admin/store.Version/index', { token: admin });
      expect(listed.data.list[0]).toMatchObject({ version: '1.0.0', module_uid: 'blog' });
      expect(listed.data.list[0].sha256).toBe(packageZip(t, 'blog', '1.0.0').sha256);
      expect(listed.data.list[0]).not.toHaveProperty('package');
      expect(storedPackages(t, 'blog')).toHaveLength(1);

      for (const [version, msg] of [
        ['1.0.0', 'Version 1.0.0 has already been published'],
        ['0.9.9', 'Version 0.9.9 must be newer than the latest version 1.0.0'],
      ]) {
        expect(await publishVersion(t, admin, blog, version as string, {}), version).toMatchObject({
          code: 0,
          msg,
        });
      }
      expect(await publishVersion(t, admin, blog, '1.1.0', { version: '1.2.0' })).toMatchObject({
        code: 0,
        msg: 'The package holds version 1.1.0, not 1.2.0',
      });
      expect(await publishVersion(t, admin, blog, '1.1.0')).toMatchObject({ code: 1 });
      expect(storedPackages(t, 'blog')).toHaveLength(2);
      // The copies sit in the upload storage every process shares, where /storage never serves them.
      for (const file of storedPackages(t, 'blog')) {
        const served = await t.app.inject({ method: 'GET', url: `/storage/.store-packages/blog/${file}` });
        expect(served.body.startsWith('PK')).toBe(false);
        expect(served.json()).toMatchObject({ code: 0 });
      }
      // Versions published: the uid is fixed.
      const edit = await call(t.app, 'POST', '/admin/store.Module/edit', {
        token: admin,
        body: { id: blog.id, uid: 'blog2', title: 'Blog', price_type: 'money', price: '19.90' },
      });
      expect(edit.msg).toBe('The uid cannot change once a version has been published');
      // The form gets prices back as typed.
      const row = await call(t.app, 'GET', '/admin/store.Module/edit', {
        token: admin,
        query: { id: blog.id },
      });
      expect(row.data.row).toMatchObject({
        price: '19.90',
        original_price: '29.90',
        tags: 'writing,content',
      });
    });

    it('lists the catalogue: the all tab, a category, keyword search and paging', async () => {
      const t = get();
      const content = await call(t.app, 'GET', '/admin/store.Category/index', { token: admin });
      const contentId = content.data.list[0].id;
      await call(t.app, 'POST', '/admin/store.Module/edit', {
        token: admin,
        body: {
          id: blog.id,
          uid: 'blog',
          title: 'Blog',
          category_id: contentId,
          price_type: 'money',
          price: '19.90',
          original_price: '29.90',
          tags: 'writing,content',
          developer: 'Ada',
          description:
            '# Blog\n\nWrite **posts**. <script>alert(1)</script>\n\n- one\n- two\n\n[site](javascript:alert(1))',
        },
      });
      for (let i = 1; i <= 11; i++) {
        await addModule(t, admin, {
          uid: `extra${i}`,
          title: `Extra ${i}`,
          developer: i <= 2 ? 'Ada' : 'Bob',
        });
      }
      await addModule(t, admin, { uid: 'hidden', title: 'Hidden', status: '0' });

      const all = await call(t.app, 'GET', '/api/store/index', { query: { limit: 5 } });
      expect(all.data.categories).toEqual([
        { id: 0, name: 'All' },
        { id: contentId, name: 'Content' },
      ]);
      expect(all.data.total).toBe(12);
      expect(all.data.list).toHaveLength(5);
      const page3 = await call(t.app, 'GET', '/api/store/index', { query: { limit: 5, page: 3 } });
      expect(page3.data.list).toHaveLength(2);
      const uids = new Set(
        (
          await Promise.all(
            [1, 2, 3].map((page) => call(t.app, 'GET', '/api/store/index', { query: { limit: 5, page } })),
          )
        ).flatMap((r) => r.data.list.map((m: { uid: string }) => m.uid)),
      );
      expect(uids.size).toBe(12);
      expect(uids.has('hidden')).toBe(false);

      const inCategory = await call(t.app, 'GET', '/api/store/index', {
        query: { category: contentId },
        lang: 'zh-cn',
      });
      expect(inCategory.data.categories[0]).toEqual({ id: 0, name: '全部' });
      expect(inCategory.data.list).toEqual([
        expect.objectContaining({
          uid: 'blog',
          category: 'Content',
          price_type: 'money',
          price: '19.90',
          original_price: '29.90',
          tags: ['writing', 'content'],
          version: '1.1.0',
          downloads: 0,
        }),
      ]);
      const found = await call(t.app, 'GET', '/api/store/index', {
        query: { keyword: 'EXTRA 1', category: 'all' },
      });
      expect(found.data.list.map((m: { uid: string }) => m.uid).sort()).toEqual([
        'extra1',
        'extra10',
        'extra11',
      ]);
      const byTag = await call(t.app, 'GET', '/api/store/index', { query: { keyword: 'writing' } });
      expect(byTag.data.list.map((m: { uid: string }) => m.uid)).toEqual(['blog']);
      const wildcard = await call(t.app, 'GET', '/api/store/index', { query: { keyword: '%' } });
      expect(wildcard.data.total).toBe(0);
    });

    it('shows a module page: sanitized description, versions with their logs, the developer’s other works', async () => {
      const t = get();
      const info = await call(t.app, 'GET', '/api/store/info', { query: { uid: 'blog' } });
      expect(info.code).toBe(1);
      expect(info.data.description).toContain('<h1>Blog</h1>');
      expect(info.data.description).toContain('<strong>posts</strong>');
      expect(info.data.description).toContain('<ul><li>one</li><li>two</li></ul>');
      expect(info.data.description).not.toContain('<script');
      expect(info.data.description).not.toContain('javascript:');
      expect(info.data.versions.map((v: { version: string }) => v.version)).toEqual(['1.1.0', '1.0.0']);
      expect(info.data.versions[0]).toMatchObject({
        update_log: 'Changes of 1.1.0',
        size: expect.any(Number),
      });
      expect(info.data.developer_works.map((m: { uid: string }) => m.uid).sort()).toEqual([
        'extra1',
        'extra2',
      ]);
      expect(info.data).not.toHaveProperty('purchase');
      expect(await call(t.app, 'GET', '/api/store/info', { query: { uid: 'hidden' } })).toMatchObject({
        code: 0,
        msg: 'The module was not found in the store',
      });
    });
  },
  emptyStore(),
);
