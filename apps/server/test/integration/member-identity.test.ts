/** Member sign-in through /api/user/checkIn, sign-out, refresh and the member centre's start data. */
import { expect, it } from 'vitest';
import { LOCK_SECONDS, LOGIN_RETRY_LIMIT } from '../../src/auth/login.js';
import { now } from '../../src/clock.js';
import { createMember } from '../support/member.js';
import { call, forEachDatabase } from '../support/test-app.js';

forEachDatabase('member identity', (get) => {
  it('answers the login configuration', async () => {
    const res = await call(get().app, 'GET', '/api/user/checkIn');
    expect(res).toMatchObject({
      code: 1,
      data: { userLoginCaptchaSwitch: false, accountVerificationType: [] },
    });
  });

  it('logs a member in by username, e-mail or mobile', async () => {
    const t = get();
    await createMember(t.ctx, 'member1', 'member-pass', {
      email: 'm1@example.com',
      mobile: '13800138000',
      money: 1250,
    });
    for (const username of ['member1', 'm1@example.com', '13800138000']) {
      const res = await call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username, password: 'member-pass' },
      });
      expect(res, username).toMatchObject({ code: 1, msg: 'Login succeeded!', data: { routePath: '/user' } });
      expect(res.data.userInfo).toMatchObject({ username: 'member1', money: '12.50' });
      expect(res.data.userInfo).not.toHaveProperty('password');
    }
    const wrong = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'member1', password: 'wrong-pass' },
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
  });

  it('locks only the client that guessed wrong ten times; the member signs in from elsewhere', async () => {
    const t = get();
    await createMember(t.ctx, 'guarded', 'guarded-pass', { email: 'guarded@example.com' });
    const attacker = '192.0.2.50';
    const tryLogin = (username: string, password: string, remoteAddress?: string) =>
      call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username, password },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    // Failures by any of the account's names count for the one account.
    for (let i = 0; i < LOGIN_RETRY_LIMIT; i++) {
      const name = i % 2 ? 'guarded' : 'guarded@example.com';
      expect((await tryLogin(name, 'wrong-pass', attacker)).msg).toBe('Incorrect user name or password!');
    }
    expect(await tryLogin('guarded', 'guarded-pass', attacker)).toMatchObject({
      code: 0,
      msg: 'Too many wrong passwords, please try again in 24 hours',
    });
    const owner = await tryLogin('guarded', 'guarded-pass', '192.0.2.51');
    expect(owner).toMatchObject({ code: 1, msg: 'Login succeeded!' });
    await t.ctx.db.kysely
      .updateTable('login_failure')
      .set({ last_failure_time: now() - LOCK_SECONDS - 1 })
      .execute();
    expect((await tryLogin('guarded', 'guarded-pass', attacker)).code).toBe(1);
  });

  it('refuses registration cleanly while no verification channel is configured', async () => {
    const t = get();
    const res = await call(t.app, 'POST', '/api/user/checkIn', {
      body: {
        tab: 'register',
        username: 'newbie',
        password: 'newbie-pass',
        registerType: 'email',
        email: 'n@example.com',
        captcha: '123456',
      },
    });
    expect(res).toMatchObject({ code: 0, msg: 'Mail sending service unavailable' });
    const unknown = await call(t.app, 'POST', '/api/user/checkIn', { body: { tab: 'hack' } });
    expect(unknown).toMatchObject({ code: 0, msg: 'Parameter tab has an unsupported value' });
    const rows = await t.ctx.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'newbie')
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives a signed-in member their menus; visitors get none', async () => {
    const t = get();
    await createMember(t.ctx, 'member2', 'member-pass');
    const login = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'member2', password: 'member-pass', keep: 1 },
    });
    const { token, refresh_token } = login.data.userInfo;
    const index = await call(t.app, 'GET', '/api/index/index', { userToken: token });
    expect(index.data).toMatchObject({ openMemberCenter: true, userInfo: { username: 'member2' } });
    expect(index.data.menus[0]).toMatchObject({ name: 'account', type: 'menu_dir' });
    expect(index.data.menus[0].children.map((c: { name: string }) => c.name)).toContain('account/overview');

    const visitor = await call(t.app, 'GET', '/api/index/index');
    expect(visitor.data).toMatchObject({ userInfo: null, menus: [] });
    const required = await call(t.app, 'GET', '/api/index/index', { query: { requiredLogin: '1' } });
    expect(required.code).toBe(303);
    // With requiredLogin an expired token says so (409), so the member centre refreshes it.
    const expiring = (
      await call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username: 'member2', password: 'member-pass' },
      })
    ).data.userInfo.token;
    await t.ctx.db.kysely
      .updateTable('token')
      .set({ expire_time: 1 })
      .where('token', '=', t.ctx.tokens.hash(expiring))
      .execute();
    const expired = await call(t.app, 'GET', '/api/index/index', {
      userToken: expiring,
      query: { requiredLogin: '1' },
    });
    expect(expired.code).toBe(409);
    const expiredPublic = await call(t.app, 'GET', '/api/index/index', { userToken: expiring });
    expect(expiredPublic.code).toBe(1);

    // An admin token is not a member token, and vice versa.
    const crossed = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(crossed.code).toBe(303);

    const refreshed = await call(t.app, 'POST', '/api/common/refreshToken', { body: { refresh_token } });
    expect(refreshed.data.type).toBe('user-refresh');
    const out = await call(t.app, 'POST', '/api/user/logout', {
      userToken: refreshed.data.token,
      body: { refreshToken: refresh_token },
    });
    expect(out.code).toBe(1);
    const after = await call(t.app, 'GET', '/api/index/index', { userToken: refreshed.data.token });
    expect(after.data.userInfo).toBeNull();
  });

  it('refuses a disabled member', async () => {
    const t = get();
    await createMember(t.ctx, 'member3', 'member-pass', { status: 'disable' });
    const res = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'member3', password: 'member-pass' },
    });
    expect(res).toMatchObject({ code: 0, msg: 'Account disabled' });
  });

  it('answers every member sign-in call with the disabled message when the member centre is off', async () => {
    const t = get();
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: '0' })
      .where('name', '=', 'open_member_center')
      .execute();
    await t.ctx.caches.changed('settings');
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(t.app, method, '/api/user/checkIn', {
          body: method === 'POST' ? { tab: 'login' } : undefined,
        });
        expect(res.msg).toBe(
          'The member center has been disabled. Please contact the webmaster to turn it on.',
        );
      }
      const index = await call(t.app, 'GET', '/api/index/index');
      expect(index.data.openMemberCenter).toBe(false);
    } finally {
      await t.ctx.db.kysely
        .updateTable('config')
        .set({ value: '1' })
        .where('name', '=', 'open_member_center')
        .execute();
      await t.ctx.caches.changed('settings');
    }
  });
});

forEachDatabase(
  'auth rate limit',
  (get) => {
    it('counts every auth POST of an IP against one budget; other IPs keep theirs', async () => {
      const t = get();
      const attacker = '198.51.100.20';
      const attempts: [string, object][] = [
        ['/admin/index/login', { username: 'admin', password: 'wrong-pass' }],
        ['/api/user/checkIn', { tab: 'login', username: 'nobody', password: 'wrong-pass' }],
        ['/api/ems/send', { email: 'nobody@example.com', event: 'user_register' }],
        ['/api/Sms/send', { mobile: '13900000000', template_code: 'user_register' }],
        [
          '/api/account/retrievePassword',
          { type: 'email', account: 'nobody@example.com', captcha: '123456', password: 'new-pass-1' },
        ],
      ];
      const statuses: number[] = [];
      // 4 rounds over the five routes: 20 attempts, the whole budget of a minute.
      for (let round = 0; round < 4; round++) {
        for (const [url, body] of attempts) {
          statuses.push((await call(t.app, 'POST', url, { body, remoteAddress: attacker })).status);
        }
      }
      expect(statuses).toEqual(Array(20).fill(200));
      for (const [url, body] of attempts) {
        const limited = await call(t.app, 'POST', url, { body, remoteAddress: attacker });
        expect(limited, url).toMatchObject({
          status: 429,
          code: 0,
          msg: expect.stringMatching(/^Please do not request frequently\. Try again in \d+ seconds\.$/),
        });
      }
      const neighbour = await call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username: 'nobody', password: 'wrong-pass' },
        remoteAddress: '198.51.100.21',
      });
      expect(neighbour).toMatchObject({ status: 200, msg: 'Incorrect user name or password!' });
      const form = await call(t.app, 'GET', '/admin/index/login', { remoteAddress: attacker });
      expect(form.code).toBe(1); // reading the form is never limited
    });
  },
  { authRateLimit: 20 },
);
