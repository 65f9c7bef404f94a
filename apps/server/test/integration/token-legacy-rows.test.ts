/**
 * Tokens stored before migration 0007 (no session family) keep working after it: each
 * such row becomes a session of its own. Run on every configured database.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { now } from '../../src/clock.js';
import { tokenFamiliesMigration } from '../../src/db/migrations/0007-token-families.js';
import type { AnyDb } from '../../src/db/migrations/columns.js';
import { SUPER_ADMIN_USERNAME } from '../../src/setup/super-admin.js';
import { call, forEachDatabase } from '../support/test-app.js';

forEachDatabase('tokens from before token families', (get) => {
  it('keep signing in and refreshing after the migration, and reuse of a rotated one is still caught', async () => {
    const t = get();
    const kysely = t.ctx.db.kysely as AnyDb;
    const { up, down } = tokenFamiliesMigration(t.dialect, t.ctx.db.prefix);
    if (!down) throw new Error('migration 0007 has no down');
    await down(kysely);

    // What the server before 0007 stored for two sign-ins: unrelated rows.
    const admin = await kysely
      .selectFrom('admin')
      .select('id')
      .where('username', '=', SUPER_ADMIN_USERNAME)
      .executeTakeFirstOrThrow();
    const fresh = () => randomBytes(32).toString('base64url');
    const [access, refreshToken, otherAccess] = [fresh(), fresh(), fresh()];
    const time = now();
    const row = (token: string, type: string, ttl: number) => ({
      token: t.ctx.tokens.hash(token),
      type,
      user_id: admin.id,
      create_time: time,
      expire_time: time + ttl,
    });
    await kysely
      .insertInto('token')
      .values([
        row(access, 'admin', 3600),
        row(refreshToken, 'admin-refresh', 86400),
        row(otherAccess, 'admin', 3600),
      ])
      .execute();
    await up(kysely);

    const works = async (token: string) =>
      (await call(t.app, 'GET', '/admin/index/index', { token })).code === 1;
    const refresh = (refresh_token: string, token?: string) =>
      call(t.app, 'POST', '/api/common/refreshToken', { token, body: { refresh_token } });

    expect(await works(access)).toBe(true);
    const second = await refresh(refreshToken, access);
    expect(second, second.msg).toMatchObject({ code: 1, data: { type: 'admin-refresh' } });
    expect(await works(second.data.token)).toBe(true);
    expect(await works(access)).toBe(false);
    const third = await refresh(second.data.refresh_token);
    expect(third.code, third.msg).toBe(1);

    const reuse = await refresh(refreshToken);
    expect(reuse).toMatchObject({ code: 0, msg: 'Login expired, please login again.' });
    expect(await works(second.data.token)).toBe(false);
    expect(await works(third.data.token)).toBe(false);
    expect(await works(otherAccess)).toBe(true);
  });
});
