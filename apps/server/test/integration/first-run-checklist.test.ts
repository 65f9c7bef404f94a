/** The dashboard's first-run checklist: each item's state, and who is told. */
import { expect, it } from 'vitest';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  type TestApp,
} from '../support/test-app.js';

type Item = { key: string; done: boolean };

forEachDatabase('first-run checklist', (get) => {
  const checklist = async (t: TestApp, token: string): Promise<Item[] | null> => {
    const res = await call(t.app, 'GET', '/admin/dashboard/index', { token });
    expect(res.code).toBe(1);
    return res.data.firstRun;
  };
  const states = (items: Item[] | null) =>
    items && Object.fromEntries(items.map((item) => [item.key, item.done]));

  // First: the install is still fresh.
  it('is told only to administrators who may change the settings, each item to those who may change it', async () => {
    const t = get();
    // May look at the dashboard and manage member groups, but not change the config.
    const members = await createGroup(t.ctx, 'Member managers', [
      'dashboard',
      'dashboard/index',
      'user',
      'user/group',
      'user/group/index',
      'user/group/add',
      'user/group/edit',
    ]);
    await createAdmin(t.ctx, 'groupie', 'groupie-pass-1', [members]);
    const groupie = await loginAdmin(t.app, 'groupie', 'groupie-pass-1');
    expect(await checklist(t, groupie.token)).toBeNull();

    // May change the config but not the member groups: no member-group item.
    const config = await createGroup(t.ctx, 'Configurers', [
      'dashboard',
      'dashboard/index',
      'routine',
      'routine/config',
      'routine/config/index',
      'routine/config/edit',
    ]);
    await createAdmin(t.ctx, 'configurer', 'configurer-pass-1', [config]);
    const configurer = await loginAdmin(t.app, 'configurer', 'configurer-pass-1');
    expect(await checklist(t, configurer.token)).toEqual([
      { key: 'siteName', done: false },
      { key: 'mail', done: false },
    ]);
  });

  it('lists the three settings on a fresh install and drops away once each is set', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    expect(await checklist(t, token)).toEqual([
      { key: 'siteName', done: false },
      { key: 'mail', done: false },
      { key: 'memberGroup', done: false },
    ]);

    // The site name, through the config screen.
    const named = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { site_name: 'Acme back office' },
    });
    expect(named.code).toBe(1);
    expect(states(await checklist(t, token))).toEqual({ siteName: true, mail: false, memberGroup: false });

    // A server alone (the seed has smtp.qq.com) is not mail: the account and the sender are needed too.
    await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { smtp_server: 'smtp.example.com', smtp_port: '465', smtp_user: 'mailer' },
    });
    expect(states(await checklist(t, token))?.mail).toBe(false);
    const mail = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { smtp_pass: 'secret-pass', smtp_sender_mail: 'noreply@example.com' },
    });
    expect(mail.code).toBe(1);
    expect(states(await checklist(t, token))).toEqual({ siteName: true, mail: true, memberGroup: false });

    // Saving the seeded group unchanged is not a group of the site's own.
    const rules = (await t.ctx.db.kysely.selectFrom('user_rule').select('id').execute()).map((r) => r.id);
    const unchanged = await call(t.app, 'POST', '/admin/user.Group/edit', {
      token,
      body: { id: 1, name: '默认分组', rules, status: '1' },
    });
    expect(unchanged.code).toBe(1);
    expect(states(await checklist(t, token))?.memberGroup).toBe(false);

    const added = await call(t.app, 'POST', '/admin/user.Group/add', {
      token,
      body: { name: 'Customers', rules, status: '1' },
    });
    expect(added.code).toBe(1);
    // Everything is done: the checklist is gone.
    expect(await checklist(t, token)).toBeNull();
    // Nothing of the settings themselves is in the answer.
    const body = JSON.stringify((await call(t.app, 'GET', '/admin/dashboard/index', { token })).data);
    expect(body).not.toMatch(/Acme|smtp|noreply/i);
  });

  it('counts the seeded member group renamed as the site’s own, and the original’s placeholder name as unset', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // Where the test before left off: everything done. Back to the seeded group alone.
    await t.ctx.db.kysely.deleteFrom('user_group').where('id', '!=', 1).execute();
    expect(states(await checklist(t, token))).toEqual({ siteName: true, mail: true, memberGroup: false });
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: '站点名称' })
      .where('name', '=', 'site_name')
      .execute();
    await t.ctx.caches.changed('settings');
    expect(states(await checklist(t, token))).toEqual({ siteName: false, mail: true, memberGroup: false });
    const rules = (await t.ctx.db.kysely.selectFrom('user_rule').select('id').execute()).map((r) => r.id);
    const renamed = await call(t.app, 'POST', '/admin/user.Group/edit', {
      token,
      body: { id: 1, name: 'Members', rules, status: '1' },
    });
    expect(renamed.code).toBe(1);
    expect(states(await checklist(t, token))).toEqual({ siteName: false, mail: true, memberGroup: true });
  });
});
