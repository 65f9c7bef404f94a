/**
 * Signed-in sessions in the profile: an account lists its sessions with device,
 * address and last use, and ends one or all others. Ending a session refuses its tokens at
 * once; nobody ends another account's session; an area's list shows its own sessions only.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/auth/passwords.js';
import { createMember } from '../../support/member.js';
import {
  type CallOptions,
  call,
  createAdmin,
  forEachDatabase,
  type TestApp,
} from '../../support/test-app.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

interface Session {
  token: string;
  refresh_token: string;
}

interface Listed {
  id: string;
  browser: string;
  os: string;
  device: string;
  ip: string;
  create_time: number;
  last_use_time: number;
  current: boolean;
}

interface Area {
  name: string;
  create(t: TestApp, username: string, password: string, id?: number): Promise<void>;
  /** Signs in with "keep me signed in", from a browser and an address. */
  login(t: TestApp, username: string, password: string, from: Client): Promise<Session>;
  carry(token: string): CallOptions;
  works(t: TestApp, token: string): Promise<{ ok: boolean; code: number }>;
  base: string;
}

interface Client {
  userAgent: string;
  ip: string;
}

const reach = (from: Client): CallOptions => ({
  headers: { 'user-agent': from.userAgent },
  remoteAddress: from.ip,
});

const AREAS: Area[] = [
  {
    name: 'admin',
    create: async (t, username, password, id) => {
      if (id === undefined) {
        await createAdmin(t.ctx, username, password, [1]);
        return;
      }
      const hash = await hashPassword(password);
      await t.ctx.db.kysely
        .insertInto('admin')
        .values({ id, username, nickname: username, password: hash })
        .execute();
      await t.ctx.db.kysely.insertInto('admin_group_access').values({ uid: id, group_id: 1 }).execute();
    },
    login: async (t, username, password, from) => {
      const res = await call(t.app, 'POST', '/admin/index/login', {
        ...reach(from),
        body: { username, password, keep: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      return res.data.userInfo;
    },
    carry: (token) => ({ token }),
    works: async (t, token) => {
      const res = await call(t.app, 'GET', '/admin/index/index', { token });
      return { ok: res.code === 1, code: res.code };
    },
    base: '/admin/routine.AdminInfo',
  },
  {
    name: 'member',
    create: async (t, username, password, id) => {
      await createMember(t.ctx, username, password, id === undefined ? {} : { id });
    },
    login: async (t, username, password, from) => {
      const res = await call(t.app, 'POST', '/api/user/checkIn', {
        ...reach(from),
        body: { tab: 'login', username, password, keep: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      return res.data.userInfo;
    },
    carry: (userToken) => ({ userToken }),
    works: async (t, userToken) => {
      const res = await call(t.app, 'GET', '/api/account/sessions', { userToken });
      return { ok: res.code === 1, code: res.code };
    },
    base: '/api/account',
  },
];

const PASSWORD = 'session-pass-1';
let accounts = 0;

forEachDatabase('signed-in sessions', (get) => {
  for (const area of AREAS) {
    describe(area.name, () => {
      async function account(id?: number): Promise<string> {
        const username = `${area.name.slice(0, 3)}_ses${++accounts}`;
        await area.create(get(), username, PASSWORD, id);
        return username;
      }
      const login = (username: string, from: Client) => area.login(get(), username, PASSWORD, from);
      async function list(token: string): Promise<Listed[]> {
        const res = await call(get().app, 'GET', `${area.base}/sessions`, area.carry(token));
        expect(res.code, res.msg).toBe(1);
        return res.data.list;
      }
      const endSession = (token: string, id: string) =>
        call(get().app, 'POST', `${area.base}/endSession`, { ...area.carry(token), body: { id } });
      const endOthers = (token: string) =>
        call(get().app, 'POST', `${area.base}/endOtherSessions`, { ...area.carry(token), body: {} });
      const refresh = (refreshToken: string) =>
        call(get().app, 'POST', '/api/common/refreshToken', { body: { refresh_token: refreshToken } });

      it('lists both sign-ins with device and address, the caller’s marked', async () => {
        const username = await account();
        const a = await login(username, { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const b = await login(username, { userAgent: SAFARI_IPHONE, ip: '198.51.100.9' });
        const sessions = await list(a.token);
        expect(sessions).toHaveLength(2);
        const [mine, other] = sessions as [Listed, Listed];
        expect(mine).toMatchObject({
          current: true,
          browser: 'Chrome',
          os: 'Windows',
          device: 'Chrome on Windows',
          ip: '203.0.113.7',
        });
        expect(other).toMatchObject({ current: false, device: 'Safari on iPhone', ip: '198.51.100.9' });
        expect(mine.last_use_time).toBeGreaterThan(0);
        expect(mine.create_time).toBeGreaterThan(0);
        // The id names the session without being any of its tokens (nor their stored forms).
        const t = get();
        for (const session of [a, b]) {
          for (const token of [session.token, session.refresh_token]) {
            expect(sessions.map((s) => s.id)).not.toContain(token);
            expect(sessions.map((s) => s.id)).not.toContain(t.ctx.tokens.hash(token));
          }
        }
        // Seen from the other device, the marks swap.
        const fromB = await list(b.token);
        expect(fromB.find((s) => s.current)?.id).toBe(other.id);
      });

      it('ending a session refuses its token at once, and its refresh token', async () => {
        const username = await account();
        const a = await login(username, { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const b = await login(username, { userAgent: FIREFOX_LINUX, ip: '198.51.100.9' });
        expect((await area.works(get(), b.token)).ok).toBe(true);
        const other = (await list(a.token)).find((s) => !s.current);
        expect(other?.device).toBe('Firefox on Linux');
        const ended = await endSession(a.token, other?.id ?? '');
        expect(ended, ended.msg).toMatchObject({ code: 1, data: { ended: 1 } });
        const refused = await area.works(get(), b.token);
        expect(refused).toEqual({ ok: false, code: 303 });
        expect((await refresh(b.refresh_token)).code).toBe(0);
        // The caller's own session goes on; the list has it alone.
        expect((await area.works(get(), a.token)).ok).toBe(true);
        expect((await list(a.token)).map((s) => s.current)).toEqual([true]);
        // Ending it again: already ended.
        expect((await endSession(a.token, other?.id ?? '')).code).toBe(0);
      });

      it('a refreshed session stays one session, its device kept', async () => {
        const username = await account();
        const a = await login(username, { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const b = await login(username, { userAgent: SAFARI_IPHONE, ip: '198.51.100.9' });
        const res = await call(get().app, 'POST', '/api/common/refreshToken', {
          ...area.carry(b.token),
          headers: { 'user-agent': 'something else' },
          remoteAddress: '192.0.2.44',
          body: { refresh_token: b.refresh_token },
        });
        expect(res.code, res.msg).toBe(1);
        const sessions = await list(a.token);
        expect(sessions).toHaveLength(2);
        expect(sessions[1]).toMatchObject({ device: 'Safari on iPhone', ip: '192.0.2.44', current: false });
        // Ending it ends the refreshed tokens too.
        await endSession(a.token, sessions[1]?.id ?? '');
        expect((await area.works(get(), res.data.token)).ok).toBe(false);
        expect((await refresh(res.data.refresh_token)).code).toBe(0);
      });

      it('records use at most once a minute', async () => {
        const username = await account();
        const a = await login(username, { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const t = get();
        const stored = t.ctx.tokens.hash(a.token);
        const lastUse = () =>
          t.ctx.db.kysely
            .selectFrom('token')
            .select(['last_use_time', 'ip'])
            .where('token', '=', stored)
            .executeTakeFirstOrThrow();
        const signedIn = await lastUse();
        // Within the minute, a request from elsewhere writes nothing.
        await call(t.app, 'GET', `${area.base}/sessions`, {
          ...area.carry(a.token),
          remoteAddress: '192.0.2.1',
        });
        expect(await lastUse()).toEqual(signedIn);
        // A minute later, it is recorded.
        const old = Number(signedIn.last_use_time) - 120;
        await t.ctx.db.kysely
          .updateTable('token')
          .set({ last_use_time: old })
          .where('token', '=', stored)
          .execute();
        await call(t.app, 'GET', `${area.base}/sessions`, {
          ...area.carry(a.token),
          remoteAddress: '192.0.2.1',
        });
        const touched = await lastUse();
        expect(touched.ip).toBe('192.0.2.1');
        expect(Number(touched.last_use_time)).toBeGreaterThan(old);
      });

      it('ends all other sessions, keeping the caller’s', async () => {
        const username = await account();
        const a = await login(username, { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const others = [
          await login(username, { userAgent: SAFARI_IPHONE, ip: '198.51.100.9' }),
          await login(username, { userAgent: FIREFOX_LINUX, ip: '198.51.100.10' }),
        ];
        // Someone else's session is not touched.
        const stranger = await login(await account(), { userAgent: CHROME_WINDOWS, ip: '203.0.113.8' });
        const res = await endOthers(a.token);
        expect(res, res.msg).toMatchObject({ code: 1, data: { ended: 2 } });
        for (const other of others) {
          expect((await area.works(get(), other.token)).ok).toBe(false);
          expect((await refresh(other.refresh_token)).code).toBe(0);
        }
        expect((await area.works(get(), a.token)).ok).toBe(true);
        expect((await area.works(get(), stranger.token)).ok).toBe(true);
        expect(await list(a.token)).toHaveLength(1);
      });

      it("cannot end another account's session", async () => {
        const mine = await login(await account(), { userAgent: CHROME_WINDOWS, ip: '203.0.113.7' });
        const theirs = await login(await account(), { userAgent: SAFARI_IPHONE, ip: '198.51.100.9' });
        const [their] = await list(theirs.token);
        const res = await endSession(mine.token, their?.id ?? '');
        expect(res.code).toBe(0);
        expect((await area.works(get(), theirs.token)).ok).toBe(true);
        expect(await list(theirs.token)).toHaveLength(1);
        // Strangers are asked to sign in.
        const anonymous = await call(get().app, 'POST', `${area.base}/endSession`, {
          body: { id: their?.id },
        });
        expect(anonymous.code).toBe(303);
      });
    });
  }

  it("a member's list never shows an administrator's sessions, and the other way round", async () => {
    const t = get();
    // An administrator and a member with the same id: their sessions share the token table.
    const id = 7000 + accounts;
    const [admin, member] = AREAS as [Area, Area];
    const adminName = `adm_same${id}`;
    const memberName = `mem_same${id}`;
    await admin.create(t, adminName, PASSWORD, id);
    await member.create(t, memberName, PASSWORD, id);
    const asAdmin = await admin.login(t, adminName, PASSWORD, {
      userAgent: CHROME_WINDOWS,
      ip: '203.0.113.7',
    });
    const asMember = await member.login(t, memberName, PASSWORD, {
      userAgent: SAFARI_IPHONE,
      ip: '198.51.100.9',
    });
    const adminList = await call(t.app, 'GET', '/admin/routine.AdminInfo/sessions', { token: asAdmin.token });
    const memberList = await call(t.app, 'GET', '/api/account/sessions', { userToken: asMember.token });
    expect(adminList.data.list).toHaveLength(1);
    expect(adminList.data.list[0]).toMatchObject({ device: 'Chrome on Windows', current: true });
    expect(memberList.data.list).toHaveLength(1);
    expect(memberList.data.list[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
    // Neither can end the other's, nor does "all others" reach across.
    const cross = await call(t.app, 'POST', '/api/account/endSession', {
      userToken: asMember.token,
      body: { id: adminList.data.list[0].id },
    });
    expect(cross.code).toBe(0);
    await call(t.app, 'POST', '/api/account/endOtherSessions', { userToken: asMember.token, body: {} });
    await call(t.app, 'POST', '/admin/routine.AdminInfo/endOtherSessions', {
      token: asAdmin.token,
      body: {},
    });
    expect((await admin.works(t, asAdmin.token)).ok).toBe(true);
    expect((await member.works(t, asMember.token)).ok).toBe(true);
  });

  it('records the administrator’s endings in the admin log, without tokens', async () => {
    const t = get();
    const logs = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select(['title', 'data', 'url'])
      .where('url', 'like', '%routine.AdminInfo/end%')
      .execute();
    expect(logs.map((l) => l.title)).toEqual(
      expect.arrayContaining(['End a signed-in session', 'End all other signed-in sessions']),
    );
    const tokens = await t.ctx.db.kysely.selectFrom('token').select('token').execute();
    for (const log of logs) for (const { token } of tokens) expect(log.data).not.toContain(token);
  });
});
