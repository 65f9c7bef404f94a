/**
 * The admin log's title search answers the rows a plain query does wherever its matches lie
 * (a stretch of entries written together, one entry, none), in both directions, on every
 * database; on MySQL/MariaDB it reads the log's trigram postings (migration 0029) for a rare
 * title instead of scanning the log, and the postings follow the log's inserts and deletes.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { listDialect } from '../../src/crud/list-dialect.js';
import { parseListParams } from '../../src/crud/list-params.js';
import { planTrigrams } from '../../src/crud/trigram-search.js';
import { ADMIN_LOG_LIST } from '../../src/features/admin-log/admin-log.resource.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const ENTRIES = 2_000;
/** Entries 300 to 699 were written by one import: their titles name it. */
const STRETCH = { first: 300, last: 699 };
const LONE = 1_500;

function title(i: number): string {
  if (i === LONE) return 'Backup restore-Confirm';
  if (i >= STRETCH.first && i <= STRETCH.last) return 'Data import-Run';
  return i % 5 === 0 ? 'Member-Edit' : 'Login';
}

const SHAPES = { stretch: 'data import-run', 'one row': 'backup restore-confirm', none: 'zebra crossing' };

forEachDatabase('admin log searches, wherever their matches lie', (get) => {
  let token = '';
  let before = 0;
  let firstId = 0;

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    const { kysely } = t.ctx.db;
    // The sign-in wrote entries of its own: the test's come after them.
    const last = await kysely
      .selectFrom('admin_log')
      .select(sql<number>`max(id)`.as('id'))
      .executeTakeFirst();
    before = Number(last?.id ?? 0);
    const entry = (i: number) => ({
      admin_id: 1,
      username: 'admin',
      url: '/admin/test',
      title: title(i),
      data: '',
      ip: '127.0.0.1',
      useragent: 'test',
      create_time: 1_700_000_000 + i,
    });
    for (let i = 0; i < ENTRIES; i += 500)
      await kysely
        .insertInto('admin_log')
        .values(Array.from({ length: 500 }, (_, k) => entry(i + k)))
        .execute();
    const first = await kysely
      .selectFrom('admin_log')
      .select(sql<number>`min(id)`.as('id'))
      .where('id', '>', before)
      .executeTakeFirstOrThrow();
    firstId = Number(first.id);
  });

  it('lists the same entries as a plain query, for every shape, both ways', async () => {
    const t = get();
    for (const [shape, text] of Object.entries(SHAPES))
      for (const direction of ['desc', 'asc'] as const)
        for (const page of [1, 3]) {
          const res = await call(t.app, 'GET', '/admin/auth.AdminLog/index', {
            token,
            // Only the test's entries: the sign-in's own are not the shapes'.
            query: stringify({
              quickSearch: text,
              search: [{ field: 'id', operator: '>', val: before }],
              order: `id,${direction}`,
              page,
              limit: 10,
            }),
          });
          const what = `${shape}, ${direction}, page ${page}`;
          expect(res.code, `${what}: ${res.msg}`).toBe(1);
          const all = Array.from({ length: ENTRIES }, (_, i) => ({
            id: firstId + i,
            title: title(i),
          })).filter((row) => row.title.toLowerCase().includes(text));
          if (direction === 'desc') all.reverse();
          const listed = res.data.list.map((row: { id: number }) => row.id);
          expect(listed, what).toEqual(all.slice((page - 1) * 10, page * 10).map((row) => row.id));
        }
  });

  it('MySQL/MariaDB: finds a rare title from its postings, which follow the log’s writes', async () => {
    const t = get();
    if (t.ctx.db.dialect !== 'mysql') return;
    const plan = (text: string) =>
      planTrigrams(
        t.ctx.db,
        listDialect('mysql'),
        ADMIN_LOG_LIST,
        parseListParams({ quickSearch: text }, ADMIN_LOG_LIST),
      );
    // Read from postings, not the log: its rarest trigrams are the candidates.
    const { picks } = await plan('backup restore-confirm');
    expect(picks.get('admin_log backup restore-confirm')?.starts.length).toBeGreaterThan(0);

    const postingsOf = async (id: number) => {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table('admin_log_trigram')}
        where id = ${id}`.execute(t.ctx.db.kysely);
      return Number(rows[0]?.n);
    };
    const lone = firstId + LONE;
    // `backup restore-confirm`: 20 distinct trigrams.
    expect(await postingsOf(lone)).toBe(20);
    await t.ctx.db.kysely.deleteFrom('admin_log').where('id', '=', lone).execute();
    expect(await postingsOf(lone)).toBe(0);
  });
});
