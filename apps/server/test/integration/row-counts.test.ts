/**
 * The member list and the admin log show an exact total however they grow: the row counts kept
 * by triggers (db/migrations/0016-row-counts.ts) follow inserts, deletes, rolled-back writes,
 * writers running at once and the recycle bin's restores, on every dialect, and start from the
 * rows a site already had.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { countedRows } from '../../src/crud/list-total.js';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const member = (i: number) => ({
  username: `counted_${i}`,
  nickname: `Counted ${i}`,
  email: `counted${i}@example.com`,
  mobile: `1390000${String(i).padStart(4, '0')}`,
  group_id: 1,
  password: '',
  salt: '',
  create_time: 1_700_000_000 + i,
});

/** The table's real row count, which the kept one must equal. */
async function realCount(db: Db, table: 'user' | 'admin_log'): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

forEachDatabase('row counts', (get) => {
  const expectExact = async () => {
    const { db } = get().ctx;
    for (const table of ['user', 'admin_log'] as const)
      expect(await countedRows(db, table), table).toBe(await realCount(db, table));
  };

  it('counts inserts and deletes, one by one and in bulk', async () => {
    const { kysely } = get().ctx.db;
    await expectExact();
    await kysely.insertInto('user').values(member(1)).execute();
    await kysely
      .insertInto('user')
      .values(Array.from({ length: 40 }, (_, i) => member(100 + i)))
      .execute();
    await expectExact();
    await kysely.deleteFrom('user').where('username', '=', 'counted_1').execute();
    await kysely.deleteFrom('user').where('username', 'like', 'counted_12%').execute();
    await expectExact();
    // A delete matching nothing changes nothing.
    await kysely.deleteFrom('user').where('username', '=', 'nobody').execute();
    await expectExact();
  });

  it('forgets the rows of a rolled-back transaction', async () => {
    const { kysely } = get().ctx.db;
    const before = await countedRows(get().ctx.db, 'user');
    await expect(
      kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('user')
          .values(Array.from({ length: 5 }, (_, i) => member(200 + i)))
          .execute();
        await trx.deleteFrom('user').where('username', '=', 'counted_100').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countedRows(get().ctx.db, 'user')).toBe(before);
    await expectExact();
  });

  it('stays exact with writers inserting and deleting at once', async () => {
    const { kysely } = get().ctx.db;
    await Promise.all(
      Array.from({ length: 12 }, (_, writer) =>
        kysely.transaction().execute(async (trx) => {
          for (let i = 0; i < 4; i++)
            await trx
              .insertInto('user')
              .values(member(1000 + writer * 10 + i))
              .execute();
          await trx
            .deleteFrom('user')
            .where('username', '=', `counted_${1000 + writer * 10}`)
            .execute();
          await trx
            .insertInto('admin_log')
            .values({
              admin_id: 1,
              username: 'admin',
              url: `/w/${writer}`,
              title: 'w',
              data: '',
              ip: '',
              useragent: '',
            })
            .execute();
        }),
      ),
    );
    await expectExact();
  });

  it('stays exact when the recycle bin puts a deleted member back', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await t.ctx.db.kysely.insertInto('user').values(member(3000)).execute();
    const { id } = await t.ctx.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'counted_3000')
      .executeTakeFirstOrThrow();
    const del = await call(t.app, 'POST', '/admin/user.User/del', { token, body: { ids: [id] } });
    expect(del.code, del.msg).toBe(1);
    await expectExact();
    const entries = await t.ctx.db.kysely
      .selectFrom('security_data_recycle_log')
      .select(['id', 'data'])
      .where('data_table', '=', 'user')
      .execute();
    const entry = entries.find((e) => JSON.parse(e.data ?? '{}').id === id);
    expect(entry).toBeDefined();
    const restore = await call(t.app, 'POST', '/admin/security.DataRecycleLog/restore', {
      token,
      body: { ids: [entry?.id] },
    });
    expect(restore.code, restore.msg).toBe(1);
    await expectExact();
    const list = await call(t.app, 'GET', '/admin/user.User/index', { token, query: 'limit=5' });
    expect(list.data.total).toBe(await realCount(t.ctx.db, 'user'));
  });

  it('answers the unfiltered lists with the exact total, the filtered ones as before', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    for (const [url, table] of [
      ['/admin/user.User/index', 'user'],
      ['/admin/auth.AdminLog/index', 'admin_log'],
    ] as const) {
      const res = await call(t.app, 'GET', url, { token, query: 'limit=5' });
      expect(res.code, res.msg).toBe(1);
      expect(res.data.totalKind).toBeUndefined();
      expect(res.data.total).toBe(await realCount(t.ctx.db, table));
    }
    // A table without its slots (MySQL refused the triggers) falls back to the estimate path.
    await t.ctx.db.kysely.deleteFrom('row_count').where('table_name', '=', 'user').execute();
    expect(await countedRows(t.ctx.db, 'user')).toBeNull();
    const res = await call(t.app, 'GET', '/admin/user.User/index', { token, query: 'limit=5' });
    expect(res.data.total).toBe(await realCount(t.ctx.db, 'user'));
  });
});

for (const factory of testDatabases()) {
  it(`starts from the rows already there when a site migrates [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, '0015-like-statistics');
      await db.kysely
        .insertInto('user')
        .values(Array.from({ length: 30 }, (_, i) => member(i)))
        .execute();
      await migrateToLatest(db);
      expect(await countedRows(db, 'user')).toBe(30);
      expect(await countedRows(db, 'admin_log')).toBe(await realCount(db, 'admin_log'));
      await db.kysely.insertInto('user').values(member(99)).execute();
      expect(await countedRows(db, 'user')).toBe(31);
    });
  });
}
