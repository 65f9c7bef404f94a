/**
 * A store module's "View demo" entries and developer contact (as in the original): edited in
 * the back-office, checked there (http/https demos, an http/https/mailto contact, bounded
 * counts and lengths; a refused form changes nothing), loaded back into the form as edited, and
 * answered by `/api/store/info` for the market's goods dialog. The module page tells the market
 * screens where the store is for the browser (this site when MARKET_URL is unset).
 */
import { beforeAll, expect, it } from 'vitest';
import { storeModule } from '../../../src/areas/store/index.js';
import { migrateModule } from '../../../src/module-contract/migrations.js';
import { addModule, emptyStore, type PublishedModule } from '../../support/store.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const DEMOS = [
  { title: 'Admin demo', url: 'https://demo.example.com/admin', image: '' },
  { title: 'Phone demo', url: 'http://m.example.com/', image: '/storage/default/20261123/qr.png' },
];

forEachDatabase(
  'module store demos and developer contact',
  (get) => {
    let admin = '';
    let notes: PublishedModule;
    const base = { uid: 'notes', title: 'Notes', developer: 'Ada' };
    const edit = (t: TestApp, fields: Record<string, unknown>, lang: 'en' | 'zh-cn' = 'en') =>
      call(t.app, 'POST', '/admin/store.Module/edit', {
        token: admin,
        lang,
        body: { id: notes.id, ...base, ...fields },
      });
    const info = async (t: TestApp) =>
      (await call(t.app, 'GET', '/api/store/info', { query: { uid: 'notes' } })).data;

    beforeAll(async () => {
      const t = get();
      admin = (await loginSuper(t)).token;
      notes = await addModule(t, admin, base);
    });

    it('answers no demos and no contact for a module that has none', async () => {
      const answer = await info(get());
      expect(answer.demos).toEqual([]);
      expect(answer.developer_contact).toBe('');
    });

    it('keeps the demos and the contact an administrator sets, and the market gets them', async () => {
      const t = get();
      const saved = await edit(t, {
        // A row left blank (Add clicked, nothing typed) is dropped, not refused.
        demos: [...DEMOS, { title: ' ', url: '', image: '' }],
        developer_contact: 'mailto:ada@example.com',
      });
      expect(saved).toMatchObject({ code: 1 });
      const row = await call(t.app, 'GET', '/admin/store.Module/edit', {
        token: admin,
        query: { id: notes.id },
      });
      expect(row.data.row.demos).toEqual(DEMOS);
      expect(row.data.row.developer_contact).toBe('mailto:ada@example.com');
      const answer = await info(t);
      expect(answer.demos).toEqual(DEMOS);
      expect(answer.developer_contact).toBe('mailto:ada@example.com');
    });

    it('refuses a javascript: address with a clear message and changes nothing', async () => {
      const t = get();
      const bad = [{ title: 'Trap', url: 'javascript:alert(1)', image: '' }];
      expect(await edit(t, { demos: bad })).toMatchObject({
        code: 0,
        msg: 'Demo 1: the address must be an http:// or https:// URL',
      });
      expect(await edit(t, { demos: [...DEMOS, ...bad] }, 'zh-cn')).toMatchObject({
        code: 0,
        msg: '演示 3：地址必须是 http:// 或 https:// 网址',
      });
      expect(await edit(t, { demos: DEMOS, developer_contact: 'javascript:alert(1)' })).toMatchObject({
        code: 0,
        msg: 'The developer contact must be an http://, https:// or mailto: address',
      });
      expect(await edit(t, { demos: DEMOS, developer_url: 'javascript:alert(1)' })).toMatchObject({
        code: 0,
        msg: 'The developer homepage must be an http:// or https:// URL',
      });
      const answer = await info(t);
      expect(answer.demos).toEqual(DEMOS);
      expect(answer.developer_contact).toBe('mailto:ada@example.com');
      expect(answer.developer_url).toBe('');
    });

    it('refuses images elsewhere, missing titles, long entries and too many demos', async () => {
      const t = get();
      const cases: [unknown, string][] = [
        [
          [{ title: 'QR', url: 'https://a.example', image: '//evil.example/qr.png' }],
          'Demo 1: the QR code image must be an http:// or https:// URL or an uploaded image',
        ],
        [
          [{ title: 'QR', url: 'https://a.example', image: 'data:image/png;base64,AAAA' }],
          'Demo 1: the QR code image must be an http:// or https:// URL or an uploaded image',
        ],
        [[{ title: '', url: 'https://a.example', image: '' }], 'Demo 1 needs a title'],
        [
          [{ title: 'x'.repeat(51), url: 'https://a.example', image: '' }],
          'Demo 1: the title must be at most 50 characters',
        ],
        [
          [{ title: 'Long', url: `https://a.example/${'x'.repeat(500)}`, image: '' }],
          'Demo 1: the address must be an http:// or https:// URL',
        ],
        [
          Array.from({ length: 11 }, (_, i) => ({ title: `D${i}`, url: 'https://a.example', image: '' })),
          'A module can have at most 10 demos',
        ],
        ['https://a.example', 'The demos must be a list of entries'],
      ];
      for (const [demos, msg] of cases) {
        expect(await edit(t, { demos }), msg).toMatchObject({ code: 0, msg });
      }
      expect((await info(t)).demos).toEqual(DEMOS);
    });

    it('clears the demos when the list is emptied', async () => {
      const t = get();
      expect(await edit(t, { demos: [], developer_contact: '' })).toMatchObject({ code: 1 });
      const answer = await info(t);
      expect(answer.demos).toEqual([]);
      expect(answer.developer_contact).toBe('');
    });

    it('adds the columns to a store made before them: its modules stay, with no demos and no contact', async () => {
      const t = get();
      const { db } = t.ctx;
      const name = '0002-store-demos-contact';
      const migration = storeModule.migrations?.({ dialect: db.dialect, prefix: db.prefix })[name];
      await migration?.down?.(db.kysely);
      await db.kysely
        .deleteFrom('module_migration')
        .where('module', '=', 'store')
        .where('name', '=', name)
        .execute();
      expect(await migrateModule(db, storeModule)).toEqual([name]);
      const answer = await info(t);
      expect(answer).toMatchObject({ uid: 'notes', title: 'Notes', demos: [], developer_contact: '' });
    });

    it('tells the market screens the store is this site when MARKET_URL is unset', async () => {
      const t = get();
      const page = await call(t.app, 'GET', '/admin/module/index', { token: admin });
      expect(page.data.marketUrl).toBe('');
    });
  },
  emptyStore(),
);

forEachDatabase(
  'the market screens told where MARKET_URL is',
  (get) => {
    it('answers the store without the credentials MARKET_URL carries', async () => {
      const t = get();
      const admin = (await loginSuper(t)).token;
      const page = await call(t.app, 'GET', '/admin/module/index', { token: admin });
      expect(page.data.marketUrl).toBe('https://store.example.com');
      expect(JSON.stringify(page.data)).not.toContain('secret');
    });
  },
  { ...emptyStore(), marketUrl: 'https://buyer:secret@store.example.com' },
);
