/**
 * Administrator sign-in, tokens, lockout and the back-office start data, on every
 * configured database.
 */
import { expect, it } from 'vitest';
import { LOCK_SECONDS, LOGIN_RETRY_LIMIT, sweepLoginFailures } from '../../src/auth/login.js';
import { now } from '../../src/clock.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../support/test-app.js';

forEachDatabase('admin identity', (get) => {
  it('answers the login form settings and refuses a wrong password', async () => {
    const { app } = get();
    const form = await call(app, 'GET', '/admin/index/login');
    expect(form).toMatchObject({ code: 1, data: { captcha: false } });

    const wrong = await call(app, 'POST', '/admin/index/login', {
      body: { username: 'admin', password: 'wrong-pass' },
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
  });

  it('signs the super administrator in and loads menus, site config and the super flag', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const index = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(index.code).toBe(1);
    expect(index.data.adminInfo).toMatchObject({ username: 'admin', super: true });
    expect(index.data.siteConfig).toMatchObject({
      siteName: 'Portico',
      upload: { maxSize: 10 * 1024 * 1024, mode: 'local' },
    });
    const names = JSON.stringify(index.data.menus);
    expect(names).toContain('"name":"auth/admin"');
    expect(names).toContain('"name":"auth/admin/edit"'); // buttons are included
    const dashboard = index.data.menus.find((m: { name: string }) => m.name === 'dashboard');
    expect(dashboard).toMatchObject({
      keepalive: 'dashboard',
      component: '/src/views/backend/dashboard.vue',
    });
  });

  it('tells an anonymous caller to log in (303) and a logged-in one that they already are', async () => {
    const t = get();
    const anonymous = await call(t.app, 'GET', '/admin/index/index');
    expect(anonymous).toMatchObject({ code: 303, msg: 'Please login first', data: { type: 'need login' } });
    const { token } = await loginSuper(t);
    const again = await call(t.app, 'GET', '/admin/index/login', { token });
    expect(again).toMatchObject({ code: 303, data: { type: 'logged in' } });
  });

  it('matches controller paths case-insensitively', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await call(t.app, 'GET', '/ADMIN/Index/INDEX', { token });
    expect(res.code).toBe(1);
  });

  it('answers 409 for an expired token; refresh gives a new one that works', async () => {
    const t = get();
    const { token, refresh_token } = await loginSuper(t, true);
    expect(refresh_token).not.toBe('');
    await t.ctx.db.kysely
      .updateTable('token')
      .set({ expire_time: 1 })
      .where('token', '=', t.ctx.tokens.hash(token))
      .execute();
    const expired = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(expired).toMatchObject({ code: 409 });

    const refreshed = await call(t.app, 'POST', '/api/common/refreshToken', {
      token,
      body: { refreshToken: refresh_token },
    });
    expect(refreshed).toMatchObject({ code: 1, data: { type: 'admin-refresh' } });
    const replay = await call(t.app, 'GET', '/admin/index/index', { token: refreshed.data.token });
    expect(replay.code).toBe(1);
    // The replaced access token no longer exists at all.
    const old = await call(t.app, 'GET', '/admin/index/index', { token });
    expect(old.code).toBe(303);
  });

  it('does not issue a refresh token without "keep me signed in", and refuses unknown refresh tokens', async () => {
    const t = get();
    const { refresh_token } = await loginSuper(t, false);
    expect(refresh_token).toBe('');
    const res = await call(t.app, 'POST', '/api/common/refreshToken', {
      body: { refreshToken: 'x'.repeat(43) },
    });
    expect(res).toMatchObject({ code: 0, msg: 'Login expired, please login again.' });
  });

  it('logout revokes the access and refresh tokens', async () => {
    const t = get();
    const { token, refresh_token } = await loginSuper(t, true);
    const out = await call(t.app, 'POST', '/admin/index/logout', {
      token,
      body: { refreshToken: refresh_token },
    });
    expect(out.code).toBe(1);
    expect((await call(t.app, 'GET', '/admin/index/index', { token })).code).toBe(303);
    const refresh = await call(t.app, 'POST', '/api/common/refreshToken', {
      body: { refreshToken: refresh_token },
    });
    expect(refresh.code).toBe(0);
  });

  it('locks only the client that guessed wrong ten times: the super administrator still signs in', async () => {
    const t = get();
    const attacker = '203.0.113.7';
    const tryLogin = (password: string, remoteAddress?: string, lang: 'en' | 'zh-cn' = 'en') =>
      call(t.app, 'POST', '/admin/index/login', {
        body: { username: 'admin', password },
        lang,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    for (let i = 0; i < LOGIN_RETRY_LIMIT; i++) {
      expect((await tryLogin('bad-pass-1', attacker)).msg).toBe('Incorrect user name or password!');
    }
    // The attacker's address is locked, even with the right password, and told for how long.
    expect(await tryLogin(t.superPassword, attacker)).toMatchObject({
      code: 0,
      msg: 'Too many wrong passwords, please try again in 24 hours',
    });
    expect((await tryLogin(t.superPassword, attacker, 'zh-cn')).msg).toBe(
      '密码错误次数过多，请 24 小时后再试',
    );
    // The account row still counts every failure since the last successful sign-in.
    const failures = () =>
      t.ctx.db.kysely
        .selectFrom('admin')
        .select(['login_failure', 'last_login_time'])
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
    expect((await failures()).login_failure).toBe(LOGIN_RETRY_LIMIT);
    // The owner, from their own address, is not locked out.
    const owner = await loginSuper(t);
    expect(owner.token).not.toBe('');
    expect((await failures()).login_failure).toBe(0);
    // ... and the owner's success does not unlock the attacker.
    expect((await tryLogin(t.superPassword, attacker)).msg).toBe(
      'Too many wrong passwords, please try again in 24 hours',
    );
  });

  it('ends a client lock when its time is up, and tells the real wait until then', async () => {
    const t = get();
    await createAdmin(t.ctx, 'locktest', 'right-pass-1');
    const client = '203.0.113.8';
    const tryLogin = (password: string) =>
      call(t.app, 'POST', '/admin/index/login', {
        body: { username: 'locktest', password },
        remoteAddress: client,
      });
    // Wrong passwords sent at the same moment all count.
    const parallel = await Promise.all(
      Array.from({ length: LOGIN_RETRY_LIMIT }, () => tryLogin('bad-pass-1')),
    );
    expect(parallel.map((r) => r.msg)).toEqual(
      Array(LOGIN_RETRY_LIMIT).fill('Incorrect user name or password!'),
    );
    expect((await tryLogin('right-pass-1')).msg).toBe(
      'Too many wrong passwords, please try again in 24 hours',
    );
    const lastFailureAt = (time: number) =>
      t.ctx.db.kysely.updateTable('login_failure').set({ last_failure_time: time }).execute();
    await lastFailureAt(now() - LOCK_SECONDS + 90);
    expect((await tryLogin('right-pass-1')).msg).toBe(
      'Too many wrong passwords, please try again in 2 minutes',
    );
    await lastFailureAt(now() - LOCK_SECONDS - 1);
    // An ended lock starts a fresh count: one more wrong password does not lock again.
    expect((await tryLogin('bad-pass-1')).msg).toBe('Incorrect user name or password!');
    const signedIn = await tryLogin('right-pass-1');
    expect(signedIn).toMatchObject({ code: 1, msg: 'Login succeeded!' });
    // The success cleared this client's count: one wrong password is just a wrong password.
    expect((await tryLogin('bad-pass-1')).msg).toBe('Incorrect user name or password!');
    expect((await tryLogin('right-pass-1')).code).toBe(1);
    const row = await t.ctx.db.kysely
      .selectFrom('admin')
      .selectAll()
      .where('username', '=', 'locktest')
      .executeTakeFirstOrThrow();
    expect(row.last_login_ip).toBe(client);
  });

  it('sweeps failure counts whose lock has ended', async () => {
    const t = get();
    const { kysely } = t.ctx.db;
    const time = now();
    await kysely
      .insertInto('login_failure')
      .values([
        {
          kind: 'admin',
          account_id: 999,
          client: '192.0.2.1',
          failures: 10,
          last_failure_time: time - LOCK_SECONDS,
        },
        { kind: 'user', account_id: 999, client: '192.0.2.1', failures: 3, last_failure_time: time - 60 },
      ])
      .execute();
    await sweepLoginFailures(t.ctx.db, time);
    const left = await kysely
      .selectFrom('login_failure')
      .select('kind')
      .where('account_id', '=', 999)
      .execute();
    expect(left).toEqual([{ kind: 'user' }]);
  });

  it('lifts a client lock when the password is changed', async () => {
    const t = get();
    const id = await createAdmin(t.ctx, 'forgetter', 'first-pass-1');
    const client = '203.0.113.9';
    const tryLogin = (password: string) =>
      call(t.app, 'POST', '/admin/index/login', {
        body: { username: 'forgetter', password },
        remoteAddress: client,
      });
    for (let i = 0; i < LOGIN_RETRY_LIMIT; i++) await tryLogin('bad-pass-1');
    expect((await tryLogin('first-pass-1')).msg).toBe(
      'Too many wrong passwords, please try again in 24 hours',
    );
    // A change lifts the failures before it; the failures happened a little while ago.
    await t.ctx.db.kysely
      .updateTable('login_failure')
      .set({ last_failure_time: now() - 60 })
      .where('account_id', '=', id)
      .execute();
    const { token } = await loginSuper(t);
    const group = await createGroup(t.ctx, 'forgetters', []);
    const edited = await call(t.app, 'POST', '/admin/auth.Admin/edit', {
      token,
      body: {
        id,
        username: 'forgetter',
        nickname: 'forgetter',
        password: 'second-pass-1',
        group_arr: [group],
      },
    });
    expect(edited.msg).toBe('Update successful');
    expect((await tryLogin('second-pass-1')).code).toBe(1);
  });

  it('updates last login time and IP on login, not on every request', async () => {
    const t = get();
    await createAdmin(t.ctx, 'lastlogin', 'right-pass-2');
    const { token } = await loginAdmin(t.app, 'lastlogin', 'right-pass-2');
    const read = () =>
      t.ctx.db.kysely
        .selectFrom('admin')
        .select(['last_login_time', 'last_login_ip'])
        .where('username', '=', 'lastlogin')
        .executeTakeFirstOrThrow();
    const after = await read();
    expect(after.last_login_time).toBeGreaterThan(0);
    expect(after.last_login_ip).toBe('127.0.0.1');
    await t.ctx.db.kysely
      .updateTable('admin')
      .set({ last_login_time: 5 })
      .where('username', '=', 'lastlogin')
      .execute();
    await call(t.app, 'GET', '/admin/index/index', { token });
    expect((await read()).last_login_time).toBe(5);
  });

  it('re-hashes a legacy md5 password on its first successful login', async () => {
    const t = get();
    const { createHash } = await import('node:crypto');
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    const id = await createAdmin(t.ctx, 'legacy', 'unused-pass');
    await t.ctx.db.kysely
      .updateTable('admin')
      .set({ password: md5(`${md5('old-secret')}salty`), salt: 'salty' })
      .where('id', '=', id)
      .execute();
    await loginAdmin(t.app, 'legacy', 'old-secret');
    const row = await t.ctx.db.kysely
      .selectFrom('admin')
      .select(['password', 'salt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password.startsWith('$argon2id$')).toBe(true);
    expect(row.salt).toBe('');
    await loginAdmin(t.app, 'legacy', 'old-secret');
  });

  it('stores tokens only as HMACs', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const raw = await t.ctx.db.kysely
      .selectFrom('token')
      .select('token')
      .where('token', '=', token)
      .execute();
    expect(raw).toHaveLength(0);
    const hashed = await t.ctx.db.kysely
      .selectFrom('token')
      .select('token')
      .where('token', '=', t.ctx.tokens.hash(token))
      .execute();
    expect(hashed).toHaveLength(1);
  });
});

forEachDatabase(
  'admin login captcha',
  (get) => {
    it('requires a correct, single-use captcha when the switch is on', async () => {
      const t = get();
      const form = await call(t.app, 'GET', '/admin/index/login');
      expect(form.data).toEqual({ captcha: true });
      const body = { username: 'admin', password: t.superPassword, captchaId: 'abcdefgh1234' };

      const image = await t.app.inject({ method: 'GET', url: '/api/common/captcha?id=abcdefgh1234' });
      expect(image.headers['content-type']).toContain('image/svg+xml');
      expect(image.body.startsWith('<svg')).toBe(true);

      const none = await call(t.app, 'POST', '/admin/index/login', { body });
      expect(none).toMatchObject({ code: 0, msg: 'Captcha error' });

      const answer = await t.ctx.captcha.issue('abcdefgh1234');
      const wrongAnswer = answer === 'AAAA' ? 'BBBB' : 'AAAA';
      const wrong = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...body, captcha: wrongAnswer },
      });
      expect(wrong.msg).toBe('Captcha error');
      // The wrong guess used the captcha up: the right answer no longer works either.
      const reused = await call(t.app, 'POST', '/admin/index/login', { body: { ...body, captcha: answer } });
      expect(reused.msg).toBe('Captcha error');

      const fresh = await t.ctx.captcha.issue('abcdefgh1234');
      const right = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...body, captcha: fresh.toLowerCase() },
      });
      expect(right.code).toBe(1);
    });

    it('refuses an expired captcha', async () => {
      const t = get();
      const answer = await t.ctx.captcha.issue('expired-captcha');
      await t.ctx.db.kysely.updateTable('captcha').set({ expire_time: 1 }).execute();
      const res = await call(t.app, 'POST', '/admin/index/login', {
        body: { username: 'admin', password: t.superPassword, captchaId: 'expired-captcha', captcha: answer },
      });
      expect(res.msg).toBe('Captcha error');
    });
  },
  { adminLoginCaptcha: true },
);
