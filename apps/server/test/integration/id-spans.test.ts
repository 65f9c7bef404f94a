/**
 * A creation-time range of the admin log in id order is read along the stretch of ids its days
 * hold (db/migrations/0018-id-spans.ts, crud/id-span.ts). The stretch must bound every row of
 * those days whatever order rows came in — late rows with old dates, a date changed, rows
 * deleted — and the list must answer exactly the rows a plain query does, whether it walks the
 * stretch or, when the stretch is too long, reads the range from the time index.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { planIdSpan } from '../../src/crud/id-span.js';
import { parseListParams } from '../../src/crud/list-params.js';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { dayOf } from '../../src/db/migrations/0018-id-spans.js';
import { ADMIN_LOG_LIST as adminLogList } from '../../src/features/admin-log/admin-log.resource.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const LOGS = '/admin/auth.AdminLog/index';
const DAY = 86_400;
/** Midnight UTC, 2024-01-01: days of the fixture start here. */
const START = 1_704_067_200;

const entry = (i: number, time: number) => ({
  admin_id: 1,
  username: 'admin',
  url: `/admin/span/${i}`,
  title: i % 3 === 0 ? 'Span edit' : 'Span view',
  data: '',
  ip: '127.0.0.1',
  useragent: 'test',
  create_time: time,
});

/** Every day's rows lie within that day's stretch of ids (the slots' widest bounds). */
async function expectBounded(db: Db): Promise<void> {
  const { rows } = await sql<{ outside: number | string }>`select count(*) as outside
    from ${sql.table('admin_log')} l
    where l.create_time is not null and not exists (
      select 1 from ${sql.table('id_span')} s
      where s.table_name = 'admin_log' and s.day = ${sql.raw(dayOf(db.dialect, 'l.create_time'))}
      group by s.day having min(s.min_id) <= l.id and max(s.max_id) >= l.id)`.execute(db.kysely);
  expect(Number(rows[0]?.outside)).toBe(0);
}

forEachDatabase('id spans of the admin log', (get) => {
  let token = '';

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    // Ten days of 60 entries each, in id order as a site writes them.
    const rows = Array.from({ length: 600 }, (_, i) =>
      entry(i, START + Math.floor(i / 60) * DAY + (i % 60) * 60),
    );
    await t.ctx.db.kysely.insertInto('admin_log').values(rows).execute();
  });

  /** Every row of a filtered admin-log list, page by page, in id order. */
  const all = async (query: Record<string, unknown>) => {
    const rows: { id: number }[] = [];
    for (let page = 1; ; page++) {
      const res = await call(get().app, 'GET', LOGS, {
        token,
        query: stringify({ ...query, page, limit: 25 }),
      });
      expect(res.code, res.msg).toBe(1);
      rows.push(...res.data.list);
      if (res.data.list.length < 25) return rows.map((row) => row.id);
    }
  };

  /** The same rows by a plain query: no span, no list machinery. */
  const reference = async (from: number, to: number, title: string | null, direction: 'asc' | 'desc') => {
    let query = get()
      .ctx.db.kysely.selectFrom('admin_log')
      .select('id')
      .where('create_time', '>=', from)
      .where('create_time', '<=', to);
    if (title) query = query.where('title', 'like', `%${title}%`);
    return (await query.orderBy('id', direction).execute()).map((row) => row.id);
  };

  const span = (from: number, to: number) => {
    const t = get();
    const params = parseListParams(
      { search: [{ field: 'create_time', operator: 'RANGE', val: `${from},${to}` }] },
      adminLogList,
    );
    return planIdSpan(t.ctx.db, 'admin_log', adminLogList, params, 'UTC');
  };

  const expectSameRows = async () => {
    for (const [from, to] of [
      [START + 2 * DAY, START + 4 * DAY - 1],
      [START + 3 * DAY + 600, START + 3 * DAY + 1800],
      [START - 30 * DAY, START + DAY],
      [START + 20 * DAY, START + 30 * DAY],
    ] as const) {
      for (const direction of ['desc', 'asc'] as const) {
        for (const title of [null, 'edit']) {
          const query = {
            search: [{ field: 'create_time', operator: 'RANGE', val: `${from},${to}` }],
            ...(title ? { quickSearch: title } : {}),
            order: `id,${direction}`,
          };
          expect(await all(query), JSON.stringify(query)).toEqual(
            await reference(from, to, title === 'edit' ? 'edit' : null, direction),
          );
        }
      }
    }
  };

  it('walks the stretch of a range whose rows came in id order, with the same answers', async () => {
    await expectBounded(get().ctx.db);
    const stretch = await span(START + 2 * DAY, START + 4 * DAY - 1);
    expect(stretch).not.toBeNull();
    // Two days of 60 rows: their ids and no more.
    expect((stretch?.hi ?? 0) - (stretch?.lo ?? 0) + 1).toBe(120);
    // Nothing was logged in those days.
    expect(await span(START + 20 * DAY, START + 30 * DAY)).toBeNull();
    await expectSameRows();
  });

  it('keeps every row bounded when rows come late, change day or go', async () => {
    const { kysely } = get().ctx.db;
    // A late entry dated in the third day, and one dated before all others.
    await kysely
      .insertInto('admin_log')
      .values([entry(900, START + 2 * DAY + 30), entry(901, START - 5 * DAY)])
      .execute();
    // An entry of the first day moved to the fourth; a few of the fifth deleted.
    const first = await kysely
      .selectFrom('admin_log')
      .select('id')
      .where('url', '=', '/admin/span/3')
      .executeTakeFirstOrThrow();
    await kysely
      .updateTable('admin_log')
      .set({ create_time: START + 3 * DAY + 700 })
      .where('id', '=', first.id)
      .execute();
    await kysely.deleteFrom('admin_log').where('url', 'in', ['/admin/span/240', '/admin/span/299']).execute();
    await expectBounded(get().ctx.db);
    await expectSameRows();
  });

  it('reads the range from the time index when its stretch is mostly other days', async () => {
    // A day whose two rows lie at both ends of the ids: its stretch holds every other row.
    const { kysely } = get().ctx.db;
    const day = START + 40 * DAY;
    const oldest = await kysely
      .selectFrom('admin_log')
      .select(sql<number>`min(id)`.as('id'))
      .executeTakeFirstOrThrow();
    await kysely.updateTable('admin_log').set({ create_time: day }).where('id', '=', oldest.id).execute();
    await kysely
      .insertInto('admin_log')
      .values(entry(902, day + 5))
      .execute();
    expect(await span(day, day + DAY - 1)).toBeNull();
    expect(
      await all({ search: [{ field: 'create_time', operator: 'RANGE', val: `${day},${day + DAY - 1}` }] }),
    ).toEqual(await reference(day, day + DAY - 1, null, 'desc'));
  });
});

for (const factory of testDatabases()) {
  it(`bounds the rows a site already had when it migrates [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, '0017-id-order-indexes');
      await db.kysely
        .insertInto('admin_log')
        .values(Array.from({ length: 50 }, (_, i) => entry(i, START + (i % 5) * DAY + i)))
        .execute();
      await migrateToLatest(db);
      await expectBounded(db);
      const { rows } = await sql<{ days: number | string }>`select count(distinct day) as days
        from ${sql.table('id_span')} where table_name = 'admin_log'`.execute(db.kysely);
      expect(Number(rows[0]?.days)).toBe(5);
    });
  });
}
