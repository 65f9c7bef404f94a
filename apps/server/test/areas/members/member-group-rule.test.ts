/** user.Group and user.Rule: member permissions managed from the back-office. */
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper } from '../../support/test-app.js';

forEachDatabase('user.Group and user.Rule', (get) => {
  it('adds member rules under a parent, refuses loops, keeps guest visibility off menus', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const rule = (extra: Record<string, unknown>) => ({
      title: 'T',
      type: 'route',
      path: '',
      component: '',
      ...extra,
    });
    const dir = await call(t.app, 'POST', '/admin/user.Rule/add', {
      token,
      body: rule({ name: 'shop', type: 'menu_dir', title: 'Shop' }),
    });
    expect(dir.code).toBe(1);
    const dirId = (
      await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('id')
        .where('name', '=', 'shop')
        .executeTakeFirstOrThrow()
    ).id;
    const page = await call(t.app, 'POST', '/admin/user.Rule/add', {
      token,
      body: rule({
        name: 'shop/orders',
        type: 'menu',
        pid: dirId,
        // Portico's own ending: stored in the original's, which both clients open.
        component: '/src/views/frontend/shop/orders.tsx',
        no_login_valid: 1,
      }),
    });
    expect(page.code).toBe(1);
    const stored = await t.ctx.db.kysely
      .selectFrom('user_rule')
      .selectAll()
      .where('name', '=', 'shop/orders')
      .executeTakeFirstOrThrow();
    // Menus are never visible to guests, whatever was sent.
    expect(stored.no_login_valid).toBe(0);
    // The page in the original's form: both clients open it.
    expect(stored.component).toBe('/src/views/frontend/shop/orders.vue');
    // The directory needs no component.
    expect(
      await t.ctx.db.kysely
        .selectFrom('user_rule')
        .select('component')
        .where('id', '=', dirId)
        .executeTakeFirst(),
    ).toEqual({ component: '' });

    const loop = await call(t.app, 'POST', '/admin/user.Rule/edit', {
      token,
      body: rule({ id: dirId, name: 'shop', type: 'menu_dir', pid: stored.id }),
    });
    expect(loop).toMatchObject({ code: 0, msg: 'The parent rule cannot be itself or its child' });
    const badComponent = await call(t.app, 'POST', '/admin/user.Rule/add', {
      token,
      body: rule({ name: 'x/y', component: 'views/x.tsx' }),
    });
    expect(badComponent).toMatchObject({ code: 0, msg: 'The component path must start with /src' });
    const parentAlone = await call(t.app, 'POST', '/admin/user.Rule/del', { token, body: { ids: [dirId] } });
    expect(parentAlone).toMatchObject({
      code: 0,
      msg: 'Please delete the child element first, or use batch deletion',
    });
    const off = await call(t.app, 'POST', '/admin/user.Rule/edit', {
      token,
      body: { id: stored.id, status: '0' },
    });
    expect(off.code).toBe(1);
    const tree = await call(t.app, 'GET', '/admin/user.Rule/index', { token });
    const shop = tree.data.list.find((node: { name: string }) => node.name === 'shop');
    expect(shop.children.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ['shop/orders', '0'],
    ]);
    expect(
      (await call(t.app, 'POST', '/admin/user.Rule/del', { token, body: { ids: [dirId, stored.id] } })).code,
    ).toBe(1);
  });

  it('stores groups with leaf rules, every rule as *, and refuses deleting a group with members', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const all = await t.ctx.db.kysely.selectFrom('user_rule').select(['id', 'pid']).execute();
    const leaf = all.find((r) => r.pid !== 0 && !all.some((c) => c.pid === r.id));
    expect(leaf).toBeDefined();
    const added = await call(t.app, 'POST', '/admin/user.Group/add', {
      token,
      body: { name: 'VIP', rules: [leaf?.id, leaf?.pid], status: '1' },
    });
    expect(added.code).toBe(1);
    const vip = await t.ctx.db.kysely
      .selectFrom('user_group')
      .select('id')
      .where('name', '=', 'VIP')
      .executeTakeFirstOrThrow();
    const form = await call(t.app, 'GET', '/admin/user.Group/edit', { token, query: { id: vip.id } });
    expect(form.data.row.rules).toEqual([leaf?.id]);
    const everything = await call(t.app, 'POST', '/admin/user.Group/edit', {
      token,
      body: { id: vip.id, name: 'VIP', rules: all.map((r) => r.id) },
    });
    expect(everything.code).toBe(1);
    expect(
      (await call(t.app, 'GET', '/admin/user.Group/edit', { token, query: { id: vip.id } })).data.row.rules,
    ).toBe('*');
    expect(
      (await call(t.app, 'POST', '/admin/user.Group/add', { token, body: { name: 'Empty', rules: [] } })).msg,
    ).toBe('Please select at least one rule');
    await t.ctx.db.kysely.insertInto('user').values({ username: 'vip_one', group_id: vip.id }).execute();
    expect((await call(t.app, 'POST', '/admin/user.Group/del', { token, body: { ids: [vip.id] } })).msg).toBe(
      'The group still has members',
    );
  });
});
