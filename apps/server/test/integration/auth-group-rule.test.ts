/** auth.Group and auth.Rule: trees, ancestry refusals, sorting and rule grants. */
import { expect, it } from 'vitest';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../support/test-app.js';

forEachDatabase('auth.Group and auth.Rule', (get) => {
  it("lists groups as a tree with readable rule summaries and the caller's groups", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await call(t.app, 'GET', '/admin/auth.Group/index', { token });
    expect(res.code).toBe(1);
    expect(res.data.group).toEqual([1]);
    const [root] = res.data.list;
    expect(root).toMatchObject({ id: 1, name: 'Super administrators', rules: 'Super administrator' });
    expect(root.children[0]).toMatchObject({ id: 2 });
    expect(root.children[0].children[0].children[0]).toMatchObject({ id: 4 });

    const select = await call(t.app, 'GET', '/admin/auth.Group/index', { token, query: { select: '1' } });
    expect(select.data.options.map((o: { name: string }) => o.name)).toEqual([
      'Super administrators',
      '    └Level 1 administrators',
      '        └Level 2 administrators',
      '            └Level 3 administrators',
    ]);
  });

  it("refuses a group that would be its own parent or its descendant's child", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const self = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token,
      body: { id: 2, pid: 2, name: 'x', rules: [1] },
    });
    expect(self.msg).toBe('The parent group cannot be itself or its child');
    const loop = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token,
      body: { id: 2, pid: 4, name: 'x', rules: [1] },
    });
    expect(loop.msg).toBe('The parent group cannot be itself or its child');
    const row = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .selectAll()
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pid: 1, name: '一级管理员' });
  });

  it('refuses to delete a parent group alone, but deletes it with its children', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const parent = await createGroup(t.ctx, 'parent', ['dashboard']);
    const child = await createGroup(t.ctx, 'child', ['dashboard'], parent);
    const alone = await call(t.app, 'POST', '/admin/auth.Group/del', { token, body: { ids: [parent] } });
    expect(alone.msg).toBe('Please delete the child element first, or use batch deletion');
    const both = await call(t.app, 'POST', '/admin/auth.Group/del', {
      token,
      body: { ids: [parent, child] },
    });
    expect(both.code).toBe(1);
  });

  it('stores a selection of every rule as "*" and edits return leaf rules only', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const all = (await t.ctx.db.kysely.selectFrom('admin_rule').select('id').execute()).map((r) => r.id);
    const add = await call(t.app, 'POST', '/admin/auth.Group/add', {
      token,
      body: { pid: 1, name: 'everything', rules: all },
    });
    expect(add.code).toBe(1);
    const stored = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select(['id', 'rules'])
      .where('name', '=', 'everything')
      .executeTakeFirstOrThrow();
    expect(stored.rules).toBe('*');

    // A group holding every rule ('*') answers '*' itself, not the list of every rule id.
    const superForm = await call(t.app, 'GET', '/admin/auth.Group/edit', { token, query: { id: 1 } });
    expect(superForm.data.row).toMatchObject({ id: 1, rules: '*' });
    const everything = await call(t.app, 'GET', '/admin/auth.Group/edit', {
      token,
      query: { id: stored.id },
    });
    expect(everything.data.row.rules).toBe('*');

    const form = await call(t.app, 'GET', '/admin/auth.Group/edit', { token, query: { id: 3 } });
    // Group 3 holds 21..43; its parents (21 members dir, 22 user page...) are left out.
    expect(form.data.row.rules).not.toContain(21);
    expect(form.data.row.rules).toContain(23);
  });

  it('keeps a non-super administrator out of their own group and groups above them', async () => {
    const t = get();
    const managers = await createGroup(t.ctx, 'group managers', [
      'auth',
      'auth/group',
      'auth/group/index',
      'auth/group/add',
      'auth/group/edit',
      'auth/group/del',
      'dashboard',
    ]);
    await createAdmin(t.ctx, 'gmanager', 'group-manager', [managers]);
    const { token } = await loginAdmin(t.app, 'gmanager', 'group-manager');
    const own = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token,
      body: { id: managers, pid: 1, name: 'x', rules: [1] },
    });
    expect(own.msg).toBe('You cannot modify your own management group!');
    const above = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token,
      body: { id: 2, pid: 1, name: 'x', rules: [1] },
    });
    expect(above.code).toBe(401);
    const tooMuch = await call(t.app, 'POST', '/admin/auth.Group/add', {
      token,
      body: { pid: managers, name: 'sub', rules: [45] },
    });
    expect(tooMuch.code).toBe(401);
    const ok = await call(t.app, 'POST', '/admin/auth.Group/add', {
      token,
      body: { pid: managers, name: 'sub', rules: [1] },
    });
    expect(ok.code).toBe(1);
  });

  it('lists rules as a tree, and offers menu parents in the select', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await call(t.app, 'GET', '/admin/auth.Rule/index', { token });
    const dashboard = res.data.list[0];
    expect(dashboard).toMatchObject({ name: 'dashboard', weigh: 999 });
    const options = await call(t.app, 'GET', '/admin/auth.Rule/index', { token, query: { select: '1' } });
    const types = new Set(options.data.options.map((o: { type: string }) => o.type));
    expect([...types].sort()).toEqual(['menu', 'menu_dir']);
  });

  it('adds a rule, grants it to groups holding its parent, and validates component and prefix', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const base = { pid: 22, type: 'button', title: 'Audit', name: 'user/user/audit' };
    expect((await call(t.app, 'POST', '/admin/auth.Rule/add', { token, body: base })).code).toBe(1);
    const rule = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .select('id')
      .where('name', '=', 'user/user/audit')
      .executeTakeFirstOrThrow();
    const group2 = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('rules')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(group2.rules?.split(',')).toContain(String(rule.id));

    const badComponent = await call(t.app, 'POST', '/admin/auth.Rule/add', {
      token,
      body: { pid: 0, type: 'menu', title: 'X', name: 'x/page', path: 'x/page', component: 'views/x.tsx' },
    });
    expect(badComponent.msg).toBe('The component path must start with /src');
    const prefixed = await call(t.app, 'POST', '/admin/auth.Rule/add', {
      token,
      body: {
        pid: 0,
        type: 'menu',
        title: 'X',
        name: 'x/page',
        path: '/admin/x/page',
        component: '/src/views/x.tsx',
      },
    });
    expect(prefixed.msg).toBe('The route path does not need the /admin prefix');
  });

  it("adds a directory and a button without a component, and a menu by the original's .vue path", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/admin/auth.Rule/add', { token, body });
    // As the original's form sends them: the component field is hidden for these types.
    const dir = await add({
      type: 'menu_dir',
      title: 'Reports',
      name: 'reports',
      path: 'reports',
      component: '',
    });
    expect(dir).toMatchObject({ code: 1, msg: 'Added successfully' });
    const stored = async (name: string) =>
      t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select(['id', 'type', 'component'])
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
    const reports = await stored('reports');
    const page = await add({
      pid: reports.id,
      type: 'menu',
      title: 'Sales',
      name: 'reports/sales',
      path: 'reports/sales',
      component: '/src/views/backend/reports/sales/index.vue',
    });
    expect(page).toMatchObject({ code: 1, msg: 'Added successfully' });
    const sales = await stored('reports/sales');
    const button = await add({
      pid: sales.id,
      type: 'button',
      title: 'Export',
      name: 'reports/sales/export',
    });
    expect(button).toMatchObject({ code: 1, msg: 'Added successfully' });
    expect([reports, sales, await stored('reports/sales/export')].map((r) => [r.type, r.component])).toEqual([
      ['menu_dir', ''],
      ['menu', '/src/views/backend/reports/sales/index.vue'],
      ['button', ''],
    ]);
    // Typed with Portico's own ending, it is stored in the original's, which both clients open.
    const typed = await add({
      pid: reports.id,
      type: 'menu',
      title: 'Stock',
      name: 'reports/stock',
      path: 'reports/stock',
      component: '/src/views/backend/reports/stock/index.tsx',
    });
    expect(typed).toMatchObject({ code: 1, msg: 'Added successfully' });
    expect((await stored('reports/stock')).component).toBe('/src/views/backend/reports/stock/index.vue');
    // A menu page still needs its component.
    const noPage = await add({ type: 'menu', title: 'Blank', name: 'reports/blank', path: 'reports/blank' });
    expect(noPage).toMatchObject({ code: 0, msg: 'The component path must start with /src' });
  });

  it("stores every rule's page in the original's form, areas' rules included", async () => {
    const t = get();
    for (const table of ['admin_rule', 'user_rule'] as const) {
      const rows = await t.ctx.db.kysely.selectFrom(table).select(['name', 'component']).execute();
      expect(
        rows.filter((row) => row.component.endsWith('.tsx')),
        table,
      ).toEqual([]);
      expect(rows.filter((row) => row.component.endsWith('.vue')).length, table).toBeGreaterThan(4);
    }
    const store = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .select('component')
      .where('name', '=', 'store/module')
      .executeTakeFirst();
    expect(store?.component).toBe('/src/views/backend/store/module/index.vue');
  });

  it('refuses a rule as its own ancestor and deleting a parent that has children', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const edit = await call(t.app, 'GET', '/admin/auth.Rule/edit', { token, query: { id: 2 } });
    const loop = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { ...edit.data.row, pid: 8 },
    });
    expect(loop.msg).toBe('The parent rule cannot be itself or its child');
    const self = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { ...edit.data.row, pid: 2 },
    });
    expect(self.msg).toBe('The parent rule cannot be itself or its child');
    const del = await call(t.app, 'POST', '/admin/auth.Rule/del', { token, body: { ids: [2] } });
    expect(del.msg).toBe('Please delete the child element first, or use batch deletion');
    expect(
      await t.ctx.db.kysely.selectFrom('admin_rule').select('id').where('id', '=', 2).executeTakeFirst(),
    ).toBeDefined();
  });

  it('swaps the weigh of two rules and refuses equal weights', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await call(t.app, 'POST', '/admin/auth.Rule/sortable', {
      token,
      body: { id: 3, targetId: 8 },
    });
    expect(res.code).toBe(1);
    const rows = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .select(['id', 'weigh'])
      .where('id', 'in', [3, 8])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 3, weigh: 98 },
      { id: 8, weigh: 99 },
    ]);
    const equal = await call(t.app, 'POST', '/admin/auth.Rule/sortable', {
      token,
      body: { id: 4, targetId: 5 },
    });
    expect(equal.msg).toBe('Invalid collation because the weights of the two targets are equal');
  });

  it('toggles a rule switch in place, keeping every other field, and refuses other values', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const before = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .selectAll()
      .where('id', '=', 13)
      .executeTakeFirstOrThrow();
    const off = await call(t.app, 'POST', '/admin/auth.Rule/edit', { token, body: { id: 13, status: '0' } });
    expect(off).toMatchObject({ code: 1 });
    const kept = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { id: 13, keepalive: '0' },
    });
    expect(kept).toMatchObject({ code: 1 });
    const after = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .selectAll()
      .where('id', '=', 13)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ ...before, status: '0', keepalive: 0, update_time: after.update_time });
    const bad = await call(t.app, 'POST', '/admin/auth.Rule/edit', { token, body: { id: 13, status: 'x' } });
    expect(bad).toMatchObject({ code: 0, msg: 'Parameter status is invalid' });
    // A field that is not a switch still needs the whole form.
    const partial = await call(t.app, 'POST', '/admin/auth.Rule/edit', {
      token,
      body: { id: 13, title: 'x' },
    });
    expect(partial.code).toBe(0);
  });
});
