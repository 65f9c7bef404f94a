/**
 * Data recycle and sensitive-data protection: captures written in the transaction of the
 * write they record, restore and rollback that refuse conflicts and keep their history.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createMember, loginMember } from '../../support/member.js';
import type { TestApp } from '../../support/test-app.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../../support/test-app.js';

const recycleEntries = (t: TestApp, table: string) =>
  t.ctx.db.kysely
    .selectFrom('security_data_recycle_log')
    .selectAll()
    .where('data_table', '=', table)
    .orderBy('id')
    .execute();

const memberExists = async (t: TestApp, id: number) =>
  !!(await t.ctx.db.kysely.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst());

/** A new member taking a deleted member's id, as a reused key would. */
async function reuseMemberId(t: TestApp, id: number, username: string): Promise<void> {
  await t.ctx.db.kysely
    .insertInto('user')
    .values({ id, username, nickname: username, password: 'x', group_id: 1, status: 'enable' })
    .execute();
}

async function deleteMembers(t: TestApp, token: string, ids: number[]) {
  return call(t.app, 'POST', '/admin/user.User/del', { token, body: { ids } });
}

/** A trigger that makes the database refuse deleting one member, so a delete fails midway. */
async function lockMemberAgainstDelete(t: TestApp, username: string): Promise<void> {
  const db = t.ctx.db.kysely;
  const table = `${t.ctx.db.prefix}user`;
  if (t.dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger keep_member before delete on ${table} when old.username = '${username}' ` +
          `begin select raise(abort, 'locked'); end`,
      )
      .execute(db);
  } else if (t.dialect === 'mysql') {
    await sql
      .raw(
        `create trigger keep_member before delete on ${table} for each row begin ` +
          `if old.username = '${username}' then signal sqlstate '45000' set message_text = 'locked'; end if; end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function keep_member() returns trigger language plpgsql as $$ begin ` +
          `if old.username = '${username}' then raise exception 'locked'; end if; return old; end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger keep_member before delete on ${table} for each row execute function keep_member()`)
      .execute(db);
  }
}

forEachDatabase('data recycle', (get) => {
  it('keeps each deleted member whole, restores it, and the member can log in again', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createMember(t.ctx, 'recycled1', 'Secret123', {
      email: 'r1@example.com',
      birthday: '1990-05-17',
    });
    expect((await deleteMembers(t, token, [id])).code).toBe(1);
    expect(await memberExists(t, id)).toBe(false);

    const [entry] = (await recycleEntries(t, 'user')).filter((e) => JSON.parse(e.data ?? '{}').id === id);
    expect(entry).toBeDefined();
    if (!entry) return;
    const list = await call(t.app, 'GET', '/admin/security.DataRecycleLog/index', {
      token,
      query: { quickSearch: '会员' },
    });
    expect(list.data.list.find((row: { id: number }) => row.id === entry.id)).toMatchObject({
      rule_name: 'Members',
      data_table: 'user',
      admin_username: 'admin',
    });
    const info = await call(t.app, 'GET', '/admin/security.DataRecycleLog/info', {
      token,
      query: { id: entry.id },
    });
    expect(info.data.row.data).toMatchObject({ id, username: 'recycled1', email: 'r1@example.com' });
    // The password hash is kept for the restore but never shown.
    expect(info.data.row.data.password).toBe('******');
    const listed = list.data.list.find((row: { id: number }) => row.id === entry.id);
    expect(JSON.parse(listed.data)).toMatchObject({ username: 'recycled1', password: '******' });
    expect(listed).not.toHaveProperty('secret_data');
    // Searching the deleted data cannot probe the hash either: it is not in the searched text.
    expect(entry.data).not.toMatch(/argon2/);
    const probe = await call(t.app, 'GET', '/admin/security.DataRecycleLog/index', {
      token,
      query: { 'search[0][field]': 'data', 'search[0][val]': 'argon2', 'search[0][operator]': 'LIKE' },
    });
    expect(probe.data.total).toBe(0);

    const restore = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: [entry.id] },
    });
    expect(restore).toMatchObject({ code: 1, msg: 'Restored 1 records' });
    const back = await t.ctx.db.kysely
      .selectFrom('user')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(back).toMatchObject({ username: 'recycled1', birthday: '1990-05-17' });
    expect(await loginMember(t, 'recycled1', 'Secret123')).toMatch(/\S/);

    // The entry stays, marked with who restored it; it cannot be restored twice.
    const kept = await call(t.app, 'GET', '/admin/security.DataRecycleLog/info', {
      token,
      query: { id: entry.id },
    });
    expect(kept.data.row).toMatchObject({ is_restore: 1, undo_username: 'admin' });
    expect(Number(kept.data.row.restore_time)).toBeGreaterThan(0);
    const again = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: [entry.id] },
    });
    expect(again).toMatchObject({ code: 0, msg: `Record ${entry.id} has already been restored` });
  });

  it('restores a deleted administrator together with their group memberships', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const editors = await createGroup(t.ctx, 'Restorable editors', [
      'auth',
      'auth/admin',
      'auth/admin/index',
    ]);
    const id = await createAdmin(t.ctx, 'restorable', 'Secret123', [editors]);
    expect((await call(t.app, 'POST', '/admin/auth.Admin/del', { token, body: { ids: [id] } })).code).toBe(1);
    const entry = (await recycleEntries(t, 'admin')).find((e) => JSON.parse(e.data ?? '{}').id === id);
    expect(
      (
        await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
          token,
          body: { ids: [entry?.id] },
        })
      ).code,
    ).toBe(1);
    const groups = await t.ctx.db.kysely
      .selectFrom('admin_group_access')
      .select('group_id')
      .where('uid', '=', id)
      .execute();
    expect(groups.map((g) => Number(g.group_id))).toEqual([editors]);
    const restored = await loginAdmin(t.app, 'restorable', 'Secret123');
    const list = await call(t.app, 'GET', '/admin/auth.Admin/index', { token: restored.token });
    expect(list.code).toBe(1);
  });

  it('refuses a restore when the id was reused, and restores none of several when one conflicts', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const a = await createMember(t.ctx, 'recycledA', 'Secret123');
    const b = await createMember(t.ctx, 'recycledB', 'Secret123');
    expect((await deleteMembers(t, token, [a, b])).code).toBe(1);
    const entries = (await recycleEntries(t, 'user')).filter((e) =>
      [a, b].includes(JSON.parse(e.data ?? '{}').id),
    );
    expect(entries).toHaveLength(2);
    const entryB = entries.find((e) => JSON.parse(e.data ?? '{}').id === b);
    await reuseMemberId(t, b, 'newcomerB');

    const alone = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: [entryB?.id] },
    });
    expect(alone).toMatchObject({
      code: 0,
      msg: `Cannot restore record ${entryB?.id}: id=${b} already exists in table user`,
    });
    const both = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: entries.map((e) => e.id) },
      lang: 'zh-cn',
    });
    expect(both.code).toBe(0);
    expect(both.msg).toBe(`无法还原记录 ${entryB?.id}：id=${b} 的数据已存在于表 user`);
    // Nothing changed: A is still gone, B is still the newcomer, neither entry is marked.
    expect(await memberExists(t, a)).toBe(false);
    const holder = await t.ctx.db.kysely
      .selectFrom('user')
      .select('username')
      .where('id', '=', b)
      .executeTakeFirst();
    expect(holder?.username).toBe('newcomerB');
    const after = await t.ctx.db.kysely
      .selectFrom('security_data_recycle_log')
      .select('is_restore')
      .where(
        'id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
    expect(after.map((e) => e.is_restore)).toEqual([0, 0]);
  });

  it('names a unique value taken since the delete without restoring anything', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createMember(t.ctx, 'recycledU', 'Secret123');
    await deleteMembers(t, token, [id]);
    const entry = (await recycleEntries(t, 'user')).find((e) => JSON.parse(e.data ?? '{}').id === id);
    await createMember(t.ctx, 'recycledU', 'Other1234');
    const res = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: [entry?.id] },
    });
    expect(res).toMatchObject({
      code: 0,
      msg: `Cannot restore record ${entry?.id}: a unique value of it is already taken in user`,
    });
    expect(await memberExists(t, id)).toBe(false);
  });

  it('leaves no entry when the delete fails midway, and fails the delete when the capture fails', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const free = await createMember(t.ctx, 'deletable', 'Secret123');
    const locked = await createMember(t.ctx, 'undeletable', 'Secret123');
    await lockMemberAgainstDelete(t, 'undeletable');
    const before = (await recycleEntries(t, 'user')).length;
    const res = await deleteMembers(t, token, [free, locked]);
    expect(res.code).toBe(0);
    expect(res.msg).not.toMatch(/delete|locked|ba_user/i);
    expect(await memberExists(t, free)).toBe(true);
    expect(await memberExists(t, locked)).toBe(true);
    expect(await recycleEntries(t, 'user')).toHaveLength(before);

    // A rule that no longer fits its table stops deletes rather than losing rows silently.
    await t.ctx.db.kysely
      .updateTable('security_data_recycle')
      .set({ primary_key: 'uid' })
      .where('controller_as', '=', 'user/user')
      .execute();
    const refused = await deleteMembers(t, token, [free]);
    expect(refused).toMatchObject({ code: 0, msg: 'Table user has no field uid' });
    expect(await memberExists(t, free)).toBe(true);
    await t.ctx.db.kysely
      .updateTable('security_data_recycle')
      .set({ primary_key: 'id' })
      .where('controller_as', '=', 'user/user')
      .execute();
  });

  it('captures deleted config items and lets only holders of the delete right remove entries', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const add = await call(t.app, 'POST', '/admin/routine.Config/add', {
      token,
      body: {
        name: 'recycle_probe',
        title: 'Probe',
        group: 'basics',
        type: 'string',
        value: 'v',
        rule: '',
        weigh: 0,
      },
    });
    expect(add.code).toBe(1);
    const item = await t.ctx.db.kysely
      .selectFrom('config')
      .select('id')
      .where('name', '=', 'recycle_probe')
      .executeTakeFirstOrThrow();
    expect(
      (await call(t.app, 'POST', '/admin/routine.Config/del', { token, body: { ids: [item.id] } })).code,
    ).toBe(1);
    const [entry] = await recycleEntries(t, 'config');
    expect(JSON.parse(entry?.data ?? '{}')).toMatchObject({
      name: 'recycle_probe',
      title: 'Probe',
      allow_del: 1,
    });

    // An administrator who may view and restore, but not delete, is refused the delete.
    const readers = await createGroup(t.ctx, 'Log readers', [
      'security',
      'security/dataRecycleLog',
      'security/dataRecycleLog/index',
      'security/dataRecycleLog/restore',
    ]);
    await createAdmin(t.ctx, 'logreader', 'Secret123', [readers]);
    const reader = await loginAdmin(t.app, 'logreader', 'Secret123');
    const denied = await call(t.app, 'POST', '/admin/security.DataRecycleLog/del', {
      token: reader.token,
      body: { ids: [entry?.id] },
    });
    expect(denied.code).toBe(401);
    expect(await recycleEntries(t, 'config')).toHaveLength(1);
    const del = await call(t.app, 'POST', '/admin/security.DataRecycleLog/del', {
      token,
      body: { ids: [entry?.id] },
    });
    expect(del.code).toBe(1);
    expect(await recycleEntries(t, 'config')).toHaveLength(0);
  });
});

forEachDatabase('sensitive data', (get) => {
  const adminBody = (id: number, mobile: string) => ({
    id,
    username: 'watched',
    nickname: 'Watched',
    mobile,
    status: '1',
    group_arr: [1],
  });

  const entriesFor = (t: TestApp, id: number, field: string) =>
    t.ctx.db.kysely
      .selectFrom('security_sensitive_data_log')
      .selectAll()
      .where('data_table', '=', 'admin')
      .where('id_value', '=', id)
      .where('data_field', '=', field)
      .orderBy('id')
      .execute();

  it('logs a changed mobile and rolls it back, keeping the entry marked', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createAdmin(t.ctx, 'watched', 'Secret123', [1]);
    await t.ctx.db.kysely.updateTable('admin').set({ mobile: '13800000001' }).where('id', '=', id).execute();
    const edit = await call(t.app, 'POST', '/admin/auth.Admin/edit', {
      token,
      body: adminBody(id, '13900000002'),
    });
    expect(edit.code).toBe(1);
    const [entry] = await entriesFor(t, id, 'mobile');
    expect(entry).toMatchObject({ before: '13800000001', after: '13900000002', data_comment: '手机' });
    // Fields the edit left alone are not logged.
    expect(await entriesFor(t, id, 'username')).toHaveLength(0);

    const list = await call(t.app, 'GET', '/admin/security.SensitiveDataLog/index', { token });
    const row = list.data.list.find((r: { id: number }) => r.id === entry?.id);
    expect(row).toMatchObject({ id_value: `id=${id}`, rule_name: 'Admin data', before: '13800000001' });
    expect(row).not.toHaveProperty('after_digest');

    const rollback = await call(t.app, 'POST', '/admin/security.SensitiveDataLog/rollback', {
      token,
      body: { ids: [entry?.id] },
    });
    expect(rollback).toMatchObject({ code: 1, msg: 'Rolled back 1 records' });
    const admin = await t.ctx.db.kysely
      .selectFrom('admin')
      .select('mobile')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(admin?.mobile).toBe('13800000001');
    const info = await call(t.app, 'GET', '/admin/security.SensitiveDataLog/info', {
      token,
      query: { id: entry?.id },
    });
    // The detail gives the key's column and its bare value, which the dialog shows as `id=<id>`.
    expect(info.data.row).toMatchObject({
      is_rollback: 1,
      undo_username: 'admin',
      primary_key: 'id',
      id_value: id,
    });
  });

  it('refuses a rollback after a later edit, naming the row and field, and changes nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createAdmin(t.ctx, 'watched2', 'Secret123', [1]);
    const body = (mobile: string) => ({ ...adminBody(id, mobile), username: 'watched2' });
    await call(t.app, 'POST', '/admin/auth.Admin/edit', { token, body: body('13900000003') });
    await call(t.app, 'POST', '/admin/auth.Admin/edit', { token, body: body('13900000004') });
    const [first, second] = await entriesFor(t, id, 'mobile');
    const conflict = await call(t.app, 'POST', '/admin/security.SensitiveDataLog/rollback', {
      token,
      body: { ids: [first?.id] },
    });
    expect(conflict).toMatchObject({
      code: 0,
      msg: `Cannot roll back record ${first?.id}: field mobile of row id=${id} has changed since`,
    });
    const still = await t.ctx.db.kysely
      .selectFrom('admin')
      .select('mobile')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(still?.mobile).toBe('13900000004');
    expect((await entriesFor(t, id, 'mobile')).map((e) => e.is_rollback)).toEqual([0, 0]);

    // Both together walk back in order, newest first, to the original value.
    const both = await call(t.app, 'POST', '/admin/security.SensitiveDataLog/rollback', {
      token,
      body: { ids: [first?.id, second?.id] },
    });
    expect(both.code).toBe(1);
    const original = await t.ctx.db.kysely
      .selectFrom('admin')
      .select('mobile')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(original?.mobile).toBe('');
  });

  it('masks a changed password and rolls it back so the old password works again', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createMember(t.ctx, 'pwmember', 'OldSecret1');
    const edit = await call(t.app, 'POST', '/admin/user.User/edit', {
      token,
      body: { id, username: 'pwmember', nickname: 'pwmember', group_id: 1, password: 'NewSecret2' },
    });
    expect(edit.code).toBe(1);
    const entry = await t.ctx.db.kysely
      .selectFrom('security_sensitive_data_log')
      .selectAll()
      .where('data_table', '=', 'user')
      .where('id_value', '=', id)
      .where('data_field', '=', 'password')
      .executeTakeFirstOrThrow();
    expect(entry.after).toBe('******');
    const list = await call(t.app, 'GET', '/admin/security.SensitiveDataLog/index', {
      token,
      query: { 'search[0][field]': 'data_field', 'search[0][val]': 'password', 'search[0][operator]': 'eq' },
    });
    const shown = list.data.list.find((r: { id: number }) => r.id === entry.id);
    expect(shown).toMatchObject({ before: '******', after: '******' });

    expect(await loginMember(t, 'pwmember', 'NewSecret2')).toMatch(/\S/);
    const rollback = await call(t.app, 'POST', '/admin/security.SensitiveDataLog/rollback', {
      token,
      body: { ids: [entry.id] },
    });
    expect(rollback.code).toBe(1);
    expect(await loginMember(t, 'pwmember', 'OldSecret1')).toMatch(/\S/);
    const refused = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'pwmember', password: 'NewSecret2' },
    });
    expect(refused.code).toBe(0);
  });
});

forEachDatabase('data security rules', (get) => {
  it('offers monitorable controllers and the tables and columns that exist', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const recycle = await call(t.app, 'GET', '/admin/security.DataRecycle/index', { token });
    const values = recycle.data.controllers.map((c: { value: string }) => c.value);
    expect(values).toEqual(expect.arrayContaining(['auth/Admin', 'user/User', 'routine/Config']));
    expect(values).not.toContain('security/DataRecycleLog');
    const sensitive = await call(t.app, 'GET', '/admin/security.SensitiveData/index', { token });
    expect(sensitive.data.controllers.map((c: { value: string }) => c.value)).not.toContain('routine/Config');
    expect(sensitive.data.list.find((r: { id: number }) => r.id === 1).data_fields).toMatchObject({
      mobile: 'Mobile',
    });

    const tables = await call(t.app, 'GET', '/admin/ajax/getTableList', { token });
    const names = tables.data.list.map((row: { table: string }) => row.table);
    expect(names).toEqual(expect.arrayContaining(['admin', 'user', 'config']));
    expect(names.every((name: string) => !name.includes('search') && !name.includes('migration'))).toBe(true);
    expect(
      (await call(t.app, 'GET', '/admin/ajax/getTablePk', { token, query: { table: 'user' } })).data.pk,
    ).toBe('id');
    const fields = await call(t.app, 'GET', '/admin/ajax/getTableFieldList', {
      token,
      query: { table: 'admin' },
    });
    expect(Object.keys(fields.data.fieldList)).toEqual(
      expect.arrayContaining(['username', 'mobile', 'password']),
    );
    const missing = await call(t.app, 'GET', '/admin/ajax/getTablePk', {
      token,
      query: { table: 'user; drop' },
    });
    expect(missing).toMatchObject({ code: 0, msg: 'Data table user; drop does not exist' });
  });

  it('adds a sensitive rule and refuses unknown controllers, tables, keys and fields', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const rule = {
      name: 'Content titles',
      controller: 'content/Content',
      data_table: 'content',
      primary_key: 'id',
      fields: [{ name: 'title', value: 'Title' }],
    };
    const refusals: [Record<string, unknown>, string][] = [
      [
        { controller: 'security/SensitiveDataLog' },
        'Controller security/SensitiveDataLog cannot be monitored',
      ],
      [{ data_table: 'nothing' }, 'Data table nothing does not exist'],
      [{ primary_key: 'uid' }, 'Table content has no field uid'],
      [{ fields: [{ name: 'title`; --', value: '' }] }, 'Table content has no field title`; --'],
      [{ controller: 'auth/Admin', data_table: 'admin' }, 'A rule for controller auth/Admin already exists'],
    ];
    for (const [change, msg] of refusals) {
      const res = await call(t.app, 'POST', '/admin/security.SensitiveData/add', {
        token,
        body: { ...rule, ...change },
      });
      expect(res).toMatchObject({ code: 0, msg });
    }
    const before = await t.ctx.db.kysely.selectFrom('security_sensitive_data').select('id').execute();
    expect(before).toHaveLength(3);

    expect((await call(t.app, 'POST', '/admin/security.SensitiveData/add', { token, body: rule })).code).toBe(
      1,
    );
    const stored = await t.ctx.db.kysely
      .selectFrom('security_sensitive_data')
      .selectAll()
      .where('name', '=', 'Content titles')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ controller: 'content/Content', controller_as: 'content/content' });
    expect(JSON.parse(stored.data_fields ?? '')).toEqual({ title: 'Title' });

    // The new rule watches content titles: renaming an article is logged under its label.
    await call(t.app, 'POST', '/admin/content.Content/add', {
      token,
      body: { kind: 'article', title: 'Watched title', body: '' },
    });
    const article = await t.ctx.db.kysely
      .selectFrom('content')
      .select('id')
      .where('title', '=', 'Watched title')
      .executeTakeFirstOrThrow();
    const rename = (title: string) =>
      call(t.app, 'POST', '/admin/content.Content/edit', {
        token,
        body: { id: article.id, kind: 'article', title, body: '' },
      });
    expect((await rename('Renamed title')).code).toBe(1);
    const contentEntries = () =>
      t.ctx.db.kysely
        .selectFrom('security_sensitive_data_log')
        .select(['before', 'after', 'data_comment'])
        .where('data_table', '=', 'content')
        .execute();
    expect(await contentEntries()).toEqual([
      { before: 'Watched title', after: 'Renamed title', data_comment: 'Title' },
    ]);

    // The switch turns monitoring off and keeps the fields.
    const off = await call(t.app, 'POST', '/admin/security.SensitiveData/edit', {
      token,
      body: { id: stored.id, status: '0' },
    });
    expect(off.code).toBe(1);
    const reread = await t.ctx.db.kysely
      .selectFrom('security_sensitive_data')
      .select(['status', 'data_fields'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(reread).toMatchObject({ status: '0', data_fields: stored.data_fields });
    expect((await rename('Unwatched title')).code).toBe(1);
    expect(await contentEntries()).toHaveLength(1);
  });
});
