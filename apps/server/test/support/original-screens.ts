/**
 * The original client's back-office screens, replayed against one running Portico: the sign-in
 * and menu tree, then each screen's list (with a quick search and a comSearch filter) and, for
 * screens with forms, the add, the edit (load and save) and the delete, as its views send them;
 * each step asserts what the screen would show (the row appears, changes, goes) in the field
 * names the original's views read. Shared by a fresh database of every dialect and a taken-over one.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { ORIGINAL_BACKEND_PAGES, originalClient, rowsOf, type Send } from './original-client.js';
import { call } from './test-app.js';

export interface ScreensSite {
  app: FastifyInstance;
  ctx: AppContext;
  admin: { username: string; password: string };
  /** Menu names (besides Portico's own screens) whose pages are not the original's: a taken-over site's own. */
  siteMenus?: RegExp;
}

/** Portico's own screens, which the original client does not have. */
const PORTICO_MENUS = /^(content|store|routine\/apiReference)(\/|$)/;

interface MenuNode {
  name: string;
  type: string;
  component: string;
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** The original login page's body: its form, captcha id generated, the click captcha's answer empty when off. */
export async function originalSignIn(app: FastifyInstance, username: string, password: string) {
  const res = await call(app, 'POST', '/admin/index/login', {
    lang: 'zh-cn',
    body: {
      username,
      password,
      keep: false,
      captchaId: '6f1c4b1e-7e0c-4c56-9a43-0d1f5a7c2e11',
      captchaInfo: '',
    },
  });
  expect(res.code, res.msg).toBe(1);
  return res.data.userInfo as { id: number; token: string; refresh_token: string };
}

/** One administrator session of the original client per suite, signed in on first use. */
export function adminSession(get: () => ScreensSite) {
  let client: Send | undefined;
  const signedIn = async () => {
    if (!client) {
      const s = get();
      const { token } = await originalSignIn(s.app, s.admin.username, s.admin.password);
      client = originalClient(s.app, { admin: token });
    }
    return client;
  };
  /** A list's rows for one quick search, flattened when the list is a tree. */
  const found = async (controller: string, quickSearch: string) => {
    const res = await (await signedIn()).index(controller, { quickSearch });
    expect(res.code, `${controller}: ${res.msg}`).toBe(1);
    return rowsOf(res.data.list);
  };
  return { signedIn, found };
}

export function originalScreens(get: () => ScreensSite): void {
  const { signedIn, found } = adminSession(get);

  it('signs in as the login page does; the menu tree names the pages the original client has', async () => {
    const s = get();
    const send = await signedIn();
    const index = await send.send('GET', '/admin/index/index');
    expect(index.code).toBe(1);
    expect(index.data.adminInfo).toMatchObject({ username: s.admin.username, super: true });
    const pages = flatten(index.data.menus).filter((n) => n.type === 'menu');
    for (const page of pages) expect(page.component, page.name).toMatch(/^\/src\/views\/backend\/.+\.vue$/);
    const foreign = pages.filter((p) => !ORIGINAL_BACKEND_PAGES.includes(p.component)).map((p) => p.name);
    // Portico's own screens, and a taken-over site's own generated screens, are the only exceptions.
    for (const name of foreign)
      expect(PORTICO_MENUS.test(name) || !!s.siteMenus?.test(name), name).toBe(true);
    // Every screen of the original's is in the menu (its login page is not a menu).
    const shown = pages.map((p) => p.component);
    for (const page of ORIGINAL_BACKEND_PAGES.filter((p) => !p.endsWith('/login.vue')))
      expect(shown, page).toContain(page);
  });

  it('auth/group: list, add with the checked rules, edit, delete', async () => {
    const send = await signedIn();
    const list = await send.index('auth.Group', {
      quickSearch: '',
      search: [{ field: 'status', val: '1', operator: 'eq' }],
    });
    expect(list.code).toBe(1);
    expect(rowsOf(list.data.list)[0]).toMatchObject({ name: expect.any(String), status: expect.anything() });
    // The tree's checked leaves (the original's edit answers leaves only, so a parent does not check all its children).
    const rules = rowsOf((await send.index('auth.Rule')).data.list)
      .filter((r) => !r.children?.length)
      .slice(0, 2)
      .map((r) => r.id);
    const added = await send.add('auth.Group', { pid: 1, name: 'Screens group', rules, status: '1' });
    expect(added.code, added.msg).toBe(1);
    const [group] = await found('auth.Group', 'Screens group');
    expect(group).toMatchObject({ name: 'Screens group', rules: expect.any(String) });
    const row = await send.editRow('auth.Group', group.id);
    expect(row.rules.map(Number)).toEqual(expect.arrayContaining(rules));
    const saved = await send.save('auth.Group', { ...row, name: 'Screens group renamed', rules: row.rules });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('auth.Group', 'Screens group renamed')).map((g) => g.id)).toEqual([group.id]);
    expect((await send.del('auth.Group', [group.id])).code).toBe(1);
    expect(await found('auth.Group', 'Screens group renamed')).toEqual([]);
  });

  it('auth/admin: list, add, edit, delete', async () => {
    const send = await signedIn();
    const list = await send.index('auth.Admin', {
      quickSearch: 'a',
      search: [{ field: 'status', val: '1', operator: 'eq' }],
    });
    expect(list.code).toBe(1);
    const added = await send.add('auth.Admin', {
      status: '1',
      username: 'screens_admin',
      nickname: 'Screens',
      group_arr: [1],
      email: 'screens@example.com',
      mobile: '13800000123',
      password: 'Screens_pass1',
      motto: '',
    });
    expect(added.code, added.msg).toBe(1);
    const [admin] = await found('auth.Admin', 'screens_admin');
    expect(admin).toMatchObject({
      username: 'screens_admin',
      nickname: 'Screens',
      group_name_arr: expect.any(Array),
    });
    const row = await send.editRow('auth.Admin', admin.id);
    expect(row).toMatchObject({ username: 'screens_admin', group_arr: expect.any(Array) });
    expect(row.password ?? '').toBe('');
    const saved = await send.save('auth.Admin', { ...row, nickname: 'Screens renamed', password: '' });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('auth.Admin', 'screens_admin'))[0]).toMatchObject({ nickname: 'Screens renamed' });
    expect((await send.del('auth.Admin', [admin.id])).code).toBe(1);
    expect(await found('auth.Admin', 'screens_admin')).toEqual([]);
  });

  it('auth/rule: list, add a menu page, edit, delete', async () => {
    const send = await signedIn();
    const list = await send.index('auth.Rule', {
      quickSearch: '',
      search: [{ field: 'status', val: '1', operator: 'eq' }],
    });
    expect(list.code).toBe(1);
    const form = { menu_type: 'tab', extend: 'none', keepalive: 0, status: '1', icon: 'fa fa-circle-o' };
    const added = await send.add('auth.Rule', {
      ...form,
      type: 'menu',
      pid: '',
      title: 'Screens page',
      name: 'screens/page',
      path: 'screens/page',
      component: '/src/views/backend/screens/page/index.vue',
      weigh: 0,
      remark: '',
    });
    expect(added.code, added.msg).toBe(1);
    const [rule] = await found('auth.Rule', 'Screens page');
    expect(rule).toMatchObject({
      title: 'Screens page',
      name: 'screens/page',
      type: 'menu',
      status: expect.anything(),
    });
    const row = await send.editRow('auth.Rule', rule.id);
    expect(row.component).toBe('/src/views/backend/screens/page/index.vue');
    const saved = await send.save('auth.Rule', { ...row, title: 'Screens page renamed' });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('auth.Rule', 'Screens page renamed')).map((r) => r.id)).toEqual([rule.id]);
    expect((await send.del('auth.Rule', [rule.id])).code).toBe(1);
    expect(await found('auth.Rule', 'Screens page renamed')).toEqual([]);
  });

  it('auth/adminLog: the list with its filters, and the info dialog', async () => {
    const s = get();
    const send = await signedIn();
    const list = await send.index('auth.AdminLog', {
      order: 'id,desc',
      quickSearch: '',
      search: [{ field: 'username', val: s.admin.username, operator: 'LIKE' }],
    });
    expect(list.code).toBe(1);
    const [entry] = list.data.list;
    expect(entry).toMatchObject({
      username: s.admin.username,
      title: expect.any(String),
      url: expect.any(String),
    });
    // The info dialog shows the listed row itself (no request): its request data and user agent.
    expect(entry).toMatchObject({
      data: expect.any(String),
      useragent: expect.any(String),
      ip: expect.any(String),
    });
  });

  it('user/group and user/rule: list, add, edit, delete', async () => {
    const send = await signedIn();
    const ruleList = await send.index('user.Rule', {
      quickSearch: '',
      search: [{ field: 'status', val: '1', operator: 'eq' }],
    });
    expect(ruleList.code).toBe(1);
    const rule = await send.add('user.Rule', {
      type: 'route',
      menu_type: 'tab',
      extend: 'none',
      no_login_valid: '0',
      keepalive: 0,
      status: '1',
      icon: 'fa fa-circle-o',
      pid: '',
      title: 'Screens route',
      name: 'screensRoute',
      path: 'screens/route',
      component: '/src/views/frontend/screens/route.vue',
      weigh: 0,
    });
    expect(rule.code, rule.msg).toBe(1);
    const [ruleRow] = await found('user.Rule', 'Screens route');
    expect(ruleRow).toMatchObject({ title: 'Screens route', name: 'screensRoute', type: 'route' });
    const ruleEdit = await send.editRow('user.Rule', ruleRow.id);
    expect((await send.save('user.Rule', { ...ruleEdit, title: 'Screens route renamed' })).code).toBe(1);
    expect((await found('user.Rule', 'Screens route renamed')).map((r) => r.id)).toEqual([ruleRow.id]);

    const groups = await send.index('user.Group', {
      quickSearch: '',
      search: [{ field: 'status', val: '1', operator: 'eq' }],
    });
    expect(groups.code).toBe(1);
    const added = await send.add('user.Group', { status: '1', name: 'Screens members', rules: [ruleRow.id] });
    expect(added.code, added.msg).toBe(1);
    const [group] = await found('user.Group', 'Screens members');
    expect(group).toMatchObject({ name: 'Screens members', status: expect.anything() });
    const row = await send.editRow('user.Group', group.id);
    expect(row.rules.map(Number)).toContain(ruleRow.id);
    const saved = await send.save('user.Group', {
      ...row,
      name: 'Screens members renamed',
      rules: row.rules,
    });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('user.Group', 'Screens members renamed')).map((g) => g.id)).toEqual([group.id]);
    expect((await send.del('user.Group', [group.id])).code).toBe(1);
    expect(await found('user.Group', 'Screens members renamed')).toEqual([]);
    expect((await send.del('user.Rule', [ruleRow.id])).code).toBe(1);
    expect(await found('user.Rule', 'Screens route renamed')).toEqual([]);
  });

  it('user/user, moneyLog, scoreLog: a member added, credited, edited, deleted', async () => {
    const send = await signedIn();
    const list = await send.index('user.User', {
      quickSearch: '',
      search: [{ field: 'status', val: 'enable', operator: 'eq' }],
    });
    expect(list.code).toBe(1);
    const added = await send.add('user.User', {
      gender: 0,
      money: '0',
      score: '0',
      status: 'enable',
      username: 'screens_member',
      nickname: 'Screens member',
      group_id: 1,
      email: 'screens.member@example.com',
      mobile: '13900000123',
      password: 'Member_pass1',
      motto: '',
    });
    expect(added.code, added.msg).toBe(1);
    const [member] = await found('user.User', 'screens_member');
    expect(member).toMatchObject({
      username: 'screens_member',
      group: { name: expect.any(String) },
      status: 'enable',
    });

    const money = await send.add('user.MoneyLog', {
      user_id: member.id,
      money: '12.5',
      memo: 'Screens credit',
    });
    expect(money.code, money.msg).toBe(1);
    const moneyLogs = await send.index('user.MoneyLog', {
      quickSearch: 'Screens',
      search: [{ field: 'user_id', val: String(member.id), operator: 'eq' }],
    });
    expect(moneyLogs.data.list).toEqual([
      expect.objectContaining({
        user_id: member.id,
        user: expect.objectContaining({ username: 'screens_member', nickname: 'Screens member' }),
        memo: 'Screens credit',
      }),
    ]);
    expect(Number(moneyLogs.data.list[0].money)).toBe(12.5);
    expect(Number(moneyLogs.data.list[0].after)).toBe(12.5);
    const score = await send.add('user.ScoreLog', { user_id: member.id, score: 30, memo: 'Screens points' });
    expect(score.code, score.msg).toBe(1);
    const scoreLogs = await send.index('user.ScoreLog', {
      quickSearch: 'Screens',
      search: [{ field: 'user_id', val: String(member.id), operator: 'eq' }],
    });
    expect(scoreLogs.data.list).toEqual([
      expect.objectContaining({
        user_id: member.id,
        score: 30,
        before: 0,
        after: 30,
        memo: 'Screens points',
      }),
    ]);

    const row = await send.editRow('user.User', member.id);
    expect(row).toMatchObject({ username: 'screens_member', group_id: 1 });
    const saved = await send.save('user.User', { ...row, nickname: 'Screens member renamed', password: '' });
    expect(saved.code, saved.msg).toBe(1);
    const [changed] = await found('user.User', 'screens_member');
    expect(changed).toMatchObject({ nickname: 'Screens member renamed' });
    expect(Number(changed.money)).toBe(12.5);
    expect((await send.del('user.User', [member.id])).code).toBe(1);
    expect(await found('user.User', 'screens_member')).toEqual([]);
  });

  it('routine/config: the groups and items, a save, an item added and deleted', async () => {
    const send = await signedIn();
    const index = await send.send('GET', '/admin/routine.Config/index');
    expect(index.code).toBe(1);
    expect(index.data).toMatchObject({ configGroup: expect.any(Object), list: expect.any(Object) });
    const basics = index.data.list.basics;
    expect(basics.list.map((i: { name: string }) => i.name)).toContain('site_name');
    // The save posts every item of the tab shown.
    const form = Object.fromEntries(
      basics.list.map((i: { name: string; value: unknown }) => [i.name, i.value ?? '']),
    );
    const saved = await send.save('routine.Config', { ...form, site_name: 'Screens site' });
    expect(saved.code, saved.msg).toBe(1);
    const after = await send.send('GET', '/admin/routine.Config/index');
    const siteName = after.data.list.basics.list.find((i: { name: string }) => i.name === 'site_name');
    expect(siteName.value).toBe('Screens site');

    const added = await send.add('routine.Config', {
      group: 'basics',
      weigh: 0,
      content: '',
      type: 'string',
      name: 'screens_item',
      title: 'Screens item',
      tip: '',
      rule: '',
      extend: '',
      inputExtend: '',
      dict: 'key1=value1\nkey2=value2',
    });
    expect(added.code, added.msg).toBe(1);
    const withItem = await send.send('GET', '/admin/routine.Config/index');
    const item = withItem.data.list.basics.list.find((i: { name: string }) => i.name === 'screens_item');
    expect(item).toMatchObject({ title: 'Screens item', allow_del: expect.anything() });
    expect((await send.del('routine.Config', [item.id])).code).toBe(1);
    const gone = await send.send('GET', '/admin/routine.Config/index');
    expect(gone.data.list.basics.list.map((i: { name: string }) => i.name)).not.toContain('screens_item');
  });

  it('routine/adminInfo: the profile, its log, a nickname saved', async () => {
    const s = get();
    const send = await signedIn();
    const index = await send.send('GET', '/admin/routine.AdminInfo/index');
    expect(index.data.info).toMatchObject({ username: s.admin.username, nickname: expect.any(String) });
    const log = await send.send(
      'GET',
      '/admin/auth.AdminLog/index',
      `limit=12&search[0][field]=admin_id&search[0][val]=${index.data.info.id}&search[0][operator]=eq`,
    );
    expect(log.code).toBe(1);
    expect(log.data.list.length).toBeGreaterThan(0);
    const { last_login_time, username, avatar, ...data } = index.data.info;
    const saved = await send.send('POST', '/admin/routine.AdminInfo/edit', '', {
      ...data,
      nickname: 'Screens admin',
    });
    expect(saved.code, saved.msg).toBe(1);
    expect((await send.send('GET', '/admin/routine.AdminInfo/index')).data.info.nickname).toBe(
      'Screens admin',
    );
  });

  it('routine/attachment: the list sorted and searched; security lists and rules', async () => {
    const send = await signedIn();
    const attachments = await send.index('routine.Attachment', {
      order: 'last_upload_time,desc',
      quickSearch: '',
      search: [{ field: 'storage', val: 'local', operator: 'eq' }],
    });
    expect(attachments.code).toBe(1);
    for (const [controller, field] of [
      ['security.DataRecycleLog', 'data_table'],
      ['security.SensitiveDataLog', 'data_table'],
      ['security.DataRecycle', 'name'],
      ['security.SensitiveData', 'name'],
    ] as const) {
      const list = await send.index(controller, {
        quickSearch: '',
        search: [{ field, val: 'x', operator: 'LIKE' }],
      });
      expect(list.code, `${controller}: ${list.msg}`).toBe(1);
    }
    const added = await send.add('security.SensitiveData', {
      status: '1',
      name: 'Screens watch',
      controller: 'user/Group',
      connection: '',
      data_table: 'user_group',
      primary_key: 'id',
      data_fields: ['name'],
      // The form's onSubmit adds the chosen fields with their notes.
      fields: [{ name: 'name', value: 'Group name' }],
    });
    expect(added.code, added.msg).toBe(1);
    const [rule] = await found('security.SensitiveData', 'Screens watch');
    expect(rule).toMatchObject({ name: 'Screens watch', controller: 'user/Group', data_table: 'user_group' });
    const row = await send.editRow('security.SensitiveData', rule.id);
    expect(row.data_fields).toMatchObject({ name: 'Group name' });
    // The edit turns the answer's `{field: note}` into the select's keys and the notes' list.
    const saved = await send.save('security.SensitiveData', {
      ...row,
      name: 'Screens watch renamed',
      data_fields: Object.keys(row.data_fields),
      fields: Object.entries(row.data_fields).map(([name, value]) => ({ name, value })),
    });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('security.SensitiveData', 'Screens watch renamed')).map((r) => r.id)).toEqual([
      rule.id,
    ]);
    expect((await send.del('security.SensitiveData', [rule.id])).code).toBe(1);
    expect(await found('security.SensitiveData', 'Screens watch renamed')).toEqual([]);
  });

  it('crud: the generation log and the table check', async () => {
    const send = await signedIn();
    const log = await send.index('crud.Log', {
      quickSearch: '',
      search: [{ field: 'status', val: 'success', operator: 'eq' }],
    });
    expect(log.code, log.msg).toBe(1);
    expect(log.data).toMatchObject({ list: expect.any(Array), total: expect.anything() });
    const check = await send.send('GET', '/admin/crud.Crud/checkCrudLog', 'table=screens_none&connection=');
    expect(check.code, check.msg).toBe(1);
    expect(check.data).toEqual({ id: 0 });
  });

  it("module market: the installed modules, the store's list and a module's page", async () => {
    const send = await signedIn();
    const local = await send.send('GET', '/admin/module/index');
    expect(local.code).toBe(1);
    expect(local.data).toMatchObject({ installed: expect.any(Array), sysVersion: expect.any(String) });
    const installed = local.data.installed
      .map(
        (m: { uid: string; version: string }, i: number) =>
          `&installed[${i}][uid]=${m.uid}&installed[${i}][version]=${m.version}`,
      )
      .join('');
    const modules = await send.send(
      'GET',
      '/api/v6.store/modules',
      `activeTab=all${installed}&sysVersion=${local.data.sysVersion}`,
    );
    expect(modules.code, modules.msg).toBe(1);
    expect(modules.data).toMatchObject({
      rows: expect.any(Array),
      category: expect.any(Array),
      remark: expect.any(String),
    });
  });
}
