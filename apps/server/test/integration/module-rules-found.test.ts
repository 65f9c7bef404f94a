/**
 * A module declaring menu rules that are already there by name. On a taken-over BuildAdmin
 * site the original's generator made `shop` and `shop/goods` (component `….vue`) with its
 * buttons, granted to a group; the CRUD generator's module for `shop_goods` declares the same
 * names. Enabling it adds only what is missing (no duplicate): the original's rule, with its
 * grants, is the menu that opens the new screen (the web finds a page by its component path
 * without the extension). Disabling and uninstalling remove only the rules the module inserted,
 * never the original's, nor a directory another module still holds rules under.
 */
import { expect, it } from 'vitest';
import { disableModule, enableModule, uninstallModule } from '../../src/module-contract/lifecycle.js';
import { CRUD_BUTTONS as BUTTONS, generatedModule as generated } from '../support/crud-rules.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  type TestApp,
} from '../support/test-app.js';

/** The original generator's rows for shop_goods (as in fixtures/buildadmin-v2.sql). */
async function insertOriginalRules(t: TestApp): Promise<void> {
  const { kysely } = t.ctx.db;
  const time = Math.floor(Date.now() / 1000);
  const common = { url: '', icon: '', remark: '', weigh: 0, status: '1' as const, keepalive: 0 };
  const stamp = { create_time: time, update_time: time };
  const insert = async (values: Record<string, unknown>) => {
    await kysely
      .insertInto('admin_rule')
      .values({ ...common, ...stamp, extend: 'none', ...values } as never)
      .execute();
    const row = await kysely
      .selectFrom('admin_rule')
      .select('id')
      .where('name', '=', values.name as string)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const shop = await insert({
    pid: 0,
    type: 'menu_dir',
    title: '商城',
    name: 'shop',
    path: 'shop',
    component: '',
  });
  const goods = await insert({
    pid: shop,
    type: 'menu',
    title: '商品管理',
    name: 'shop/goods',
    path: 'shop/goods',
    menu_type: 'tab',
    component: '/src/views/backend/shop/goods/index.vue',
    keepalive: 1,
  });
  for (const action of ['index', 'add', 'edit', 'del', 'sortable']) {
    await insert({
      pid: goods,
      type: 'button',
      title: action,
      name: `shop/goods/${action}`,
      path: '',
      component: '',
    });
  }
}

async function rulesNamed(t: TestApp, prefix: string) {
  return t.ctx.db.kysely
    .selectFrom('admin_rule')
    .select(['id', 'pid', 'name', 'component'])
    .where((eb) => eb.or([eb('name', '=', prefix), eb('name', 'like', `${prefix}/%`)]))
    .orderBy('id')
    .execute();
}

type MenuNode = { name: string; component?: string; children?: MenuNode[] };
const flatten = (menus: MenuNode[]): MenuNode[] => menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);

forEachDatabase('module rules found in place', (get) => {
  it("uses the original's rules as they are, with their grants, and leaves them at disable and uninstall", async () => {
    const t = get();
    await insertOriginalRules(t);
    const before = await rulesNamed(t, 'shop');
    const shopGroup = await createGroup(t.ctx, 'Shop', [
      'shop',
      'shop/goods',
      'shop/goods/index',
      'shop/goods/add',
    ]);
    await createAdmin(t.ctx, 'shopkeeper', 'Shop-pass-22', [shopGroup]);
    const module = generated('shop', 'goods');

    await enableModule(t.ctx, module);
    const enabled = await rulesNamed(t, 'shop');
    // Nothing twice: the original's seven rows kept their ids, export and import were added under its menu.
    expect(enabled.map((r) => r.name).sort()).toEqual(
      ['shop', 'shop/goods', ...BUTTONS.map((b) => `shop/goods/${b}`)].sort(),
    );
    expect(enabled.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
    const goodsId = before.find((r) => r.name === 'shop/goods')?.id;
    expect(enabled.find((r) => r.name === 'shop/goods/export')?.pid).toBe(goodsId);

    // The group's administrator still has the menu, at the original's rule: its component is
    // the generated page's, which the generated module also names in the original's form.
    const keeper = await loginAdmin(t.app, 'shopkeeper', 'Shop-pass-22');
    const menu = flatten(
      (await call(t.app, 'GET', '/admin/index/index', { token: keeper.token })).data.menus,
    );
    const goods = menu.find((m) => m.name === 'shop/goods');
    expect(goods?.component).toBe(module.adminRules[0]?.children?.[0]?.component);
    expect(goods?.component).toBe('/src/views/backend/shop/goods/index.vue');

    await disableModule(t.ctx, module);
    // Only export and import, which the module inserted, are gone; the group keeps its grants.
    expect(await rulesNamed(t, 'shop')).toEqual(before);
    const afterDisable = flatten(
      (await call(t.app, 'GET', '/admin/index/index', { token: keeper.token })).data.menus,
    );
    expect(afterDisable.map((m) => m.name)).toEqual(expect.arrayContaining(['shop', 'shop/goods']));

    await enableModule(t.ctx, module);
    expect((await rulesNamed(t, 'shop')).map((r) => r.name)).toContain('shop/goods/import');
    await disableModule(t.ctx, module);
    await uninstallModule(t.ctx, module);
    expect(await rulesNamed(t, 'shop')).toEqual(before);
    const group = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('rules')
      .where('id', '=', shopGroup)
      .executeTakeFirstOrThrow();
    const granted = before.filter((r) =>
      ['shop', 'shop/goods', 'shop/goods/index', 'shop/goods/add'].includes(r.name),
    );
    expect((group.rules ?? '').split(',').map(Number).sort()).toEqual(granted.map((r) => r.id).sort());
  });

  it('keeps a directory a module made while another module still holds rules under it', async () => {
    const t = get();
    const product = generated('mall', 'product');
    const order = generated('mall', 'order');
    await enableModule(t.ctx, product);
    await enableModule(t.ctx, order);
    const names = async () => (await rulesNamed(t, 'mall')).map((r) => r.name).sort();
    const orderRules = ['mall/order', ...BUTTONS.map((b) => `mall/order/${b}`)];

    await disableModule(t.ctx, product);
    expect(await names()).toEqual(['mall', ...orderRules].sort());

    // Enabled again, product takes back what it made; disabling order then leaves product's.
    await enableModule(t.ctx, product);
    await disableModule(t.ctx, order);
    const productRules = ['mall/product', ...BUTTONS.map((b) => `mall/product/${b}`)];
    expect(await names()).toEqual(['mall', ...productRules].sort());
    await disableModule(t.ctx, product);
    expect(await names()).toEqual([]);
  });
});
