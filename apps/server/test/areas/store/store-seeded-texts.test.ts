/**
 * The texts the store seeds (Portico's own modules, published when the store area is first
 * enabled) in the reader's language: the public catalogue and a module's page in Chinese show
 * them in Chinese, in English in English, and a text an administrator edited is shown as
 * written in both. The back-office module list follows the same rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

interface Card {
  uid: string;
  title: string;
  tags: string[];
}

const catalogue = async (t: TestApp, lang: 'en' | 'zh-cn', keyword = '') => {
  const answer = await call(t.app, 'GET', '/api/store/index', { lang, query: { keyword } });
  return answer.data.list as Card[];
};
const card = (cards: Card[], uid: string) => cards.find((c) => c.uid === uid);
const page = async (t: TestApp, uid: string, lang: 'en' | 'zh-cn') =>
  (await call(t.app, 'GET', '/api/store/info', { lang, query: { uid } })).data;

const moduleJson = (uid: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'modules', uid, 'module.json'), 'utf8')) as {
    title: string;
    intro: string;
    category: string;
  };

forEachDatabase('module store seeded texts', (get) => {
  let admin = '';

  beforeAll(async () => {
    admin = (await loginSuper(get())).token;
  });

  it("shows Portico's own modules in Chinese to a Chinese reader and in English to an English one", async () => {
    const t = get();
    const editor = moduleJson('editor');
    const english = await catalogue(t, 'en');
    expect(card(english, 'editor')).toMatchObject({ title: editor.title, tags: [editor.category] });
    expect(card(english, 'checkin')).toMatchObject({ title: moduleJson('checkin').title });

    const chinese = await catalogue(t, 'zh-cn');
    expect(card(chinese, 'editor')).toMatchObject({ title: '富文本编辑器', tags: ['编辑器'] });
    expect(card(chinese, 'checkin')).toMatchObject({ title: '每日签到', tags: ['会员'] });

    const zhPage = await page(t, 'editor', 'zh-cn');
    expect(zhPage.description).toContain('富文本编辑器');
    expect(zhPage.description).not.toContain('rich-text');
    expect(zhPage.versions[0].update_log).toBe('随 Portico 一同发布。');
    const enPage = await page(t, 'editor', 'en');
    expect(enPage.description).toContain(editor.intro.slice(0, 30));
    expect(enPage.versions[0].update_log).toBe('Shipped with Portico.');
  });

  it('finds a seeded module by the words the reader sees', async () => {
    const t = get();
    expect((await catalogue(t, 'zh-cn', '签到')).map((c) => c.uid)).toEqual(['checkin']);
    expect((await catalogue(t, 'en', 'check-in')).map((c) => c.uid)).toEqual(['checkin']);
  });

  it('shows a text an administrator edited as written, in both languages', async () => {
    const t = get();
    const row = await t.ctx.db.kysely
      .withTables<{ store_module: { id: number; uid: string } }>()
      .selectFrom('store_module')
      .select('id')
      .where('uid', '=', 'checkin')
      .executeTakeFirstOrThrow();
    const edited = await call(t.app, 'POST', '/admin/store.Module/edit', {
      token: admin,
      body: { id: row.id, uid: 'checkin', title: 'Sign-in rewards', tags: 'Member', developer: 'Portico' },
    });
    expect(edited.code).toBe(1);
    for (const lang of ['en', 'zh-cn'] as const) {
      expect(card(await catalogue(t, lang), 'checkin')?.title, lang).toBe('Sign-in rewards');
    }
    // The tags were left as seeded: still in the reader's language.
    expect(card(await catalogue(t, 'zh-cn'), 'checkin')?.tags).toEqual(['会员']);
  });

  it('lists the seeded titles in the reader language in the back office, and loads them as stored', async () => {
    const t = get();
    const titles = async (lang: 'en' | 'zh-cn') => {
      const list = await call(t.app, 'GET', '/admin/store.Module/index', { token: admin, lang });
      return Object.fromEntries(list.data.list.map((r: { uid: string; title: string }) => [r.uid, r.title]));
    };
    expect((await titles('zh-cn')).editor).toBe('富文本编辑器');
    expect((await titles('en')).editor).toBe('Rich-text editor');
    const { data } = await call(t.app, 'GET', '/admin/store.Module/index', { token: admin });
    const id = data.list.find((r: { uid: string }) => r.uid === 'editor').id;
    const loaded = await call(t.app, 'GET', '/admin/store.Module/edit', {
      token: admin,
      lang: 'zh-cn',
      query: { id },
    });
    expect(loaded.data.row.title).toBe('Rich-text editor');
  });
});
