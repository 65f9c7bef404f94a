/** routine.AdminInfo: one's own profile only, whatever id is posted; password rules; own log. */
import { expect, it } from 'vitest';
import { call, createAdmin, createGroup, forEachDatabase, loginAdmin } from '../support/test-app.js';

/** What a group needs to let its members keep their own profile. */
const PROFILE_RULES = ['routine/adminInfo', 'routine/adminInfo/index', 'routine/adminInfo/edit'];

forEachDatabase('routine.AdminInfo', (get) => {
  it("changes only the caller's profile, even when another id is posted", async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'Profile editors', PROFILE_RULES);
    const aliceId = await createAdmin(t.ctx, 'alice_p', 'alice-pass-1', [group]);
    const bobId = await createAdmin(t.ctx, 'bob_p', 'bob-pass-1', [group]);
    const { token } = await loginAdmin(t.app, 'alice_p', 'alice-pass-1');

    const info = await call(t.app, 'GET', '/admin/routine.AdminInfo/index', { token, query: { id: bobId } });
    expect(info.data.info).toMatchObject({ id: aliceId, username: 'alice_p' });
    expect(info.data.info).not.toHaveProperty('password');

    const saved = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: {
        id: bobId,
        nickname: 'Alice P',
        email: 'alice@example.com',
        mobile: '',
        motto: 'hi',
        password: '',
      },
    });
    expect(saved).toMatchObject({ code: 1 });
    const rows = await t.ctx.db.kysely
      .selectFrom('admin')
      .select(['id', 'nickname'])
      .where('id', 'in', [aliceId, bobId])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: aliceId, nickname: 'Alice P' },
      { id: bobId, nickname: 'bob_p' },
    ]);
    // A blank password kept the old one.
    await loginAdmin(t.app, 'alice_p', 'alice-pass-1');
  });

  it('refuses bad formats and a taken e-mail, and a new password replaces the old one', async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'Profile editors 2', PROFILE_RULES);
    await createAdmin(t.ctx, 'carol_p', 'carol-pass-1', [group]);
    const { token } = await loginAdmin(t.app, 'carol_p', 'carol-pass-1');
    const bad = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: { nickname: 'C', email: 'nope' },
    });
    expect(bad).toMatchObject({ code: 0, msg: 'Please enter the correct email address' });
    const taken = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: { nickname: 'C', email: 'alice@example.com' },
    });
    expect(taken).toMatchObject({ code: 0, msg: 'Email already exists' });
    const weak = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: { nickname: 'C', password: 'a<b>' },
    });
    expect(weak).toMatchObject({ code: 0, msg: 'Please input correct password' });

    const changed = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: { nickname: 'Carol', password: 'carol-pass-2' },
    });
    expect(changed.code).toBe(1);
    await expect(loginAdmin(t.app, 'carol_p', 'carol-pass-1')).rejects.toThrow();
    await loginAdmin(t.app, 'carol_p', 'carol-pass-2');
    const avatar = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token,
      body: { avatar: '/storage/x.png' },
    });
    expect(avatar).toMatchObject({ code: 1, msg: 'Avatar modified successfully!' });
  });

  it('a new password keeps the session it was changed in, refresh included, and ends the others', async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'Profile editors 3', PROFILE_RULES);
    await createAdmin(t.ctx, 'erin_p', 'erin-pass-1', [group]);
    const here = await loginAdmin(t.app, 'erin_p', 'erin-pass-1', true);
    const elsewhere = await loginAdmin(t.app, 'erin_p', 'erin-pass-1', true);
    const changed = await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', {
      token: here.token,
      body: { nickname: 'Erin', password: 'erin-pass-2' },
    });
    expect(changed.code).toBe(1);

    const refresh = (refreshToken: string) =>
      call(t.app, 'POST', '/api/common/refreshToken', { body: { refresh_token: refreshToken } });
    // This session can still renew its access token when it runs out...
    expect(await refresh(here.refresh_token)).toMatchObject({ code: 1, data: { type: 'admin-refresh' } });
    // ...while the other session is over, access and refresh token alike.
    const other = await call(t.app, 'GET', '/admin/routine.AdminInfo/index', { token: elsewhere.token });
    expect(other.code).toBe(303);
    expect((await refresh(elsewhere.refresh_token)).code).toBe(0);
  });

  it("lists only the caller's own log entries", async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'Log readers', PROFILE_RULES);
    await createAdmin(t.ctx, 'dave_p', 'dave-pass-1', [group]);
    const { token } = await loginAdmin(t.app, 'dave_p', 'dave-pass-1');
    await call(t.app, 'POST', '/admin/routine.AdminInfo/edit', { token, body: { nickname: 'Dave' } });
    const log = await call(t.app, 'GET', '/admin/routine.AdminInfo/log', { token });
    expect(log.code).toBe(1);
    expect(log.data.total).toBeGreaterThanOrEqual(1);
    const usernames = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select('username')
      .where(
        'id',
        'in',
        log.data.list.map((row: { id: number }) => row.id),
      )
      .execute();
    expect(new Set(usernames.map((row) => row.username))).toEqual(new Set(['dave_p']));
  });
});
