/**
 * The site's public home: where the member centre's Home and a content page's brand link
 * lead. The member centre by default; a published content page an administrator chooses
 * (anything else is refused, changing nothing); never the back-office entrance.
 */
import { stringify } from 'qs';
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

async function addContent(t: TestApp, token: string, kind: 'article' | 'page', status: '0' | '1') {
  const title = `${kind}-${status}-${Math.random()}`;
  const add = await call(t.app, 'POST', '/admin/content.Content/add', {
    token,
    body: { kind, title, body: '<p>hello</p>', status },
  });
  expect(add.code).toBe(1);
  const row = await t.ctx.db.kysely
    .selectFrom('content')
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

const homeOfMembers = async (t: TestApp) =>
  (await call(t.app, 'GET', '/api/index/index')).data.site.homeUrl as string;

forEachDatabase('public home', (get) => {
  it('leads to the member centre until an administrator picks a published page', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    expect(await homeOfMembers(t)).toBe('/user');
    const admin = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(admin.data.siteConfig.homeUrl).toBe('/user');

    const page = await addContent(t, token, 'page', '1');
    const saved = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { home_page: String(page) },
    });
    expect(saved.code).toBe(1);
    expect(await homeOfMembers(t)).toBe(`/page/${page}`);
    const content = await call(t.app, 'GET', `/api/content/index?kind=page&id=${page}`);
    expect(content.data.homeUrl).toBe(`/page/${page}`);

    // Unpublishing the page sends visitors to the member centre again, not to a 404.
    await t.ctx.db.kysely.updateTable('content').set({ status: '0' }).where('id', '=', page).execute();
    await t.ctx.caches.changed('settings');
    expect(await homeOfMembers(t)).toBe('/user');
  });

  it("names where its select finds the published pages, as the original client's select reads it", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const page = await addContent(t, token, 'page', '1');
    const draft = await addContent(t, token, 'page', '0');
    const article = await addContent(t, token, 'article', '1');
    const config = await call(t.app, 'GET', '/admin/routine.Config/index', { token });
    const items = Object.values(config.data.list as Record<string, { list: Record<string, any>[] }>).flatMap(
      (group) => group.list,
    );
    const home = items.find((item) => item.name === 'home_page');
    expect(home?.input_extend).toMatchObject({
      remoteUrl: '/admin/content.Content/index',
      pk: 'id',
      field: 'title',
    });
    // What the original's RemoteSelect asks: `select`, `quickSearch` and the source's params.
    const { remoteUrl, params } = home?.input_extend ?? {};
    const options = await call(t.app, 'GET', remoteUrl, {
      token,
      query: stringify({ select: true, quickSearch: '', page: 1, initKey: 'id', ...params }),
    });
    const ids = (options.data.list as { id: number }[]).map((row) => row.id);
    expect(ids).toContain(page);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(article);
    // Other items have no source: an object, empty unless their stored extend names input attributes.
    expect(items.find((item) => item.name === 'site_name')?.input_extend).toEqual({});
  });

  it('refuses an article, a draft or a missing page as the home, changing nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const article = await addContent(t, token, 'article', '1');
    const draft = await addContent(t, token, 'page', '0');
    const before = await t.ctx.db.kysely
      .selectFrom('config')
      .select('value')
      .where('name', '=', 'home_page')
      .executeTakeFirstOrThrow();
    for (const value of [String(article), String(draft), '999999', 'abc', '/admin']) {
      const res = await call(t.app, 'POST', '/admin/routine.Config/edit', {
        token,
        body: { home_page: value },
      });
      expect(res, value).toMatchObject({ code: 0, msg: 'The home page must be a published content page' });
    }
    const zh = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      lang: 'zh-cn',
      body: { home_page: String(article) },
    });
    expect(zh.msg).toBe('首页必须是已发布的内容页面');
    const after = await t.ctx.db.kysely
      .selectFrom('config')
      .select('value')
      .where('name', '=', 'home_page')
      .executeTakeFirstOrThrow();
    expect(after.value).toBe(before.value);
  });
});

forEachDatabase('CRUD code generator rule', (get) => {
  it('keeps its seeded id and path, hidden by migration 0026 and shown again by the generator area', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const rule = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .select(['id', 'path', 'status'])
      .where('name', '=', 'crud/crud')
      .executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ id: 84, path: 'crud/crud', status: '1' });
    const index = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(JSON.stringify(index.data.menus)).toContain('crud/crud');
  });
});
