/**
 * Quick search means "contains, ignoring ASCII case" on every dialect, whether the SQLite
 * trigram index answers (three characters or more) or LIKE does (shorter searches, other
 * dialects), and the index follows adds, edits and deletes.
 */
import { expect, it } from 'vitest';
import { mergeSearchIndexes } from '../../src/db/search-index-upkeep.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const INDEX = '/admin/auth.Admin/index';

forEachDatabase('quick search', (get) => {
  const add = async (token: string, username: string, nickname: string) => {
    const body = { username, nickname, password: 'secret-123', group_arr: [2], status: '1' };
    const res = await call(get().app, 'POST', '/admin/auth.Admin/add', { token, body });
    expect(res.code, res.msg).toBe(1);
  };
  const found = async (token: string, quickSearch: string) => {
    const res = await call(get().app, 'GET', INDEX, { token, query: { quickSearch, limit: '100' } });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.total).toBe(res.data.list.length);
    return (res.data.list as { username: string }[]).map((row) => row.username).sort();
  };

  it('finds substrings of either field, literally and ignoring case', async () => {
    const { token } = await loginSuper(get());
    await add(token, 'alice_smith', 'Alice');
    // The nickname rule refuses % and ", but data taken over from elsewhere may hold them:
    // written straight to the table, whose triggers keep the search index.
    await get()
      .ctx.db.kysely.insertInto('admin')
      .values({ username: 'bob', nickname: 'Costs 50% "quoted" _x_', password: '' })
      .execute();
    await add(token, 'carol', '张三丰');

    expect(await found(token, 'ICE_SM')).toEqual(['alice_smith']);
    expect(await found(token, 'alice')).toEqual(['alice_smith']);
    expect(await found(token, '50%')).toEqual(['bob']);
    expect(await found(token, '0% "q')).toEqual(['bob']);
    expect(await found(token, '"quoted"')).toEqual(['bob']);
    expect(await found(token, '_x_')).toEqual(['bob']);
    expect(await found(token, '张三丰')).toEqual(['carol']);
    // Shorter than a trigram: answered by LIKE, with the same meaning.
    expect(await found(token, '三丰')).toEqual(['carol']);
    expect(await found(token, 'Ob')).toEqual(['bob']);
    expect(await found(token, '%')).toEqual(['bob']);
    expect(await found(token, 'nobody-has-this')).toEqual([]);
  });

  it('follows edits and deletes', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await add(token, 'dave_old', 'Dave');
    const [dave] = (await call(t.app, 'GET', INDEX, { token, query: { quickSearch: 'dave_old' } })).data.list;
    const edited = await call(t.app, 'POST', '/admin/auth.Admin/edit', {
      token,
      body: {
        id: dave.id,
        username: 'erin_new',
        nickname: 'Erin',
        password: '',
        group_arr: [2],
        status: '1',
      },
    });
    expect(edited.code, edited.msg).toBe(1);
    expect(await found(token, 'dave')).toEqual([]);
    expect(await found(token, 'erin_n')).toEqual(['erin_new']);

    const deleted = await call(t.app, 'POST', '/admin/auth.Admin/del', { token, body: { ids: [dave.id] } });
    expect(deleted.code, deleted.msg).toBe(1);
    expect(await found(token, 'erin_n')).toEqual([]);
  });

  it('pages and orders searched lists alike, whether the search stands alone or not', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const names = Array.from({ length: 12 }, (_, i) => `pager_${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await add(token, name, 'Pager');
    const page = async (query: Record<string, string>) => {
      const res = await call(t.app, 'GET', INDEX, { token, query: { quickSearch: 'pager_', ...query } });
      expect(res.code, res.msg).toBe(1);
      return {
        total: res.data.total,
        names: (res.data.list as { username: string }[]).map((r) => r.username),
      };
    };
    // Newest first by default; page 2 of 5 is the 6th to 10th newest.
    expect(await page({ page: '2', limit: '5' })).toEqual({ total: 12, names: names.slice(2, 7).reverse() });
    expect(await page({ page: '3', limit: '5', order: 'id,asc' })).toEqual({
      total: 12,
      names: names.slice(10),
    });
    expect(await page({ page: '4', limit: '5' })).toEqual({ total: 12, names: [] });
    // Another order or another condition: the same rows through the general query.
    expect(await page({ limit: '3', order: 'username,desc' })).toEqual({
      total: 12,
      names: ['pager_12', 'pager_11', 'pager_10'],
    });
    const searched = await page({
      limit: '3',
      'search[0][field]': 'status',
      'search[0][operator]': 'eq',
      'search[0][val]': '1',
    });
    expect(searched).toEqual({ total: 12, names: ['pager_12', 'pager_11', 'pager_10'] });
  });

  it('searches the admin log by title', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const search = async (quickSearch: string) =>
      (await call(t.app, 'GET', '/admin/auth.AdminLog/index', { token, query: { quickSearch } })).data.total;
    const [entry] = await t.ctx.db.kysely.selectFrom('admin_log').select('title').limit(1).execute();
    expect(entry?.title.length).toBeGreaterThanOrEqual(3);
    expect(await search(entry?.title ?? '')).toBeGreaterThan(0);
    expect(await search('no such title anywhere')).toBe(0);
  });

  it('answers the same after the indexes are merged, and keeps following new rows', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // One insert at a time, as a growing site adds them: each leaves its own index segment.
    for (let i = 0; i < 40; i++) {
      await t.ctx.db.kysely
        .insertInto('admin')
        .values({ username: `merge_${i}`, nickname: `Merged ${i}`, password: '', create_time: 1 })
        .execute();
    }
    const before = await found(token, 'merge_1');
    expect(before).toHaveLength(11);

    const steps = await mergeSearchIndexes(t.ctx.db);
    if (t.ctx.db.dialect === 'sqlite') expect(steps).toBeGreaterThan(0);
    else expect(steps).toBe(0);
    expect(await mergeSearchIndexes(t.ctx.db)).toBe(0);
    expect(await found(token, 'merge_1')).toEqual(before);

    await add(token, 'merge_100', 'After the merge');
    expect(await found(token, 'merge_10')).toEqual(['merge_10', 'merge_100']);
  });

  it("merges a new row's segment without rewriting a large index, which a full merge would", async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'sqlite') return;
    const { kysely } = t.ctx.db;
    const entry = (i: number) => ({
      admin_id: 1,
      username: 'admin',
      url: `/admin/merge/${i}`,
      title: `Merge entry ${i} of a large log`,
      data: '',
      ip: `10.0.${i % 250}.${i % 200}`,
      useragent: 'test',
    });
    for (let i = 0; i < 30_000; i += 1_000)
      await kysely
        .insertInto('admin_log')
        .values(Array.from({ length: 1_000 }, (_, k) => entry(i + k)))
        .execute();
    expect(await mergeSearchIndexes(t.ctx.db, { full: true })).toBeGreaterThan(0);

    // One administrator's request adds one row: the upkeep leaves the large segment alone.
    await kysely.insertInto('admin_log').values(entry(-1)).execute();
    expect(await mergeSearchIndexes(t.ctx.db)).toBe(0);
    // A full merge rewrites the whole index for that one row.
    expect(await mergeSearchIndexes(t.ctx.db, { full: true })).toBeGreaterThan(5);
  });
});
