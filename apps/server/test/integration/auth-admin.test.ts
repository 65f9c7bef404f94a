/** auth.Admin through the CRUD engine: listing, search, add, edit, delete and their refusals. */
import { expect, it } from 'vitest';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../support/test-app.js';

const ADD = '/admin/auth.Admin/add';
const EDIT = '/admin/auth.Admin/edit';
const INDEX = '/admin/auth.Admin/index';
const DEL = '/admin/auth.Admin/del';

forEachDatabase('auth.Admin', (get) => {
  const admin = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    nickname: `Nick ${username}`,
    password: 'secret-123',
    email: `${username}@example.com`,
    mobile: '',
    group_arr: [2],
    status: '1',
    ...extra,
  });

  it('adds an administrator who can then log in, and lists them with their groups', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const added = await call(t.app, 'POST', ADD, { token, body: admin('alice') });
    expect(added).toMatchObject({ code: 1, msg: 'Added successfully' });
    await loginAdmin(t.app, 'alice', 'secret-123');

    const list = await call(t.app, 'GET', INDEX, { token, query: { quickSearch: 'ALIC' } });
    expect(list.code).toBe(1);
    expect(list.data.total).toBe(1);
    const [row] = list.data.list;
    expect(row).toMatchObject({
      username: 'alice',
      group_arr: [2],
      group_name_arr: ['Level 1 administrators'],
    });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('salt');
  });

  it('refuses duplicate usernames, bad e-mail, bad mobile and bad passwords, changing nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', ADD, { token, body: admin('bob') });
    const cases: [Record<string, unknown>, string][] = [
      [admin('bob'), 'Username already exists'],
      [admin('bob2', { email: 'not-an-email' }), 'Please enter the correct email address'],
      [admin('bob3', { mobile: '12345' }), 'Please enter the correct mobile number'],
      [admin('bob4', { password: 'a<b>c123' }), 'Please input correct password'],
      [admin('1bob'), 'Please input correct account name'],
      [admin('bob5', { group_arr: [] }), 'Parameter group_arr can not be empty'],
      [admin('bob6', { group_arr: [999] }), 'The selected group does not exist'],
      [admin("bob7'; DROP TABLE ba_admin; --"), 'Please input correct account name'],
      [admin('bob8', { nickname: 'x'.repeat(5000) }), 'Parameter nickname must be at most 50 characters'],
    ];
    const before = await t.ctx.db.kysely.selectFrom('admin').select('id').execute();
    for (const [body, msg] of cases) {
      const res = await call(t.app, 'POST', ADD, { token, body });
      expect(res, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 0, msg });
    }
    const after = await t.ctx.db.kysely.selectFrom('admin').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('edits an administrator; a blank password keeps the old one', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', ADD, { token, body: admin('carol') });
    const id = (await call(t.app, 'GET', INDEX, { token, query: { quickSearch: 'carol' } })).data.list[0].id;
    const form = await call(t.app, 'GET', EDIT, { token, query: { id } });
    expect(form.data.row).toMatchObject({ username: 'carol', password: '', group_arr: [2] });

    const saved = await call(t.app, 'POST', EDIT, {
      token,
      body: { ...admin('carol', { nickname: 'Carol B' }), id, password: '' },
    });
    expect(saved).toMatchObject({ code: 1, msg: 'Update successful' });
    await loginAdmin(t.app, 'carol', 'secret-123');
    await call(t.app, 'POST', EDIT, { token, body: { ...admin('carol'), id, password: 'new-secret-9' } });
    await loginAdmin(t.app, 'carol', 'new-secret-9');
  });

  it('never lets an administrator delete or disable themself', async () => {
    const t = get();
    const me = await loginSuper(t);
    const del = await call(t.app, 'POST', DEL, { token: me.token, body: { ids: [me.id] } });
    expect(del).toMatchObject({ code: 0, msg: 'You cannot delete your own account' });
    const disable = await call(t.app, 'POST', EDIT, {
      token: me.token,
      body: {
        ...admin('admin', { group_arr: [1], email: '' }),
        id: me.id,
        status: '0',
        nickname: 'Admin',
        password: '',
      },
    });
    expect(disable.msg).toBe('Please use another administrator account to disable the current account!');
    expect((await call(t.app, 'GET', '/admin/index/index', { token: me.token })).code).toBe(1);
  });

  it('deletes with DELETE and ids[] in the query, signing the deleted administrator out', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', ADD, { token, body: admin('dave') });
    const dave = await loginAdmin(t.app, 'dave', 'secret-123');
    const res = await call(t.app, 'DELETE', DEL, { token, query: `ids[]=${dave.id}` });
    expect(res).toMatchObject({ code: 1, msg: 'Deleted successfully' });
    expect((await call(t.app, 'GET', '/admin/index/index', { token: dave.token })).code).toBe(303);
    const again = await call(t.app, 'DELETE', DEL, { token, query: `ids[]=${dave.id}` });
    expect(again.msg).toBe('No rows were deleted');
  });

  it('lets a non-super administrator manage only groups below their own', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // Manager holds admin management + one extra rule; the staff group holds a subset.
    const managerGroup = await createGroup(t.ctx, 'managers', [
      'auth',
      'auth/admin',
      'auth/admin/index',
      'auth/admin/add',
      'auth/admin/edit',
      'auth/admin/del',
      'dashboard',
    ]);
    const staffGroup = await createGroup(t.ctx, 'staff', ['dashboard'], managerGroup);
    await createAdmin(t.ctx, 'manager', 'manager-pass', [managerGroup]);
    const manager = await loginAdmin(t.app, 'manager', 'manager-pass');

    const intoOwn = await call(t.app, 'POST', ADD, {
      token: manager.token,
      body: admin('eve', { group_arr: [managerGroup] }),
    });
    expect(intoOwn.msg).toBe('You have no permission to add an administrator to this group!');
    const intoSuper = await call(t.app, 'POST', ADD, {
      token: manager.token,
      body: admin('eve', { group_arr: [1] }),
    });
    expect(intoSuper.msg).toBe('You have no permission to add an administrator to this group!');
    const ok = await call(t.app, 'POST', ADD, {
      token: manager.token,
      body: admin('eve', { group_arr: [staffGroup] }),
    });
    expect(ok.code).toBe(1);

    // The manager sees themself and eve, not the super administrator.
    const list = await call(t.app, 'GET', INDEX, { token: manager.token, query: { limit: 100 } });
    const names = list.data.list.map((r: { username: string }) => r.username).sort();
    expect(names).toEqual(['eve', 'manager']);
    const superId = (
      await call(t.app, 'GET', INDEX, { token, query: { quickSearch: 'admin' } })
    ).data.list.find((r: { username: string }) => r.username === 'admin').id;
    // Out of reach is refused outright (it used to be skipped silently, so a batch half-succeeded).
    const del = await call(t.app, 'POST', DEL, { token: manager.token, body: { ids: [superId] } });
    expect(del).toMatchObject({ code: 401, msg: 'You have no permission' });
  });

  it('filters, sorts and pages through the list-query engine', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    for (const name of ['page_a', 'page_b', 'page_c'])
      await call(t.app, 'POST', ADD, { token, body: admin(name) });
    const sorted = await call(t.app, 'GET', INDEX, {
      token,
      query:
        'search[0][field]=username&search[0][val]=page_&search[0][operator]=LIKE&order=username,desc&limit=2&page=1',
    });
    expect(sorted.data.total).toBe(3);
    expect(sorted.data.list.map((r: { username: string }) => r.username)).toEqual(['page_c', 'page_b']);
    const remote = await call(t.app, 'GET', INDEX, { token, query: { select: '1', quickSearch: 'page_a' } });
    expect(remote.data.list.map((r: { username: string }) => r.username)).toEqual(['page_a']);
  });

  it('refuses unknown fields, operators and bracket-notation abuse with clear messages', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const bad: [string, RegExp][] = [
      ['search[0][field]=password&search[0][val]=x&search[0][operator]=eq', /password/],
      ['search[0][field]=id&search[0][val]=1&search[0][operator]=SLEEP', /SLEEP/],
      ['order=salt,asc', /salt/],
      ['order=id;drop table ba_admin,asc', /^Sorting by field id;drop table ba_admin is not allowed$/],
      ['limit=abc', /limit/],
      [
        'search[0][field]=id&search[0][val][0][0]=1&search[0][operator]=IN',
        /^Parameter search.val must be a list of values$/,
      ],
      ['search=notalist', /search/],
      [`quickSearch=${'x'.repeat(500)}`, /quickSearch/],
    ];
    for (const [query, msg] of bad) {
      const res = await call(t.app, 'GET', INDEX, { token, query });
      expect(res.status, query).toBe(200);
      expect(res.code, query).toBe(0);
      expect(res.msg, query).toMatch(msg);
    }
    // qs flattens `ids[][][]=1` to `ids[]=1`; a truly nested value is `ids[0][0]=…`.
    const nested = await call(t.app, 'POST', DEL, { token, query: 'ids[0][0]=2' });
    expect(nested).toMatchObject({ code: 0, msg: 'Parameter ids is invalid' });
    const count = await t.ctx.db.kysely.selectFrom('admin').select('id').execute();
    expect(count.length).toBeGreaterThan(0);
  });

  it('records every admin POST in the admin log with secrets masked', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', ADD, {
      token,
      body: admin('logged', { extra: { refresh_token: 'abc', nested: [{ salt: 'x' }] } }),
    });
    const rows = await t.ctx.db.kysely.selectFrom('admin_log').selectAll().orderBy('id', 'desc').execute();
    const entry = rows.find((r) => r.url === ADD && r.data?.includes('logged'));
    expect(entry).toBeDefined();
    expect(entry?.title).toBe('管理员管理-添加');
    expect(entry?.username).toBe('admin');
    const data = JSON.parse(entry?.data ?? '{}');
    expect(data.password).toBe('***');
    expect(data.extra.refresh_token).toBe('***');
    expect(data.extra.nested[0].salt).toBe('***');
    const login = rows.find((r) => r.title === 'Login');
    expect(login).toBeDefined();
    // A successful login belongs to the account it signed in.
    expect(login?.admin_id).toBe(1);
    expect(JSON.parse(login?.data ?? '{}').password).toBe('***');
    // Listing pages (index) are not logged.
    expect(rows.some((r) => /\/index($|\?)/i.test(r.url))).toBe(false);

    const listed = await call(t.app, 'GET', '/admin/auth.AdminLog/index', {
      token,
      query: { quickSearch: '管理员' },
    });
    expect(listed.data.total).toBeGreaterThan(0);
  });
});
