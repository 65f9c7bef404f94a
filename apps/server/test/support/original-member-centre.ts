/**
 * The original client's member centre and its market's member login, replayed against one
 * running Portico: the home call, the login page's body, the account overview, the profile
 * edit, the balance and points logs, the password change and the logout, each asserting the
 * fields the original's views read.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { originalClient } from './original-client.js';
import { call } from './test-app.js';

export interface MemberSite {
  app: FastifyInstance;
  ctx: AppContext;
  /** A member of the site, holding some balance and points. */
  member: { username: string; password: string };
}

/** The login page's body (tab login), as views/frontend/user/login.vue posts it with captchas off. */
const loginBody = (username: string, password: string) => ({
  tab: 'login',
  email: '',
  mobile: '',
  username,
  password,
  captcha: '',
  keep: false,
  captchaId: '0b6c7f2e-3e0c-4a8e-b1a4-5f2d9c3e7a10',
  captchaInfo: '',
  registerType: 'email',
});

export function originalMemberCentre(get: () => MemberSite): void {
  it('the member centre: home, login, overview, profile, logs, password, logout', async () => {
    const s = get();
    const anonymous = originalClient(s.app, {});
    const home = await anonymous.send('GET', '/api/index/index', 'requiredLogin=0');
    expect(home.code, home.msg).toBe(1);
    expect(home.data).toMatchObject({ site: expect.any(Object), openMemberCenter: expect.any(Boolean) });

    const login = await anonymous.send(
      'POST',
      '/api/user/checkIn',
      '',
      loginBody(s.member.username, s.member.password),
    );
    expect(login.code, login.msg).toBe(1);
    const { token, refresh_token } = login.data.userInfo;
    expect(login.data).toMatchObject({ routePath: expect.any(String) });
    const member = originalClient(s.app, { member: token });

    const signedHome = await member.send('GET', '/api/index/index', 'requiredLogin=1');
    expect(signedHome.data.userInfo).toMatchObject({ username: s.member.username });
    expect(signedHome.data.menus ?? signedHome.data.rules).toBeDefined();

    const overview = await member.send('GET', '/api/account/overview');
    expect(overview.code, overview.msg).toBe(1);
    expect(overview.data).toMatchObject({
      days: expect.any(Array),
      score: expect.any(Array),
      money: expect.any(Array),
    });
    expect(overview.data.days).toHaveLength(7);

    const profile = await member.send('GET', '/api/account/profile');
    expect(profile.code).toBe(1);
    expect(profile.data.accountVerificationType).toEqual(expect.any(Array));
    // The profile form posts the member's info as the store holds it, with its edits.
    const saved = await member.send('POST', '/api/account/profile', '', {
      ...signedHome.data.userInfo,
      nickname: 'Screens nickname',
      gender: 1,
      birthday: '1990-02-03',
      motto: 'Screens motto',
    });
    expect(saved.code, saved.msg).toBe(1);
    const after = await member.send('GET', '/api/index/index', 'requiredLogin=1');
    expect(after.data.userInfo).toMatchObject({ nickname: 'Screens nickname', motto: 'Screens motto' });

    for (const log of ['balance', 'integral']) {
      const page = await member.send('GET', `/api/account/${log}`, 'page=1&limit=12');
      expect(page.code, `${log}: ${page.msg}`).toBe(1);
      expect(page.data.list.length, log).toBeGreaterThan(0);
      expect(page.data.list[0]).toMatchObject({ memo: expect.any(String), create_time: expect.anything() });
      expect(page.data.total).toBe(page.data.list.length);
    }

    const changed = await member.send('POST', '/api/account/changePassword', '', {
      oldPassword: s.member.password,
      newPassword: 'Screens_new1',
      renewPassword: 'Screens_new1',
    });
    expect(changed.code, changed.msg).toBe(1);
    const again = await anonymous.send(
      'POST',
      '/api/user/checkIn',
      '',
      loginBody(s.member.username, 'Screens_new1'),
    );
    expect(again.code, again.msg).toBe(1);
    const fresh = originalClient(s.app, { member: again.data.userInfo.token });
    const out = await fresh.send('POST', '/api/user/logout', '', {
      refreshToken: again.data.userInfo.refresh_token,
    });
    expect(out.code, out.msg).toBe(1);
    const gone = await fresh.send('GET', '/api/account/overview');
    expect(gone.code).not.toBe(1);
    // Not kept signed in: no refresh token, as the original answers.
    expect(refresh_token).toBe('');
  });

  it("the market's member login and module page: /api/v6.store/info with the member's token", async () => {
    const s = get();
    const anonymous = originalClient(s.app, {});
    const login = await anonymous.send(
      'POST',
      '/api/user/checkIn',
      '',
      loginBody(s.member.username, s.member.password),
    );
    // The member centre case changed the password: either one signs in.
    const token =
      login.code === 1
        ? login.data.userInfo.token
        : (
            await call(s.app, 'POST', '/api/user/checkIn', {
              body: loginBody(s.member.username, 'Screens_new1'),
            })
          ).data.userInfo.token;
    const market = originalClient(s.app, { member: token });
    const info = await market.send('GET', '/api/user/info');
    expect(info.code, info.msg).toBe(1);
    expect(info.data.userInfo).toMatchObject({ username: s.member.username });
    const page = await market.send('GET', '/api/v6.store/info', 'uid=screens-none&sysVersion=2.0.0');
    // A module the store does not have: a clear message, as the original's dialog shows it.
    expect(page.code).toBe(0);
    expect(page.msg).toEqual(expect.any(String));
  });
}
