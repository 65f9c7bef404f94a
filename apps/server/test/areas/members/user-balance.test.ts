/** Members in the back-office, and their balance and points logs (including parallel adjustments). */
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

const member = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  nickname: `Nick ${username}`,
  group_id: 1,
  password: 'member-pass-1',
  email: '',
  mobile: '',
  gender: 1,
  birthday: '1990-05-04',
  status: 'enable',
  ...extra,
});

async function memberId(t: TestApp, username: string): Promise<number> {
  const row = await t.ctx.db.kysely
    .selectFrom('user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

forEachDatabase('user.User and balance logs', (get) => {
  it('adds, lists and edits members; balance and points cannot be set here', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const added = await call(t.app, 'POST', '/admin/user.User/add', {
      token,
      body: member('member_a', { money: '999' }),
    });
    expect(added).toMatchObject({ code: 1 });
    const id = await memberId(t, 'member_a');
    const list = await call(t.app, 'GET', '/admin/user.User/index', {
      token,
      query: { quickSearch: 'member_a' },
    });
    expect(list.data.list[0]).toMatchObject({
      id,
      money: '0.00',
      group_name: 'Default group',
      nickname_text: `member_a(ID:${id})`,
    });
    expect(list.data.list[0]).not.toHaveProperty('password');

    const cases: [Record<string, unknown>, string][] = [
      [member('member_a'), 'Username already exists'],
      [member('member_b', { email: 'bad' }), 'Please enter the correct email address'],
      [member('member_c', { mobile: '123' }), 'Please enter the correct mobile number'],
      [member('member_d', { group_id: 999 }), 'The selected group does not exist'],
      [member('member_e', { password: 'x' }), 'Please input correct password'],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, 'POST', '/admin/user.User/add', { token, body }), msg).toMatchObject({
        code: 0,
        msg,
      });
    }

    const edited = await call(t.app, 'POST', '/admin/user.User/edit', {
      token,
      body: { ...member('member_a', { nickname: 'Renamed', password: '', score: 500 }), id },
    });
    expect(edited.code).toBe(1);
    const row = await t.ctx.db.kysely
      .selectFrom('user')
      .select(['nickname', 'score', 'money'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nickname: 'Renamed', score: 0, money: 0 });
    // The blank password kept the old one.
    const login = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'member_a', password: 'member-pass-1' },
    });
    expect(login.code).toBe(1);
  });

  it('adjusts the balance with a log of before and after, and refuses zero, bad amounts and strangers', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', '/admin/user.User/add', { token, body: member('member_m') });
    const id = await memberId(t, 'member_m');
    const add = (amount: unknown, memo = 'bonus') =>
      call(t.app, 'POST', '/admin/user.MoneyLog/add', { token, body: { user_id: id, money: amount, memo } });
    expect(await add('12.50')).toMatchObject({ code: 1 });
    expect(await add('-2.25')).toMatchObject({ code: 1 });
    const logs = await call(t.app, 'GET', '/admin/user.MoneyLog/index', {
      token,
      query: { 'search[0][field]': 'user_id', 'search[0][val]': String(id) },
    });
    expect(
      logs.data.list.map((r: Record<string, unknown>) => [r.money, r.before, r.after, r.username]),
    ).toEqual([
      ['-2.25', '12.50', '10.25', 'member_m'],
      ['12.50', '0.00', '12.50', 'member_m'],
    ]);
    const shown = await call(t.app, 'GET', '/admin/user.MoneyLog/add', { token, query: { userId: id } });
    expect(shown.data.user).toMatchObject({ id, money: '10.25' });

    expect(await add('0')).toMatchObject({ code: 0, msg: 'The change amount cannot be 0' });
    expect(await add('1.234')).toMatchObject({ code: 0, msg: 'Parameter money is invalid' });
    expect(await add('1', '')).toMatchObject({ code: 0 });
    const stranger = await call(t.app, 'POST', '/admin/user.MoneyLog/add', {
      token,
      body: { user_id: 99_999, money: '1', memo: 'x' },
    });
    expect(stranger).toMatchObject({ code: 0, msg: "The user can't find it" });
    expect(
      (await call(t.app, 'POST', '/admin/user.MoneyLog/del', { token, body: { ids: [1] } })).status,
    ).toBe(404);
    const user = await t.ctx.db.kysely
      .selectFrom('user')
      .select('money')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.money).toBe(1025);
  });

  it('keeps every one of 50 parallel +1 point adjustments, with logs that chain without a gap', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await call(t.app, 'POST', '/admin/user.User/add', { token, body: member('member_p') });
    const id = await memberId(t, 'member_p');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', '/admin/user.ScoreLog/add', {
          token,
          body: { user_id: id, score: 1, memo: 'parallel' },
        }),
      ),
    );
    expect(results.every((r) => r.code === 1)).toBe(true);
    const user = await t.ctx.db.kysely
      .selectFrom('user')
      .select('score')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.score).toBe(50);
    const rows = await t.ctx.db.kysely
      .selectFrom('user_score_log')
      .select(['before', 'after'])
      .where('user_id', '=', id)
      .orderBy('before')
      .execute();
    expect(rows).toHaveLength(50);
    for (const [index, row] of rows.entries()) expect(row).toEqual({ before: index, after: index + 1 });
  });
});
