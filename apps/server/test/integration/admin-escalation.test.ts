/**
 * An administrator acts on another only when every group of the target lies
 * strictly below the actor's (docs/architecture.md, "Security baseline"). The attack: the super administrator was
 * also put in a sub-group, and the sub-group's manager took over the super account through
 * that shared group. Every action on another administrator must refuse it and change nothing.
 */
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

const EDIT = '/admin/auth.Admin/edit';
const INDEX = '/admin/auth.Admin/index';
const DEL = '/admin/auth.Admin/del';
const SUPER_GROUP = 1;
const NO_PERMISSION = { code: 401, msg: 'You have no permission' };

const MANAGER_RULES = [
  'auth',
  'auth/admin',
  'auth/admin/index',
  'auth/admin/add',
  'auth/admin/edit',
  'auth/admin/del',
  'dashboard',
];

interface World {
  managerGroup: number;
  sub: number;
  disabledSub: number;
  superId: number;
  mgr: { id: number; token: string };
}

/** mgr manages Sub (a strict subset of his rules); the super administrator is in [1, Sub]. */
async function buildWorld(t: TestApp): Promise<World> {
  const managerGroup = await createGroup(t.ctx, 'managers', MANAGER_RULES);
  const sub = await createGroup(t.ctx, 'sub', ['dashboard'], managerGroup);
  const disabledSub = await createGroup(t.ctx, 'disabled sub', ['dashboard'], managerGroup);
  await t.ctx.db.kysely
    .updateTable('admin_group')
    .set({ status: '0' })
    .where('id', '=', disabledSub)
    .execute();
  const superId = (await loginSuper(t)).id;
  await t.ctx.db.kysely.insertInto('admin_group_access').values({ uid: superId, group_id: sub }).execute();
  await createAdmin(t.ctx, 'mgr', 'mgr-pass-1', [managerGroup]);
  const mgr = await loginAdmin(t.app, 'mgr', 'mgr-pass-1');
  return { managerGroup, sub, disabledSub, superId, mgr };
}

async function groupsOf(t: TestApp, uid: number): Promise<number[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom('admin_group_access')
    .select('group_id')
    .where('uid', '=', uid)
    .orderBy('group_id')
    .execute();
  return rows.map((row) => row.group_id);
}

async function adminRow(t: TestApp, id: number) {
  return t.ctx.db.kysely
    .selectFrom('admin')
    .select(['id', 'username', 'nickname', 'password', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A full edit form for `username`, as the admin list posts it. */
const form = (id: number, username: string, group_arr: number[], extra: Record<string, unknown> = {}) => ({
  id,
  username,
  nickname: username,
  email: '',
  mobile: '',
  motto: '',
  avatar: '',
  password: '',
  status: '1',
  group_arr,
  ...extra,
});

forEachDatabase('admin escalation through shared groups', (get) => {
  let world: World;

  it('sets up: the super administrator shares the sub-group mgr manages', async () => {
    world = await buildWorld(get());
    expect(await groupsOf(get(), world.superId)).toEqual([SUPER_GROUP, world.sub].sort((a, b) => a - b));
  });

  it('refuses every action of mgr on the super administrator and changes nothing', async () => {
    const t = get();
    const { mgr, sub, superId } = world;
    const before = await adminRow(t, superId);
    const groupsBefore = await groupsOf(t, superId);

    const takeover = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(superId, 'admin', [SUPER_GROUP, sub], { password: 'taken-over-1' }),
    });
    expect(takeover).toMatchObject(NO_PERMISSION);

    const disable = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(superId, 'admin', [SUPER_GROUP, sub], { status: '0' }),
    });
    expect(disable).toMatchObject(NO_PERMISSION);

    // A list's switch cell posts the id and one field alone.
    const switched = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: { id: superId, status: '0' },
    });
    expect(switched).toMatchObject(NO_PERMISSION);

    const demote = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(superId, 'admin', [sub]),
    });
    expect(demote).toMatchObject(NO_PERMISSION);

    const del = await call(t.app, 'POST', DEL, { token: mgr.token, body: { ids: [superId] } });
    expect(del).toMatchObject(NO_PERMISSION);
    const deleteVerb = await call(t.app, 'DELETE', DEL, { token: mgr.token, query: `ids[]=${superId}` });
    expect(deleteVerb).toMatchObject(NO_PERMISSION);

    // Administrators have no sortable action to reach another account through.
    const sortable = await call(t.app, 'POST', '/admin/auth.Admin/sortable', {
      token: mgr.token,
      body: { id: superId, targetId: mgr.id },
    });
    expect(sortable.status).toBe(404);

    // The edit form and the list do not show the super administrator to mgr either.
    const shown = await call(t.app, 'GET', EDIT, { token: mgr.token, query: { id: superId } });
    expect(shown).toMatchObject({ code: 0, msg: 'Record not found' });
    const list = await call(t.app, 'GET', INDEX, { token: mgr.token, query: { limit: 100 } });
    expect(list.data.list.map((r: { id: number }) => r.id)).not.toContain(superId);

    // Nothing changed: same row, same groups, the old password still signs in as super.
    expect(await adminRow(t, superId)).toEqual(before);
    expect(await groupsOf(t, superId)).toEqual(groupsBefore);
    const again = await loginSuper(t);
    const info = await call(t.app, 'GET', '/admin/index/index', { token: again.token });
    expect(info.data.adminInfo).toMatchObject({ id: superId, username: 'admin', super: true });
    await expect(loginAdmin(t.app, 'admin', 'taken-over-1')).rejects.toThrow();
  });

  it('refuses a batch delete that mixes a manageable administrator with one that is not', async () => {
    const t = get();
    const { mgr, sub, superId } = world;
    const staff = await createAdmin(t.ctx, 'batch_staff', 'staff-pass-1', [sub]);
    const del = await call(t.app, 'POST', DEL, { token: mgr.token, body: { ids: [staff, superId] } });
    expect(del).toMatchObject(NO_PERMISSION);
    expect(await adminRow(t, staff)).toBeDefined();
    expect(await adminRow(t, superId)).toBeDefined();
  });

  it('refuses adding a group mgr does not manage, and keeping one he does not manage', async () => {
    const t = get();
    const { mgr, sub, managerGroup } = world;
    const staff = await createAdmin(t.ctx, 'grp_staff', 'staff-pass-1', [sub]);
    for (const group of [SUPER_GROUP, managerGroup]) {
      const add = await call(t.app, 'POST', EDIT, {
        token: mgr.token,
        body: form(staff, 'grp_staff', [sub, group]),
      });
      expect(add).toMatchObject({
        code: 0,
        msg: 'You have no permission to add an administrator to this group!',
      });
    }
    expect(await groupsOf(t, staff)).toEqual([sub]);

    // An account that already holds a group mgr does not manage (his own) is not his to change:
    // neither keeping that group nor dropping it.
    const mixed = await createAdmin(t.ctx, 'mixed_staff', 'staff-pass-1', [sub, managerGroup]);
    for (const group_arr of [[sub, managerGroup], [sub]]) {
      const res = await call(t.app, 'POST', EDIT, {
        token: mgr.token,
        body: form(mixed, 'mixed_staff', group_arr, { password: 'changed-pass-1' }),
      });
      expect(res).toMatchObject(NO_PERMISSION);
    }
    expect(await groupsOf(t, mixed)).toEqual([sub, managerGroup].sort((a, b) => a - b));
    await loginAdmin(t.app, 'mixed_staff', 'staff-pass-1');
  });

  it('refuses a peer in mgr’s own group, an account without groups and one in a disabled group', async () => {
    const t = get();
    const { mgr, managerGroup, disabledSub } = world;
    const targets = {
      peer: await createAdmin(t.ctx, 'peer', 'peer-pass-1', [managerGroup]),
      orphan: await createAdmin(t.ctx, 'orphan', 'orphan-pass-1', []),
      dormant: await createAdmin(t.ctx, 'dormant', 'dormant-pass-1', [disabledSub]),
    };
    const list = await call(t.app, 'GET', INDEX, { token: mgr.token, query: { limit: 100 } });
    const listed = list.data.list.map((r: { id: number }) => r.id);
    for (const [username, id] of Object.entries(targets)) {
      expect(listed, username).not.toContain(id);
      const before = await adminRow(t, id);
      const groups = await groupsOf(t, id);
      const edit = await call(t.app, 'POST', EDIT, {
        token: mgr.token,
        body: form(id, username, [world.sub], { password: 'taken-over-1', status: '0' }),
      });
      expect(edit, username).toMatchObject(NO_PERMISSION);
      const del = await call(t.app, 'POST', DEL, { token: mgr.token, body: { ids: [id] } });
      expect(del, username).toMatchObject(NO_PERMISSION);
      expect(await adminRow(t, id), username).toEqual(before);
      expect(await groupsOf(t, id), username).toEqual(groups);
    }
    // The super administrator still manages all of them.
    const { token } = await loginSuper(t);
    const fixed = await call(t.app, 'POST', EDIT, {
      token,
      body: form(targets.orphan, 'orphan', [world.sub]),
    });
    expect(fixed).toMatchObject({ code: 1 });
  });

  it('still lets mgr edit, disable and delete an administrator whose every group is below him', async () => {
    const t = get();
    const { mgr, sub } = world;
    const staff = await createAdmin(t.ctx, 'low_staff', 'staff-pass-1', [sub]);
    const list = await call(t.app, 'GET', INDEX, { token: mgr.token, query: { limit: 100 } });
    const listed = list.data.list.map((r: { id: number }) => r.id);
    expect(listed).toContain(staff);
    expect(listed).toContain(mgr.id);

    const edited = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(staff, 'low_staff', [sub], { nickname: 'Low Staff', password: 'reset-pass-1' }),
    });
    expect(edited).toMatchObject({ code: 1, msg: 'Update successful' });
    await loginAdmin(t.app, 'low_staff', 'reset-pass-1');

    const disabled = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(staff, 'low_staff', [sub], { status: '0' }),
    });
    expect(disabled.code).toBe(1);
    expect((await adminRow(t, staff))?.status).toBe('0');

    const del = await call(t.app, 'POST', DEL, { token: mgr.token, body: { ids: [staff] } });
    expect(del).toMatchObject({ code: 1, msg: 'Deleted successfully' });
    expect(await adminRow(t, staff)).toBeUndefined();
  });

  it('lets mgr edit his own profile keeping his own group, but never delete or disable himself', async () => {
    const t = get();
    const { mgr, managerGroup } = world;
    const own = await call(t.app, 'GET', EDIT, { token: mgr.token, query: { id: mgr.id } });
    expect(own.data.row).toMatchObject({ username: 'mgr', group_arr: [managerGroup] });
    const saved = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(mgr.id, 'mgr', [managerGroup], { nickname: 'The manager' }),
    });
    expect(saved).toMatchObject({ code: 1 });
    const disable = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(mgr.id, 'mgr', [managerGroup], { status: '0' }),
    });
    expect(disable.msg).toBe('Please use another administrator account to disable the current account!');
    const del = await call(t.app, 'POST', DEL, { token: mgr.token, body: { ids: [mgr.id] } });
    expect(del.msg).toBe('You cannot delete your own account');
    // Adding himself to a group above him stays refused.
    const raise = await call(t.app, 'POST', EDIT, {
      token: mgr.token,
      body: form(mgr.id, 'mgr', [managerGroup, SUPER_GROUP]),
    });
    expect(raise.msg).toBe('You have no permission to add an administrator to this group!');
    expect(await groupsOf(t, mgr.id)).toEqual([managerGroup]);
  });
});
