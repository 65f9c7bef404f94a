/**
 * Seeded titles (menu rules, groups, quick entrances, data-security rules) are stored in
 * Chinese, as the original product stores them; English screens show their English while
 * the stored title is still the seeded one. Titles an administrator typed are shown as
 * typed, and edit forms always show and save what is stored.
 */
import { expect, it } from 'vitest';
import { createMember, loginMember } from '../support/member.js';
import { call, createAdmin, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

type Lang = 'zh-cn' | 'en';
type Node = { id: number; name: string; title: string; children?: Node[] };

function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

async function menuTitles(t: TestApp, token: string, lang: Lang): Promise<Map<string, string>> {
  const res = await call(t.app, 'GET', '/admin/index/index', { token, lang });
  expect(res.code).toBe(1);
  return new Map(flatten(res.data.menus as Node[]).map((node) => [node.name, node.title]));
}

async function storedRuleTitle(t: TestApp, id: number): Promise<string> {
  const row = await t.ctx.db.kysely
    .selectFrom('admin_rule')
    .select('title')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.title;
}

forEachDatabase('seeded titles in the reader’s language', (get) => {
  it('gives the back-office menus in English to English readers and in Chinese to Chinese ones', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const en = await menuTitles(t, token, 'en');
    expect(en.get('dashboard')).toBe('Dashboard');
    expect(en.get('auth')).toBe('Permissions');
    expect(en.get('auth/admin')).toBe('Admin management');
    expect(en.get('auth/admin/add')).toBe('Add');
    expect(en.get('routine/config')).toBe('System configuration');
    expect(en.get('content/content')).toBe('Articles and pages');
    const zh = await menuTitles(t, token, 'zh-cn');
    expect(zh.get('dashboard')).toBe('控制台');
    expect(zh.get('auth/admin')).toBe('管理员管理');
    expect(zh.get('auth/admin/add')).toBe('添加');
  });

  it('shows a title an administrator typed as typed, in every language', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const form = await call(t.app, 'GET', '/admin/auth.Rule/edit', { token, query: { id: 19 } });
    const renamed = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { ...form.data.row, title: '操作日志' },
    });
    expect(renamed.code).toBe(1);
    // A rule of their own that happens to reuse a seeded title is theirs too.
    const added = await call(t.app, 'POST', '/admin/auth.Rule/add', {
      token,
      body: { pid: 8, type: 'button', title: '查看', name: 'auth/admin/audit' },
    });
    expect(added.code).toBe(1);
    for (const lang of ['en', 'zh-cn'] as const) {
      const titles = await menuTitles(t, token, lang);
      expect(titles.get('auth/adminLog')).toBe('操作日志');
      expect(titles.get('auth/admin/audit')).toBe('查看');
    }
    expect((await menuTitles(t, token, 'en')).get('auth/admin/index')).toBe('View');
  });

  it('keeps the stored Chinese title when a seeded rule is saved unchanged from an English screen', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const form = await call(t.app, 'GET', '/admin/auth.Rule/edit', { token, query: { id: 8 } });
    expect(form.data.row.title).toBe('管理员管理');
    const saved = await call(t.app, 'POST', '/admin/auth.Rule/edit', { token, body: form.data.row });
    expect(saved.code).toBe(1);
    // A switch cell completes the row from the stored one.
    const off = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { id: 45, keepalive: '0' },
    });
    expect(off.code).toBe(1);
    expect(await storedRuleTitle(t, 8)).toBe('管理员管理');
    expect(await storedRuleTitle(t, 45)).toBe('系统配置');
    expect((await menuTitles(t, token, 'en')).get('auth/admin')).toBe('Admin management');

    const memberRule = await call(t.app, 'POST', '/admin/user.Rule/edit', {
      token,
      body: { id: 2, status: '1' },
    });
    expect(memberRule.code).toBe(1);
    const stored = await t.ctx.db.kysely
      .selectFrom('user_rule')
      .select('title')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe('账户概览');

    const groupForm = await call(t.app, 'GET', '/admin/auth.Group/edit', { token, query: { id: 3 } });
    expect(groupForm.data.row.name).toBe('二级管理员');
  });

  it('lists rules and offers them in selects in the reader’s language', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const list = await call(t.app, 'GET', '/admin/auth.Rule/index', { token });
    const byName = new Map(flatten(list.data.list as Node[]).map((node) => [node.name, node.title]));
    expect(byName.get('auth/rule')).toBe('Menu rule management');
    expect(byName.get('auth/rule/sortable')).toBe('Quick sort');
    const select = await call(t.app, 'GET', '/admin/auth.Rule/index', { token, query: { select: '1' } });
    expect(select.data.options.map((o: Node) => o.title)).toContain('    ├Admin management');

    const memberRules = await call(t.app, 'GET', '/admin/user.Rule/index', { token, lang: 'en' });
    expect(flatten(memberRules.data.list as Node[]).map((node) => node.title)).toEqual([
      'My account',
      'Account overview',
      'Personal data',
      'Change password',
      'Points log',
      'Balance log',
    ]);
    const zhMemberRules = await call(t.app, 'GET', '/admin/user.Rule/index', { token, lang: 'zh-cn' });
    expect(zhMemberRules.data.list[0].title).toBe('我的账户');
  });

  it('finds seeded rules and groups by the English shown, and still by the stored Chinese', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const found = async (url: string, quickSearch: string, lang: Lang, field: 'title' | 'name') => {
      const res = await call(t.app, 'GET', url, { token, lang, query: { quickSearch } });
      return flatten(res.data.list as Node[]).map((node) => node[field]);
    };
    expect(await found('/admin/auth.Rule/index', 'recycle', 'en', 'title')).toEqual([
      'Data recycle bin',
      'Data recycle rules',
    ]);
    expect(await found('/admin/auth.Rule/index', '回收', 'en', 'title')).toEqual([
      'Data recycle bin',
      'Data recycle rules',
    ]);
    // Chinese readers see, and search, the stored titles only.
    expect(await found('/admin/auth.Rule/index', 'recycle', 'zh-cn', 'title')).toEqual([]);
    expect(await found('/admin/auth.Group/index', 'level 2', 'en', 'name')).toEqual([
      'Level 2 administrators',
    ]);
  });

  it('names groups in the reader’s language in group lists, selects and the admin and member lists', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const groups = await call(t.app, 'GET', '/admin/auth.Group/index', { token, query: { select: '1' } });
    expect(groups.data.options.map((o: { name: string }) => o.name)).toEqual([
      'Super administrators',
      '    └Level 1 administrators',
      '        └Level 2 administrators',
      '            └Level 3 administrators',
    ]);
    const tree = await call(t.app, 'GET', '/admin/auth.Group/index', { token });
    // The summary of what a group grants names its first rule in English too.
    expect(tree.data.list[0].children[0]).toMatchObject({
      name: 'Level 1 administrators',
      rules: 'Dashboard (+58)',
    });

    const mine = await call(t.app, 'POST', '/admin/auth.Group/add', {
      token,
      body: { pid: 1, name: '一级管理员', rules: [1] },
    });
    expect(mine.code).toBe(1);
    await createAdmin(t.ctx, 'leveltwo', 'leveltwo-pass', [3]);
    const admins = await call(t.app, 'GET', '/admin/auth.Admin/index', {
      token,
      query: { quickSearch: 'leveltwo' },
    });
    expect(admins.data.list[0].group_name_arr).toEqual(['Level 2 administrators']);
    const zhAdmins = await call(t.app, 'GET', '/admin/auth.Admin/index', {
      token,
      lang: 'zh-cn',
      query: { quickSearch: 'leveltwo' },
    });
    expect(zhAdmins.data.list[0].group_name_arr).toEqual(['二级管理员']);
    const flat = await call(t.app, 'GET', '/admin/auth.Group/index', { token, query: { isTree: '0' } });
    // A group an administrator named is shown as named, even with a seeded group's name.
    expect(flat.data.list.map((g: { name: string }) => g.name)).toContain('一级管理员');

    await createMember(t.ctx, 'grouped1', 'grouped-pass');
    const members = await call(t.app, 'GET', '/admin/user.User/index', {
      token,
      query: { quickSearch: 'grouped1' },
    });
    expect(members.data.list[0].group_name).toBe('Default group');
    const memberGroups = await call(t.app, 'GET', '/admin/user.Group/index', { token });
    expect(memberGroups.data.list[0].name).toBe('Default group');
    const zhMemberGroups = await call(t.app, 'GET', '/admin/user.Group/index', { token, lang: 'zh-cn' });
    expect(zhMemberGroups.data.list[0].name).toBe('默认分组');
    const memberGroupForm = await call(t.app, 'GET', '/admin/user.Group/edit', { token, query: { id: 1 } });
    expect(memberGroupForm.data.row.name).toBe('默认分组');
  });

  it('gives members their menus in their language', async () => {
    const t = get();
    await createMember(t.ctx, 'reader1', 'reader-pass');
    const userToken = await loginMember(t, 'reader1', 'reader-pass');
    const en = await call(t.app, 'GET', '/api/index/index', { userToken, lang: 'en' });
    expect(en.data.menus[0].title).toBe('My account');
    expect(en.data.menus[0].children.map((c: Node) => c.title)).toContain('Change password');
    const zh = await call(t.app, 'GET', '/api/index/index', { userToken, lang: 'zh-cn' });
    expect(zh.data.menus[0].title).toBe('我的账户');
  });

  it('labels the config quick entrances in the reader’s language, and the form keeps the stored ones', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const en = await call(t.app, 'GET', '/admin/routine.Config/index', { token, lang: 'en' });
    expect(en.data.quickEntrance).toEqual([
      { key: 'Data recycle rules', value: 'security/dataRecycle' },
      { key: 'Sensitive data rules', value: 'security/sensitiveData' },
    ]);
    const item = en.data.list.config_quick_entrance.list.find(
      (row: { name: string }) => row.name === 'config_quick_entrance',
    );
    expect(item.value).toEqual([
      { key: '数据回收规则配置', value: 'security/dataRecycle' },
      { key: '敏感数据规则配置', value: 'security/sensitiveData' },
    ]);
    const zh = await call(t.app, 'GET', '/admin/routine.Config/index', { token, lang: 'zh-cn' });
    expect(zh.data.quickEntrance[0]).toEqual({ key: '数据回收规则配置', value: 'security/dataRecycle' });
  });

  it('gives the seeded config tips and options in the reader’s language, and typed ones as typed', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const added = await call(t.app, 'POST', '/admin/routine.Config/add', {
      token,
      body: {
        group: 'sms',
        name: 'sms_region',
        title: 'SMS region',
        type: 'radio',
        tip: '域名备案号',
        content: 'off=关闭\ncn=中国',
      },
    });
    expect(added.code).toBe(1);
    type Item = { name: string; tip: string; content: Record<string, string> | '' };
    const items = async (lang: Lang) => {
      const res = await call(t.app, 'GET', '/admin/routine.Config/index', { token, lang });
      const all = Object.values(res.data.list as Record<string, { list: Item[] }>).flatMap((g) => g.list);
      return new Map(all.map((item) => [item.name, item]));
    };
    const en = await items('en');
    expect(en.get('sms_provider')).toMatchObject({
      tip: 'Development log: codes are only written to the server log, never actually sent',
      content: { '': 'Off', log: 'Development log (not sent)', http: 'HTTP gateway' },
    });
    expect(en.get('record_number')?.tip).toBe("The domain's ICP filing number");
    expect(en.get('smtp_verification')?.content).toEqual({ SSL: 'SSL', TLS: 'TLS' });
    // What an administrator typed is theirs, even where it reads like a seeded text.
    expect(en.get('sms_region')).toMatchObject({ tip: '域名备案号', content: { off: '关闭', cn: '中国' } });

    const zh = await items('zh-cn');
    expect(zh.get('sms_provider')).toMatchObject({
      tip: '开发日志：验证码只写入服务器日志，不会真正发出',
      content: { '': '关闭', log: '开发日志（不发送）', http: 'HTTP 网关' },
    });
    expect(zh.get('record_number')?.tip).toBe('域名备案号');
  });

  it('labels the config groups, items and tips in the reader’s language, and typed ones as typed', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // Titles as a site taken over from the original may hold them: its English keys (the same
    // as Portico's seed), a key's Chinese, and what its administrators typed.
    const groups = [
      { key: 'basics', value: 'Basics' },
      { key: 'mail', value: '邮件配置' },
      { key: 'config_quick_entrance', value: 'Config Quick entrance' },
      { key: 'sms', value: 'SMS' },
      { key: 'shop', value: '店铺设置' },
    ];
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: JSON.stringify(groups) })
      .where('name', '=', 'config_group')
      .execute();
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ title: '时区' })
      .where('name', '=', 'time_zone')
      .execute();
    const added = await call(t.app, 'POST', '/admin/routine.Config/add', {
      token,
      body: {
        group: 'shop',
        name: 'shop_notice',
        title: '店铺公告',
        type: 'string',
        tip: 'Shown above the goods',
      },
    });
    expect(added.code).toBe(1);

    type Item = { name: string; title: string; tip: string };
    const screen = async (lang: Lang) => {
      const res = await call(t.app, 'GET', '/admin/routine.Config/index', { token, lang });
      const list = res.data.list as Record<string, { title: string; list: Item[] }>;
      const items = new Map(
        Object.values(list).flatMap((group) => group.list.map((item) => [item.name, item])),
      );
      const tabs = Object.fromEntries(Object.entries(list).map(([key, group]) => [key, group.title]));
      return { configGroup: res.data.configGroup, tabs, items };
    };
    const titles = (items: Map<string, Item>, names: string[]) => names.map((name) => items.get(name)?.title);
    const shown = ['site_name', 'time_zone', 'smtp_pass', 'smtp_sender_mail', 'sms_provider', 'shop_notice'];

    const zh = await screen('zh-cn');
    const zhGroups = {
      basics: '基础配置',
      mail: '邮件配置',
      config_quick_entrance: '快捷配置入口',
      sms: '短信',
      shop: '店铺设置',
    };
    expect(zh.configGroup).toEqual(zhGroups);
    expect(zh.tabs).toEqual(zhGroups);
    expect(titles(zh.items, shown)).toEqual([
      '站点名称',
      '时区',
      'SMTP 密码',
      'SMTP 发件人邮箱',
      '短信服务商',
      '店铺公告',
    ]);
    expect(zh.items.get('record_number')).toMatchObject({ title: '备案号', tip: '域名备案号' });
    expect(zh.items.get('shop_notice')?.tip).toBe('Shown above the goods');

    const en = await screen('en');
    const enGroups = {
      basics: 'Basics',
      mail: 'Mail',
      config_quick_entrance: 'Quick entrance',
      sms: 'SMS',
      shop: '店铺设置',
    };
    expect(en.configGroup).toEqual(enGroups);
    expect(en.tabs).toEqual(enGroups);
    expect(titles(en.items, shown)).toEqual([
      'Site name',
      'Time zone',
      'SMTP password',
      'SMTP sender e-mail',
      'SMS provider',
      '店铺公告',
    ]);
    expect(en.items.get('record_number')).toMatchObject({
      title: 'Record number',
      tip: "The domain's ICP filing number",
    });

    // The stored titles stay as they were: the form's config_group item saves them back unchanged.
    const groupItem = en.items.get('config_group') as Item & { value: unknown };
    expect(groupItem.value).toEqual(groups);
    // A refused value names the item as the reader sees it.
    const refused = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      lang: 'zh-cn',
      body: { smtp_sender_mail: 'not-mail' },
    });
    expect(refused).toMatchObject({ code: 0, msg: '配置项 SMTP 发件人邮箱 的值无效' });
  });

  it('names the seeded data-security rules in the reader’s language', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const recycle = await call(t.app, 'GET', '/admin/security.DataRecycle/index', {
      token,
      query: { limit: 20 },
    });
    expect(recycle.data.list.map((r: { name: string }) => r.name)).toContain('Members');
    const controllers = recycle.data.controllers.map((c: { label: string }) => c.label);
    expect(controllers).toContain('auth/Admin - Admin management');
    const sensitive = await call(t.app, 'GET', '/admin/security.SensitiveData/index', {
      token,
      lang: 'zh-cn',
    });
    expect(sensitive.data.list.map((r: { name: string }) => r.name)).toContain('管理员数据');
    const form = await call(t.app, 'GET', '/admin/security.DataRecycle/edit', { token, query: { id: 5 } });
    expect(form.data.row.name).toBe('会员');

    // A deleted member's entry in the recycle bin names the rule that kept it.
    const id = await createMember(t.ctx, 'recycled9', 'recycled-pass');
    expect((await call(t.app, 'POST', '/admin/user.User/del', { token, body: { ids: [id] } })).code).toBe(1);
    const log = await call(t.app, 'GET', '/admin/security.DataRecycleLog/index', {
      token,
      query: { quickSearch: 'member' },
    });
    expect(log.data.list.map((e: { rule_name: string }) => e.rule_name)).toEqual(['Members']);
    const info = await call(t.app, 'GET', '/admin/security.DataRecycleLog/info', {
      token,
      query: { id: log.data.list[0].id },
    });
    expect(info.data.row.rule_name).toBe('Members');
    const zhLog = await call(t.app, 'GET', '/admin/security.DataRecycleLog/index', { token, lang: 'zh-cn' });
    expect(zhLog.data.list[0].rule_name).toBe('会员');
  });

  it('tags the seeded sensitive-data rules’ fields in the reader’s language, and typed labels as typed', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const fieldsOf = async (lang: Lang) => {
      const listed = await call(t.app, 'GET', '/admin/security.SensitiveData/index', { token, lang });
      const rows = listed.data.list as { id: number; data_fields: Record<string, string> }[];
      return new Map(rows.map((row) => [row.id, row.data_fields]));
    };
    const en = await fieldsOf('en');
    expect(en.get(1)).toEqual({
      username: 'Username',
      mobile: 'Mobile',
      password: 'Password',
      status: 'Status',
    });
    expect(en.get(2)).toMatchObject({ email: 'Email' });
    expect(en.get(3)).toEqual({ rules: 'Permission rules' });
    expect((await fieldsOf('zh-cn')).get(1)).toEqual({
      username: '用户名',
      mobile: '手机',
      password: '密码',
      status: '状态',
    });
    // The edit form shows and saves what is stored.
    const form = await call(t.app, 'GET', '/admin/security.SensitiveData/edit', { token, query: { id: 1 } });
    expect(form.data.row.fields).toContainEqual({ name: 'username', value: '用户名' });
    // A label an administrator typed is theirs, in every language.
    await t.ctx.db.kysely
      .updateTable('security_sensitive_data')
      .set({ data_fields: JSON.stringify({ rules: '组的权限' }) })
      .where('id', '=', 3)
      .execute();
    expect((await fieldsOf('en')).get(3)).toEqual({ rules: '组的权限' });
  });
});
