/** Articles and pages: managed in the back-office, read publicly, HTML sanitized both ways. */
import { expect, it } from 'vitest';
import { EDITOR_HTML } from '../../fixtures/editor-html.js';
import { call, forEachDatabase, loginSuper } from '../../support/test-app.js';

const HOSTILE =
  '<h2 onclick="steal()">Hello</h2><script>alert(1)</script><p><a href="javascript:alert(2)">x</a>' +
  '<img src="https://example.com/a.png" onerror="alert(3)"><iframe src="https://evil.example"></iframe></p>';

forEachDatabase('content pages', (get) => {
  it('stores a sanitized body and serves published content by kind', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const add = await call(t.app, 'POST', '/admin/content.Content/add', {
      token,
      body: { kind: 'article', title: 'Launch notes', body: HOSTILE, status: '1' },
    });
    expect(add.code).toBe(1);
    const stored = await t.ctx.db.kysely
      .selectFrom('content')
      .selectAll()
      .where('title', '=', 'Launch notes')
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe('<h2>Hello</h2><p><a>x</a><img src="https://example.com/a.png"></p>');

    const read = await call(t.app, 'GET', '/api/content/index', {
      query: { kind: 'article', id: stored.id },
    });
    expect(read.data.content).toMatchObject({ id: stored.id, title: 'Launch notes', body: stored.body });
    // The same id is not a page, and a draft is not public.
    expect(
      (await call(t.app, 'GET', '/api/content/index', { query: { kind: 'page', id: stored.id } })).msg,
    ).toBe('Record not found');
    const draft = await call(t.app, 'POST', '/admin/content.Content/edit', {
      token,
      body: { id: stored.id, status: '0' },
    });
    expect(draft.code).toBe(1);
    expect(
      (await call(t.app, 'GET', '/api/content/index', { query: { kind: 'article', id: stored.id } })).msg,
    ).toBe('Record not found');
    // The switch kept the title and body.
    expect(
      (await call(t.app, 'GET', '/admin/content.Content/edit', { token, query: { id: stored.id } })).data.row,
    ).toMatchObject({
      title: 'Launch notes',
      status: '0',
    });
  });

  it('keeps the HTML the editor module writes exactly as written', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const add = await call(t.app, 'POST', '/admin/content.Content/add', {
      token,
      body: { kind: 'article', title: 'Edited', body: EDITOR_HTML, status: '1' },
    });
    expect(add.code).toBe(1);
    const { id } = await t.ctx.db.kysely
      .selectFrom('content')
      .select('id')
      .where('title', '=', 'Edited')
      .executeTakeFirstOrThrow();
    // What the administrator opens again in the editor, and what visitors read.
    const edit = await call(t.app, 'GET', '/admin/content.Content/edit', { token, query: { id } });
    expect(edit.data.row.body).toBe(EDITOR_HTML);
    const read = await call(t.app, 'GET', '/api/content/index', { query: { kind: 'article', id } });
    expect(read.data.content.body).toBe(EDITOR_HTML);
  });

  it('sanitizes again when serving a row written straight into the database', async () => {
    const t = get();
    await t.ctx.db.kysely
      .insertInto('content')
      .values({ kind: 'page', title: 'About', body: '<p>About us</p><script>alert(1)</script>', status: '1' })
      .execute();
    const row = await t.ctx.db.kysely
      .selectFrom('content')
      .select('id')
      .where('title', '=', 'About')
      .executeTakeFirstOrThrow();
    const read = await call(t.app, 'GET', '/api/content/index', { query: { kind: 'page', id: row.id } });
    expect(read.data.content.body).toBe('<p>About us</p>');
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const count = async () => (await t.ctx.db.kysely.selectFrom('content').select('id').execute()).length;
    const before = await count();
    expect(
      (await call(t.app, 'POST', '/admin/content.Content/add', { token, body: { kind: 'news', title: 'x' } }))
        .msg,
    ).toBe('Parameter kind has an unsupported value');
    expect(
      (await call(t.app, 'POST', '/admin/content.Content/add', { token, body: { kind: 'page', title: ' ' } }))
        .msg,
    ).toBe('Parameter title can not be empty');
    expect(
      (await call(t.app, 'POST', '/admin/content.Content/add', { body: { kind: 'page', title: 'x' } })).code,
    ).toBe(303);
    expect((await call(t.app, 'GET', '/api/content/index', { query: { kind: 'page', id: 'abc' } })).msg).toBe(
      'Parameter id must be an integer',
    );
    expect(await count()).toBe(before);
  });
});
