/**
 * The total beside a filtered list of a large table is counted only through the next
 * PAGES_AHEAD pages ("more than N", N moving on with the page), so a filter that matches few
 * rows of millions does not read millions; a small table, or a result inside the window, is
 * counted exactly. "Large" is the database's own estimate of the table (a test threshold here).
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listDialect } from '../../src/crud/list-dialect.js';
import { COUNT_CAP, listTotal, PAGES_AHEAD } from '../../src/crud/list-total.js';
import { forEachDatabase, type TestApp } from '../support/test-app.js';

const ROWS = 1_200;
/** One row in three comes from this network. */
const MATCHES = ROWS / 3;

forEachDatabase('list totals of large tables', (get) => {
  beforeAll(async () => {
    const t: TestApp = get();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      admin_id: 1,
      username: 'admin',
      url: `/admin/window/${i}`,
      title: i % 40 === 0 ? 'Rare title' : 'Window title',
      data: '',
      ip: i % 3 === 0 ? `10.9.${i % 7}.1` : '127.0.0.1',
      useragent: 'test',
      create_time: 1_700_000_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 400)
      await t.ctx.db.kysely
        .insertInto('admin_log')
        .values(rows.slice(i, i + 400))
        .execute();
    // The estimate comes from the statistics where the database keeps them.
    const { dialect, prefix } = t.ctx.db;
    if (dialect === 'postgres') await sql`analyze ${sql.table('admin_log')}`.execute(t.ctx.db.kysely);
    if (dialect === 'mysql') await sql.raw(`analyze table \`${prefix}admin_log\``).execute(t.ctx.db.kysely);
  });

  const total = (where: string, page: number, largeTable?: number) => {
    const t = get();
    const filtered = t.ctx.db.kysely
      .selectFrom('admin_log')
      .selectAll()
      .where('ip', 'like', where)
      .orderBy('id', 'desc');
    return listTotal(t.ctx.db, listDialect(t.ctx.db.dialect), 'admin_log', filtered, false, {
      page,
      limit: 20,
      largeTable,
    });
  };

  it('counts a large table only through the next pages, and says "more than"', async () => {
    const window = (page: number) => (page + PAGES_AHEAD) * 20;
    expect(await total('10.9.%', 1, 1_000)).toEqual({ total: window(1), totalKind: 'atLeast' });
    expect(await total('10.9.%', 4, 1_000)).toEqual({ total: window(4), totalKind: 'atLeast' });
    // Near the end of the matches the window holds them all: exact again.
    const lastPages = MATCHES / 20 - PAGES_AHEAD;
    expect(await total('10.9.%', lastPages, 1_000)).toEqual({ total: MATCHES });
  });

  it('counts a result inside the window, and any result of a small table, exactly', async () => {
    expect(await total('10.9.3.%', 1, 1_000)).toEqual({ total: 57 });
    expect(await total('10.9.%', 1)).toEqual({ total: MATCHES });
    expect(await total('%', 1)).toEqual({ total: ROWS + (await adminLogExtra()) });
    expect(ROWS).toBeLessThan(COUNT_CAP);
  });

  /** Rows the suite's own start-up wrote to the log (none expected, but never assumed). */
  const adminLogExtra = async () => {
    const row = await get()
      .ctx.db.kysely.selectFrom('admin_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n) - ROWS;
  };
});
