/**
 * What a new site meets first in its member and administrator forms: registration says up
 * front whether it can work; a member without a birthday (every self-registered one) can be
 * saved by an administrator and by themselves, and a cleared birthday is stored as none;
 * one nickname rule holds on every form that sets a nickname.
 */
import { MESSAGES } from '@portico/shared';
import { beforeAll, expect, it } from 'vitest';
import { setSettings, smsCodeFor, solvedCaptcha } from '../support/member.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

/** The fields the administrator's member form posts (apps/web/src/views/backend/user/user). */
const MEMBER_FORM = [
  'username',
  'nickname',
  'group_id',
  'avatar',
  'email',
  'mobile',
  'gender',
  'birthday',
  'password',
  'motto',
  'status',
] as const;
/** The fields the administrator form posts (apps/web/src/views/backend/auth/admin). */
const ADMIN_FORM = [
  'username',
  'nickname',
  'group_arr',
  'avatar',
  'email',
  'mobile',
  'password',
  'motto',
  'status',
];

const pick = (row: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, row[name]]));

const memberRow = (t: TestApp, id: number) =>
  t.ctx.db.kysely.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Registers through the real form flow, with a code from the development SMS provider. */
async function registerByMobile(t: TestApp, username: string, mobile: string) {
  await setSettings(t, { sms_provider: 'log' });
  const sent = await call(t.app, 'POST', '/api/Sms/send', {
    body: { mobile, template_code: 'user_register', ...(await solvedCaptcha(t)) },
  });
  expect(sent.code).toBe(1);
  const done = await call(t.app, 'POST', '/api/user/checkIn', {
    body: {
      tab: 'register',
      username,
      password: 'member-pass-1',
      registerType: 'mobile',
      mobile,
      captcha: smsCodeFor(t, mobile),
    },
  });
  expect(done).toMatchObject({ code: 1 });
  return done.data.userInfo as { id: number; token: string };
}

forEachDatabase('member and administrator forms', (get) => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = (await loginSuper(get())).token;
  });

  const memberForm = async (id: number) => {
    const res = await call(get().app, 'GET', '/admin/user.User/edit', {
      token: adminToken,
      query: { id: String(id) },
    });
    expect(res.code).toBe(1);
    return pick(res.data.row, MEMBER_FORM);
  };
  const saveMember = (id: number, body: Record<string, unknown>) =>
    call(get().app, 'POST', '/admin/user.User/edit', { token: adminToken, body: { ...body, id } });

  it('tells the register form up front whether registration can work', async () => {
    const t = get();
    const fresh = await call(t.app, 'GET', '/api/user/checkIn');
    expect(fresh.data).toMatchObject({ registerAvailable: false, accountVerificationType: [] });
    await setSettings(t, { sms_provider: 'log' });
    const withSms = await call(t.app, 'GET', '/api/user/checkIn');
    expect(withSms.data).toMatchObject({ registerAvailable: true, accountVerificationType: ['mobile'] });
  });

  it('lets an administrator save a self-registered member unchanged, and keeps the birthday none', async () => {
    const t = get();
    const { id } = await registerByMobile(t, 'selfmade', '13900000011');
    expect((await memberRow(t, id)).birthday).toBeNull();
    const form = await memberForm(id);
    expect(form.birthday).toBeNull();

    expect(await saveMember(id, form)).toMatchObject({ code: 1, msg: 'Update successful' });
    expect((await memberRow(t, id)).birthday).toBeNull();
    expect(await saveMember(id, { ...form, birthday: '', nickname: 'Self Made' })).toMatchObject({ code: 1 });
    expect(await memberRow(t, id)).toMatchObject({ birthday: null, nickname: 'Self Made' });
    // A client that leaves the field out means none as well.
    const { birthday: _omitted, ...withoutBirthday } = form;
    expect(await saveMember(id, withoutBirthday)).toMatchObject({ code: 1 });
    expect((await memberRow(t, id)).birthday).toBeNull();
  });

  it('stores a cleared birthday as none, and refuses a date that does not exist', async () => {
    const t = get();
    const added = await call(t.app, 'POST', '/admin/user.User/add', {
      token: adminToken,
      body: {
        username: 'byadmin',
        nickname: 'By Admin',
        group_id: 1,
        birthday: '1990-05-06',
        password: 'member-pass-1',
        email: null,
        mobile: null,
      },
    });
    expect(added).toMatchObject({ code: 1 });
    const row = await t.ctx.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'byadmin')
      .executeTakeFirstOrThrow();
    expect(await memberRow(t, row.id)).toMatchObject({ birthday: '1990-05-06', email: '', mobile: '' });
    const form = await memberForm(row.id);
    expect(await saveMember(row.id, form)).toMatchObject({ code: 1 });
    expect((await memberRow(t, row.id)).birthday).toBe('1990-05-06');

    for (const impossible of ['1990-02-30', '1990-13-01', '0000-01-01']) {
      expect(await saveMember(row.id, { ...form, birthday: impossible })).toMatchObject({
        code: 0,
        msg: 'Parameter birthday is invalid',
      });
    }
    expect((await memberRow(t, row.id)).birthday).toBe('1990-05-06');

    expect(await saveMember(row.id, { ...form, birthday: '' })).toMatchObject({ code: 1 });
    expect((await memberRow(t, row.id)).birthday).toBeNull();
    expect(await saveMember(row.id, { ...form, birthday: '1991-01-02' })).toMatchObject({ code: 1 });
    expect(await saveMember(row.id, { ...form, birthday: null })).toMatchObject({ code: 1 });
    expect((await memberRow(t, row.id)).birthday).toBeNull();
  });

  it('lets a member save their own profile with no birthday, and clear one', async () => {
    const t = get();
    const { id, token } = await registerByMobile(t, 'ownprofile', '13900000012');
    const info = (await call(t.app, 'GET', '/api/index/index', { userToken: token })).data.userInfo;
    expect(info.birthday).toBeNull();
    const profile = pick(info, ['avatar', 'username', 'nickname', 'gender', 'birthday', 'motto']);
    const save = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/account/profile', { userToken: token, body });

    expect(await save(profile)).toMatchObject({ code: 1, msg: 'Data updated successfully~' });
    expect((await memberRow(t, id)).birthday).toBeNull();
    expect(await save({ ...profile, birthday: '2000-02-29' })).toMatchObject({ code: 1 });
    expect((await memberRow(t, id)).birthday).toBe('2000-02-29');
    expect(await save({ ...profile, birthday: '' })).toMatchObject({ code: 1 });
    expect((await memberRow(t, id)).birthday).toBeNull();
    expect(await save({ ...profile, birthday: '2001-02-29' })).toMatchObject({
      code: 0,
      msg: 'Parameter birthday is invalid',
    });
  });

  it('applies one nickname rule on every form that sets a nickname', async () => {
    const t = get();
    const member = await registerByMobile(t, 'nicknamer', '13900000013');
    const added = await call(t.app, 'POST', '/admin/auth.Admin/add', {
      token: adminToken,
      body: { username: 'nickadmin', nickname: 'Nick', password: 'admin-pass-1', group_arr: [2] },
    });
    expect(added.code).toBe(1);
    const adminId = (
      await t.ctx.db.kysely
        .selectFrom('admin')
        .select('id')
        .where('username', '=', 'nickadmin')
        .executeTakeFirstOrThrow()
    ).id;
    const adminForm = pick(
      (
        await call(t.app, 'GET', '/admin/auth.Admin/edit', {
          token: adminToken,
          query: { id: String(adminId) },
        })
      ).data.row,
      ADMIN_FORM,
    );
    const ownProfile = (await call(t.app, 'GET', '/admin/routine.AdminInfo/index', { token: adminToken }))
      .data.info;
    const nicknameOf = async (table: 'user' | 'admin', id: number) =>
      (
        await t.ctx.db.kysely
          .selectFrom(table)
          .select('nickname')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).nickname;

    let addedCount = 0;
    /** Each form: save a nickname, and read back what is stored. */
    const forms = {
      'member profile': {
        save: (nickname: string) =>
          call(t.app, 'POST', '/api/account/profile', {
            userToken: member.token,
            body: { username: 'nicknamer', nickname, gender: 0, birthday: null, avatar: '', motto: '' },
          }),
        stored: () => nicknameOf('user', member.id),
      },
      'administrator member form': {
        save: async (nickname: string) =>
          saveMember(member.id, { ...(await memberForm(member.id)), nickname }),
        stored: () => nicknameOf('user', member.id),
      },
      'administrator member add': {
        save: (nickname: string) =>
          call(t.app, 'POST', '/admin/user.User/add', {
            token: adminToken,
            body: { username: `added${++addedCount}`, nickname, group_id: 1, password: 'member-pass-1' },
          }),
        // The newest member it added: a refused add adds none.
        stored: async () =>
          (
            await t.ctx.db.kysely
              .selectFrom('user')
              .select('nickname')
              .where('username', 'like', 'added%')
              .orderBy('id', 'desc')
              .executeTakeFirst()
          )?.nickname,
      },
      'administrator form': {
        save: (nickname: string) =>
          call(t.app, 'POST', '/admin/auth.Admin/edit', {
            token: adminToken,
            body: { ...adminForm, nickname, id: adminId },
          }),
        stored: () => nicknameOf('admin', adminId),
      },
      'administrator profile': {
        save: (nickname: string) =>
          call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
            token: adminToken,
            body: { ...pick(ownProfile, ['email', 'mobile', 'motto']), nickname, password: '' },
          }),
        stored: () => nicknameOf('admin', ownProfile.id),
      },
    };

    for (const [name, form] of Object.entries(forms)) {
      for (const nickname of ['Alice W', 'Zoë O’Brien-Smith', '李·小龙', 'Dr. J_2']) {
        const res = await form.save(nickname);
        expect(res, `${name}: ${nickname}`).toMatchObject({ code: 1 });
        expect(await form.stored(), `${name}: ${nickname}`).toBe(nickname);
      }
      const before = await form.stored();
      for (const [nickname, msg] of [
        ['<script>', MESSAGES.nickname],
        ['Tom & Jerry', MESSAGES.nickname],
        ['say "hi"', MESSAGES.nickname],
        ['tab\there', MESSAGES.nickname],
        ['   ', 'Parameter nickname can not be empty'],
        ['x'.repeat(51), 'Parameter nickname must be at most 50 characters'],
      ] as const) {
        const res = await form.save(nickname);
        expect(res, `${name}: ${nickname}`).toMatchObject({ code: 0, msg });
        expect(await form.stored(), `${name}: ${nickname}`).toBe(before);
      }
      // Surrounding spaces are trimmed away, not refused.
      expect(await form.save('  Alice W  ')).toMatchObject({ code: 1 });
      expect(await form.stored()).toBe('Alice W');
    }
  });

  it('saves an account unchanged whose nickname predates the rule, but refuses a new such nickname', async () => {
    const t = get();
    const member = await registerByMobile(t, 'legacy', '13900000014');
    await t.ctx.db.kysely
      .updateTable('user')
      .set({ nickname: 'Old <b>name</b>' })
      .where('id', '=', member.id)
      .execute();
    const form = await memberForm(member.id);
    expect(await saveMember(member.id, { ...form, motto: 'kept' })).toMatchObject({ code: 1 });
    expect(await memberRow(t, member.id)).toMatchObject({ nickname: 'Old <b>name</b>', motto: 'kept' });
    const profile = {
      username: 'legacy',
      nickname: 'Old <b>name</b>',
      gender: 1,
      birthday: '',
      avatar: '',
      motto: '',
    };
    expect(
      await call(t.app, 'POST', '/api/account/profile', { userToken: member.token, body: profile }),
    ).toMatchObject({ code: 1 });
    expect(await memberRow(t, member.id)).toMatchObject({ nickname: 'Old <b>name</b>', gender: 1 });
    expect(await saveMember(member.id, { ...form, nickname: 'New <b>name</b>' })).toMatchObject({
      code: 0,
      msg: MESSAGES.nickname,
    });
    expect((await memberRow(t, member.id)).nickname).toBe('Old <b>name</b>');
  });
});
