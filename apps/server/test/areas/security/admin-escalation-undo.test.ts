/**
 * The administrator hierarchy, through the security logs: restoring a deleted row and rolling back a logged
 * change write rows of whatever table a rule names. On the tables that decide who may do
 * what, they must give a non-super administrator no more than the admin screens do: a
 * super administrator cannot be brought back or have their password rolled back by a
 * manager, nor can a manager roll back the rules of a group that is not below them.
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
} from '../../support/test-app.js';

const RESTORE = '/admin/security.DataRecycleLog/restore';
const ROLLBACK = '/admin/security.SensitiveDataLog/rollback';
const SUPER_GROUP = 1;
const NO_PERMISSION = { code: 401, msg: 'You have no permission' };

/** mgr may use both security logs and manage administrators below him. */
const MANAGER_RULES = [
  'auth',
  'auth/admin',
  'auth/admin/index',
  'auth/admin/edit',
  'auth/admin/del',
  'security',
  'security/dataRecycleLog',
  'security/dataRecycleLog/index',
  'security/dataRecycleLog/restore',
  'security/sensitiveDataLog',
  'security/sensitiveDataLog/index',
  'security/sensitiveDataLog/rollback',
  'dashboard',
];

async function latestEntry(t: TestApp, table: 'security_data_recycle_log' | 'security_sensitive_data_log') {
  const row = await t.ctx.db.kysely
    .selectFrom(table)
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function adminExists(t: TestApp, username: string): Promise<boolean> {
  const row = await t.ctx.db.kysely
    .selectFrom('admin')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

forEachDatabase('admin escalation through restore and rollback', (get) => {
  let managers: number;
  let sub: number;
  let mgr: { id: number; token: string };
  let superToken: string;

  it('sets up a manager who may restore and roll back', async () => {
    const t = get();
    managers = await createGroup(t.ctx, 'undo managers', MANAGER_RULES);
    sub = await createGroup(t.ctx, 'undo sub', ['dashboard'], managers);
    await createAdmin(t.ctx, 'undo_mgr', 'mgr-pass-1', [managers]);
    mgr = await loginAdmin(t.app, 'undo_mgr', 'mgr-pass-1');
    superToken = (await loginSuper(t)).token;
  });

  it('refuses to restore a deleted super administrator, and restores nothing', async () => {
    const t = get();
    const boss = await createAdmin(t.ctx, 'old_boss', 'boss-pass-1', [SUPER_GROUP]);
    const del = await call(t.app, 'POST', '/admin/auth.Admin/del', {
      token: superToken,
      body: { ids: [boss] },
    });
    expect(del.code).toBe(1);
    const entry = await latestEntry(t, 'security_data_recycle_log');

    expect(await call(t.app, 'POST', RESTORE, { token: mgr.token, body: { ids: [entry] } })).toMatchObject(
      NO_PERMISSION,
    );
    expect(await adminExists(t, 'old_boss')).toBe(false);
    // The super administrator may.
    expect((await call(t.app, 'POST', RESTORE, { token: superToken, body: { ids: [entry] } })).code).toBe(1);
    await loginAdmin(t.app, 'old_boss', 'boss-pass-1');
  });

  it('refuses to roll back a super administrator’s password, which keeps working as set', async () => {
    const t = get();
    const boss = await createAdmin(t.ctx, 'second_boss', 'boss-pass-1', [SUPER_GROUP]);
    const changed = await call(t.app, 'POST', '/admin/auth.Admin/edit', {
      token: superToken,
      body: {
        id: boss,
        username: 'second_boss',
        nickname: 'Second boss',
        password: 'boss-pass-2',
        group_arr: [SUPER_GROUP],
      },
    });
    expect(changed.code).toBe(1);
    const entry = await latestEntry(t, 'security_sensitive_data_log');

    expect(await call(t.app, 'POST', ROLLBACK, { token: mgr.token, body: { ids: [entry] } })).toMatchObject(
      NO_PERMISSION,
    );
    await loginAdmin(t.app, 'second_boss', 'boss-pass-2');
    await expect(loginAdmin(t.app, 'second_boss', 'boss-pass-1')).rejects.toThrow();
  });

  it('refuses to roll back the rules of a group that is not below the manager', async () => {
    const t = get();
    const before = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('rules')
      .where('id', '=', managers)
      .executeTakeFirstOrThrow();
    // The super administrator narrows mgr's own group; mgr wants his rules back.
    const edited = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token: superToken,
      body: {
        id: managers,
        name: 'undo managers',
        pid: SUPER_GROUP,
        rules: before.rules?.split(',').slice(1),
      },
    });
    expect(edited.code).toBe(1);
    const narrowed = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('rules')
      .where('id', '=', managers)
      .executeTakeFirstOrThrow();
    expect(narrowed.rules).not.toBe(before.rules);
    const entry = await latestEntry(t, 'security_sensitive_data_log');

    // Narrowing his group took one of his rules; the rollback is refused with or without it.
    const rollback = await call(t.app, 'POST', ROLLBACK, { token: mgr.token, body: { ids: [entry] } });
    expect(rollback.code).not.toBe(1);
    const after = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('rules')
      .where('id', '=', managers)
      .executeTakeFirstOrThrow();
    expect(after.rules).toBe(narrowed.rules);
    // Give the group its rules back for the next test.
    await t.ctx.db.kysely
      .updateTable('admin_group')
      .set({ rules: before.rules })
      .where('id', '=', managers)
      .execute();
    await t.ctx.caches.changed('rules');
  });

  it('still lets the manager restore and roll back an administrator below him', async () => {
    const t = get();
    const staff = await createAdmin(t.ctx, 'undo_staff', 'staff-pass-1', [sub]);
    const edited = await call(t.app, 'POST', '/admin/auth.Admin/edit', {
      token: mgr.token,
      body: {
        id: staff,
        username: 'undo_staff',
        nickname: 'Staff',
        password: 'staff-pass-2',
        group_arr: [sub],
      },
    });
    expect(edited.code).toBe(1);
    const change = await latestEntry(t, 'security_sensitive_data_log');
    expect(await call(t.app, 'POST', ROLLBACK, { token: mgr.token, body: { ids: [change] } })).toMatchObject({
      code: 1,
    });
    await loginAdmin(t.app, 'undo_staff', 'staff-pass-1');

    const del = await call(t.app, 'POST', '/admin/auth.Admin/del', {
      token: mgr.token,
      body: { ids: [staff] },
    });
    expect(del.code).toBe(1);
    const deleted = await latestEntry(t, 'security_data_recycle_log');
    expect(await call(t.app, 'POST', RESTORE, { token: mgr.token, body: { ids: [deleted] } })).toMatchObject({
      code: 1,
    });
    await loginAdmin(t.app, 'undo_staff', 'staff-pass-1');
  });
});
