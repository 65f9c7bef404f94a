/**
 * Refresh-token rotation, reuse detection and session-wide sign-out, for administrators
 * and members, on every configured database.
 */
import { describe, expect, it } from 'vitest';
import { createMember } from '../support/member.js';
import { type CallOptions, call, createAdmin, forEachDatabase, type TestApp } from '../support/test-app.js';

interface Session {
  token: string;
  refresh_token: string;
}

interface Area {
  name: string;
  refreshType: 'admin-refresh' | 'user-refresh';
  /** Creates an account of this area that can sign in with `password`. */
  create(t: TestApp, username: string, password: string): Promise<void>;
  /** Signs in with "keep me signed in". */
  login(t: TestApp, username: string, password: string): Promise<Session>;
  /** How an access token of this area travels. */
  carry(token: string): CallOptions;
  /** Whether the access token still signs its holder in. */
  works(t: TestApp, token: string): Promise<boolean>;
  logoutPath: string;
}

const AREAS: Area[] = [
  {
    name: 'admin',
    refreshType: 'admin-refresh',
    create: async (t, username, password) => {
      await createAdmin(t.ctx, username, password, [1]);
    },
    login: async (t, username, password) => {
      const res = await call(t.app, 'POST', '/admin/index/login', { body: { username, password, keep: 1 } });
      expect(res.code, res.msg).toBe(1);
      return res.data.userInfo;
    },
    carry: (token) => ({ token }),
    works: async (t, token) => (await call(t.app, 'GET', '/admin/index/index', { token })).code === 1,
    logoutPath: '/admin/index/logout',
  },
  {
    name: 'member',
    refreshType: 'user-refresh',
    create: async (t, username, password) => {
      await createMember(t.ctx, username, password);
    },
    login: async (t, username, password) => {
      const res = await call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username, password, keep: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      return res.data.userInfo;
    },
    carry: (userToken) => ({ userToken }),
    works: async (t, userToken) =>
      (await call(t.app, 'GET', '/api/index/index', { userToken, query: { requiredLogin: '1' } })).code === 1,
    logoutPath: '/api/user/logout',
  },
];

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
let accounts = 0;

forEachDatabase('token rotation', (get) => {
  for (const area of AREAS) {
    describe(area.name, () => {
      /** A fresh account signed in with "keep me signed in". */
      async function signedIn(): Promise<Session & { username: string }> {
        const username = `${area.name}_rot${++accounts}`;
        await area.create(get(), username, 'rotate-pass-1');
        return { username, ...(await area.login(get(), username, 'rotate-pass-1')) };
      }

      /** POST /api/common/refreshToken, optionally sending the access token being replaced. */
      function refresh(refreshToken: string, replacing?: string) {
        return call(get().app, 'POST', '/api/common/refreshToken', {
          ...(replacing ? area.carry(replacing) : {}),
          body: { refresh_token: refreshToken },
        });
      }

      async function refreshed(refreshToken: string, replacing?: string): Promise<Session> {
        const res = await refresh(refreshToken, replacing);
        expect(res, res.msg).toMatchObject({ code: 1, data: { type: area.refreshType } });
        return res.data;
      }

      const works = (token: string) => area.works(get(), token);

      it('answers a new refresh token with every refresh, and the new one refreshes again', async () => {
        const first = await signedIn();
        const second = await refreshed(first.refresh_token, first.token);
        expect(second.refresh_token).toMatch(TOKEN_SHAPE);
        expect(second.refresh_token).not.toBe(first.refresh_token);
        expect(await works(second.token)).toBe(true);

        const third = await refreshed(second.refresh_token, second.token);
        expect(third.refresh_token).toMatch(TOKEN_SHAPE);
        expect(third.refresh_token).not.toBe(second.refresh_token);
        expect(await works(third.token)).toBe(true);
        // The replaced access tokens are gone, as before rotation.
        expect(await works(first.token)).toBe(false);
        expect(await works(second.token)).toBe(false);
      });

      it('keeps accepting the first refresh token of a client that never stores the new one', async () => {
        const login = await signedIn();
        let access = login.token;
        const successors = new Set<string>();
        for (let i = 0; i < 4; i++) {
          const next = await refreshed(login.refresh_token, access);
          expect(await works(next.token)).toBe(true);
          expect(next.refresh_token).toMatch(TOKEN_SHAPE);
          successors.add(next.refresh_token);
          access = next.token;
        }
        // Its session does not grow with every refresh: one unused successor, answered again.
        expect(successors.size).toBe(1);
        const t = get();
        const account = await t.ctx.db.kysely
          .selectFrom('token')
          .select('user_id')
          .where('token', '=', t.ctx.tokens.hash(login.refresh_token))
          .executeTakeFirstOrThrow();
        const refreshRows = await t.ctx.db.kysely
          .selectFrom('token')
          .select('token')
          .where('user_id', '=', account.user_id)
          .where('type', '=', area.refreshType)
          .execute();
        expect(refreshRows).toHaveLength(2);
      });

      it('revokes the whole session when a rotated refresh token comes back after its successor was used', async () => {
        const victim = await signedIn();
        const otherSession = await area.login(get(), victim.username, 'rotate-pass-1');
        // Access tokens from the login and from each refresh, none of them replaced on purpose.
        const second = await refreshed(victim.refresh_token);
        const third = await refreshed(second.refresh_token);
        for (const token of [victim.token, second.token, third.token]) expect(await works(token)).toBe(true);

        const reuse = await refresh(victim.refresh_token);
        expect(reuse).toMatchObject({ code: 0, msg: 'Login expired, please login again.' });
        for (const token of [victim.token, second.token, third.token]) expect(await works(token)).toBe(false);
        for (const stale of [second.refresh_token, third.refresh_token, victim.refresh_token]) {
          expect((await refresh(stale)).code).toBe(0);
        }
        // The same account's other session is a different family and carries on.
        expect(await works(otherSession.token)).toBe(true);
        const other = await refreshed(otherSession.refresh_token, otherSession.token);
        expect(await works(other.token)).toBe(true);
      });

      it('logout ends access tokens that came from refreshes too', async () => {
        const login = await signedIn();
        const renewed = await refreshed(login.refresh_token);
        expect(await works(renewed.token)).toBe(true);
        const out = await call(get().app, 'POST', area.logoutPath, {
          ...area.carry(login.token),
          body: { refreshToken: login.refresh_token },
        });
        expect(out.code).toBe(1);
        expect(await works(login.token)).toBe(false);
        expect(await works(renewed.token)).toBe(false);
        expect((await refresh(renewed.refresh_token)).code).toBe(0);
        expect((await refresh(login.refresh_token)).code).toBe(0);
      });

      it('logout with a refreshed access token alone ends the session, refresh tokens included', async () => {
        const login = await signedIn();
        const renewed = await refreshed(login.refresh_token, login.token);
        const out = await call(get().app, 'POST', area.logoutPath, area.carry(renewed.token));
        expect(out.code).toBe(1);
        expect(await works(renewed.token)).toBe(false);
        expect((await refresh(login.refresh_token)).code).toBe(0);
        expect((await refresh(renewed.refresh_token)).code).toBe(0);
      });

      it('logout with only the refresh token ends the access tokens of its session', async () => {
        const login = await signedIn();
        const other = await area.login(get(), login.username, 'rotate-pass-1');
        // The field name the original's API documents; the web client sends refreshToken (the test above).
        const out = await call(get().app, 'POST', area.logoutPath, {
          body: { refresh_token: login.refresh_token },
        });
        expect(out.code).toBe(1);
        expect(await works(login.token)).toBe(false);
        expect((await refresh(login.refresh_token)).code).toBe(0);
        expect(await works(other.token)).toBe(true);
      });

      it('gives two concurrent refreshes with one token the same live successor, and still detects reuse', async () => {
        const login = await signedIn();
        const answers = await Promise.all([
          refresh(login.refresh_token),
          refresh(login.refresh_token),
          refresh(login.refresh_token),
        ]);
        for (const answer of answers) expect(answer, answer.msg).toMatchObject({ code: 1 });
        const successors = new Set(answers.map((answer) => answer.data.refresh_token));
        expect(successors.size).toBe(1);
        for (const answer of answers) expect(await works(answer.data.token)).toBe(true);

        const [successor] = [...successors] as [string];
        const next = await refreshed(successor);
        expect(await works(next.token)).toBe(true);
        // The first token after its successor was used: every token of the session ends.
        expect((await refresh(login.refresh_token)).code).toBe(0);
        for (const answer of answers) expect(await works(answer.data.token)).toBe(false);
        expect(await works(next.token)).toBe(false);
        expect((await refresh(next.refresh_token)).code).toBe(0);
      });
    });
  }

  it('a member password change still ends every session of the account, refreshed ones included', async () => {
    const t = get();
    const [member] = AREAS.slice(1) as [Area];
    await member.create(t, 'member_pw_rot', 'rotate-pass-1');
    const first = await member.login(t, 'member_pw_rot', 'rotate-pass-1');
    const second = await member.login(t, 'member_pw_rot', 'rotate-pass-1');
    const renewed = (
      await call(t.app, 'POST', '/api/common/refreshToken', { body: { refresh_token: first.refresh_token } })
    ).data as Session;
    const change = await call(t.app, 'POST', '/api/account/changePassword', {
      userToken: second.token,
      body: { oldPassword: 'rotate-pass-1', newPassword: 'rotate-pass-2' },
    });
    expect(change.code).toBe(1);
    for (const token of [first.token, second.token, renewed.token])
      expect(await member.works(t, token)).toBe(false);
    for (const refreshToken of [first.refresh_token, second.refresh_token, renewed.refresh_token]) {
      const res = await call(t.app, 'POST', '/api/common/refreshToken', {
        body: { refresh_token: refreshToken },
      });
      expect(res.code).toBe(0);
    }
  });

  it("an administrator's password change ends their other sessions, refreshed ones included", async () => {
    const t = get();
    const [admin] = AREAS as [Area];
    await admin.create(t, 'admin_pw_rot', 'rotate-pass-1');
    const other = await admin.login(t, 'admin_pw_rot', 'rotate-pass-1');
    const renewed = (
      await call(t.app, 'POST', '/api/common/refreshToken', { body: { refresh_token: other.refresh_token } })
    ).data as Session;
    const current = await admin.login(t, 'admin_pw_rot', 'rotate-pass-1');
    const change = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token: current.token,
      body: { nickname: 'Rotated', password: 'rotate-pass-2' },
    });
    expect(change.code, change.msg).toBe(1);
    expect(await admin.works(t, current.token)).toBe(true);
    for (const token of [other.token, renewed.token]) expect(await admin.works(t, token)).toBe(false);
    for (const refreshToken of [other.refresh_token, renewed.refresh_token]) {
      const res = await call(t.app, 'POST', '/api/common/refreshToken', {
        body: { refresh_token: refreshToken },
      });
      expect(res.code).toBe(0);
    }
  });
});
