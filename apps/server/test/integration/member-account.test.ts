/**
 * /api/account/*: a member's own profile, bound addresses, password and logs. Every action
 * touches the caller's row only, whatever ids are posted.
 */
import { MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { createMember, loginMember, setSettings, solvedCaptcha, useMailbox } from '../support/member.js';
import { pinClockPerTest } from '../support/pinned-clock.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox('account-mail-secret');
});
afterAll(() => mailbox.close());

const clockAt = pinClockPerTest();

const memberRow = (t: TestApp, id: number) =>
  t.ctx.db.kysely.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

forEachDatabase('member account', (get) => {
  let aliceId = 0;
  let bobId = 0;
  let alice = '';
  beforeAll(async () => {
    const t = get();
    await useMailbox(t, mailbox);
    aliceId = await createMember(t.ctx, 'alice', 'alice-pass', { email: 'alice@example.com' });
    bobId = await createMember(t.ctx, 'bob', 'bob-pass1', { email: 'bob@example.com', nickname: 'Bob' });
    alice = await loginMember(t, 'alice', 'alice-pass');
  });

  it('saves the caller’s own profile only, and refuses bad fields changing nothing', async () => {
    const t = get();
    const saved = await call(t.app, 'POST', '/api/account/profile', {
      userToken: alice,
      body: {
        id: bobId,
        username: 'alice2',
        nickname: 'Alice_W',
        gender: 2,
        birthday: '1990-05-06',
        motto: 'hi',
      },
    });
    expect(saved).toMatchObject({ code: 1, msg: 'Data updated successfully~' });
    expect(saved.data.userInfo).toMatchObject({
      id: aliceId,
      username: 'alice2',
      nickname: 'Alice_W',
      gender: 2,
    });
    expect(await memberRow(t, bobId)).toMatchObject({ username: 'bob', nickname: 'Bob' });
    expect(await memberRow(t, aliceId)).toMatchObject({ birthday: '1990-05-06', motto: 'hi' });

    for (const [body, msg] of [
      [{ username: 'bob', nickname: 'x' }, 'Username already exists'],
      [{ username: 'alice3', nickname: '<script>' }, MESSAGES.nickname],
      [{ username: 'alice3', nickname: 'ok', birthday: 'yesterday' }, 'Parameter birthday is invalid'],
      [{ username: 'alice3', nickname: 'ok', gender: 7 }, 'Parameter gender must be at most 2'],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/account/profile', { userToken: alice, body });
      expect(res).toMatchObject({ code: 0, msg });
    }
    expect(await memberRow(t, aliceId)).toMatchObject({ username: 'alice2', nickname: 'Alice_W' });
    expect((await call(t.app, 'POST', '/api/account/profile', { body: { username: 'x' } })).code).toBe(303);
  });

  it('shows the caller’s own balance and points logs, newest first, paged', async () => {
    // 16:00 in Asia/Shanghai (the site's time zone), 08:00 UTC: hours from midnight in either.
    clockAt('2025-03-12T08:00:00Z');
    const t = get();
    const { token } = await loginSuper(t);
    for (const [user_id, money] of [
      [aliceId, '5'],
      [aliceId, '-1.5'],
      [bobId, '100'],
    ] as const) {
      const res = await call(t.app, 'POST', '/admin/user.MoneyLog/add', {
        token,
        body: { user_id, money, memo: `m${money}` },
      });
      expect(res.code).toBe(1);
    }
    await call(t.app, 'POST', '/admin/user.ScoreLog/add', {
      token,
      body: { user_id: aliceId, score: 7, memo: 'gift' },
    });
    const page1 = await call(t.app, 'GET', '/api/account/balance', {
      userToken: alice,
      query: { page: 1, limit: 1, user_id: bobId },
    });
    expect(page1.data.total).toBe(2);
    expect(page1.data.list).toEqual([
      expect.objectContaining({ money: '-1.50', before: '5.00', after: '3.50', memo: 'm-1.5' }),
    ]);
    const page2 = await call(t.app, 'GET', '/api/account/balance', {
      userToken: alice,
      query: { page: 2, limit: 1 },
    });
    expect(page2.data.list[0]).toMatchObject({ money: '5.00', before: '0.00', after: '5.00' });
    const points = await call(t.app, 'GET', '/api/account/integral', { userToken: alice });
    expect(points.data).toMatchObject({ total: 1, list: [expect.objectContaining({ score: 7, after: 7 })] });
    expect(
      (await call(t.app, 'GET', '/api/account/balance', { userToken: alice, query: { limit: 500 } })).msg,
    ).toBe('Parameter limit must be at most 100');

    const overview = await call(t.app, 'GET', '/api/account/overview', { userToken: alice });
    expect(overview.data.days).toHaveLength(7);
    // The server's day is the pinned one: the logs above were written on it too.
    expect(overview.data.days.at(-1)).toBe('2025-03-12');
    expect(overview.data.money.at(-1)).toBe('3.50');
    expect(overview.data.score.at(-1)).toBe(7);
    expect(overview.data.money.slice(0, 6)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
  });

  it('binds a first e-mail with the password, and replaces one only after verifying the old', async () => {
    const t = get();
    const carolId = await createMember(t.ctx, 'carol', 'carol-pass');
    const carol = await loginMember(t, 'carol', 'carol-pass');
    const send = async (email: string, event: string, extra: object = {}, userToken = carol) =>
      call(t.app, 'POST', '/api/ems/send', {
        userToken,
        body: { email, event, ...(await solvedCaptcha(t)), ...extra },
      });
    const bind = (body: object) =>
      call(t.app, 'POST', '/api/account/changeBind', { userToken: carol, body: { type: 'email', ...body } });

    expect((await send('alice@example.com', 'user_change_email')).msg).toBe('The email has been occupied');
    // USER_LOGIN_CAPTCHA=0 (as in this suite) lets codes go out without a captcha.
    const bare = await call(t.app, 'POST', '/api/ems/send', {
      userToken: carol,
      body: { email: 'carol@example.com', event: 'user_change_email' },
    });
    expect(bare.code).toBe(1);
    const first = mailbox.codeFor('carol@example.com') ?? '';
    expect((await bind({ email: 'carol@example.com', captcha: first, password: 'wrong-pass' })).msg).toBe(
      'Password error',
    );
    expect(await bind({ email: 'carol@example.com', captcha: first, password: 'carol-pass' })).toMatchObject({
      code: 1,
    });
    expect((await memberRow(t, carolId)).email).toBe('carol@example.com');

    // Replacing it: the password alone is no longer enough.
    await t.ctx.db.kysely.updateTable('captcha').set({ create_time: 0 }).execute();
    expect((await send('carol2@example.com', 'user_change_email')).code).toBe(1);
    const second = mailbox.codeFor('carol2@example.com') ?? '';
    expect((await bind({ email: 'carol2@example.com', captcha: second, password: 'carol-pass' })).msg).toBe(
      'Account verification expired, please verify again',
    );
    // Verify the current address: the code goes there, and needs the account password.
    expect((await send('alice@example.com', 'user_email_verify', { password: 'carol-pass' })).msg).toBe(
      'Please use the account registration email to send the verification code',
    );
    expect((await send('carol@example.com', 'user_email_verify', { password: 'nope-nope' })).msg).toBe(
      'Password error',
    );
    expect((await send('carol@example.com', 'user_email_verify', {}, '')).code).toBe(303);
    expect((await send('carol@example.com', 'user_email_verify', { password: 'carol-pass' })).code).toBe(1);
    const verify = await call(t.app, 'POST', '/api/account/verification', {
      userToken: carol,
      body: { type: 'email', captcha: mailbox.codeFor('carol@example.com') },
    });
    expect(verify.data.type).toBe('email');
    // Another member cannot use Carol's verification.
    const stolen = await call(t.app, 'POST', '/api/account/changeBind', {
      userToken: alice,
      body: {
        type: 'email',
        email: 'carol2@example.com',
        captcha: second,
        accountVerificationToken: verify.data.accountVerificationToken,
      },
    });
    expect(stolen.msg).toBe('Account verification expired, please verify again');
    const replaced = await bind({
      email: 'carol2@example.com',
      captcha: second,
      accountVerificationToken: verify.data.accountVerificationToken,
    });
    expect(replaced.data.userInfo.email).toBe('carol2@example.com');
    expect((await memberRow(t, aliceId)).email).toBe('alice@example.com');
  });

  it('changes the password with the old one, then signs the member out', async () => {
    const t = get();
    await createMember(t.ctx, 'dave', 'dave-pass1');
    const dave = await loginMember(t, 'dave', 'dave-pass1');
    const change = (body: object) =>
      call(t.app, 'POST', '/api/account/changePassword', { userToken: dave, body });
    expect((await change({ oldPassword: 'wrong-one', newPassword: 'dave-pass2' })).msg).toBe(
      'Old password error',
    );
    expect((await change({ oldPassword: 'dave-pass1', newPassword: 'a<b>c123' })).msg).toBe(
      'Please input correct password',
    );
    expect(await change({ oldPassword: 'dave-pass1', newPassword: 'dave-pass2' })).toMatchObject({
      code: 1,
      msg: 'Password has been changed, please login again~',
    });
    expect((await call(t.app, 'GET', '/api/account/overview', { userToken: dave })).code).toBe(303);
    await expect(loginMember(t, 'dave', 'dave-pass1')).rejects.toThrow();
    expect(await loginMember(t, 'dave', 'dave-pass2')).toMatch(/\S+/);
  });

  it('answers every member endpoint with the disabled message when the member centre is off', async () => {
    const t = get();
    await setSettings(t, { open_member_center: '0' });
    try {
      for (const [method, url] of [
        ['GET', '/api/account/overview'],
        ['POST', '/api/account/profile'],
        ['GET', '/api/account/balance'],
        ['POST', '/api/account/changePassword'],
        ['POST', '/api/account/retrievePassword'],
        ['POST', '/api/account/changeBind'],
        ['POST', '/api/ems/send'],
        ['POST', '/api/Sms/send'],
        ['POST', '/api/ajax/upload'],
      ] as const) {
        const res = await call(t.app, method, url, {
          userToken: alice,
          body: method === 'POST' ? {} : undefined,
        });
        expect(res.msg, url).toBe(
          'The member center has been disabled. Please contact the webmaster to turn it on.',
        );
      }
    } finally {
      await setSettings(t, { open_member_center: '1' });
    }
  });
});
