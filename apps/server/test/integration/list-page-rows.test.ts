/**
 * However a page is read — from the other end when the total is exact and the page lies in the
 * back half, its ids first when the offset is deep — it holds exactly the rows of the plain
 * offset query, in its order, on every dialect: ordered by id or by a time column with ties
 * and nulls, both ways, filtered or not, the last page partial; the ids read without the
 * lookup join unless a filter names the joined table.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { listDialect } from '../../src/crud/list-dialect.js';
import { DEFER_FROM, pageRows } from '../../src/crud/list-page-rows.js';
import { applyListOrder, type ListSpec, parseListParams } from '../../src/crud/list-query.js';
import { idOrderIndex } from '../../src/db/large-tables.js';
import { forEachDatabase } from '../support/test-app.js';

/** Past DEFER_FROM, so both halves have pages read by deferred join. */
const ROWS = 2 * DEFER_FROM + 300;
const LIMIT = 97;

const spec: ListSpec = {
  fields: {
    id: { column: 'admin_log.id', type: 'number' },
    create_time: { column: 'admin_log.create_time', type: 'time' },
    title: { column: 'admin_log.title', type: 'string' },
  },
  quickSearch: [],
  defaultOrder: { field: 'id', direction: 'desc' },
  pk: 'id',
};

forEachDatabase('list pages read from either end', (get) => {
  beforeAll(async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      admin_id: 1,
      username: 'admin',
      url: `/pages/${i}`,
      title: i % 3 === 0 ? 'odd' : 'even',
      data: '',
      ip: '',
      useragent: '',
      // Ties (a few hundred rows share each time) and nulls (one row in nine).
      create_time: i % 9 === 0 ? null : 1_700_000_000 + (i % 7) * 60,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await get()
        .ctx.db.kysely.insertInto('admin_log')
        .values(rows.slice(i, i + 500))
        .execute();
  });

  /** The list query with a join, as resources have. */
  const listQuery = () =>
    get()
      .ctx.db.kysely.selectFrom('admin_log')
      .leftJoin('admin', 'admin.id', 'admin_log.admin_id')
      .select(['admin_log.id', 'admin_log.create_time', 'admin.username as admin_name']);

  it('gives the offset query’s rows for every page, both orders of both columns', async () => {
    const { prefix } = get().ctx.db;
    const dialect = listDialect(get().ctx.db.dialect);
    // MySQL reads the whole table's ids in id order through the index on the id alone.
    const idIndex = get().ctx.db.dialect === 'mysql' ? idOrderIndex(prefix, 'admin_log') : undefined;
    // Unfiltered; filtered on the table; filtered on the joined table (the join must stay).
    const filters: [string, (q: ReturnType<typeof listQuery>) => ReturnType<typeof listQuery>][] = [
      ['all', (q) => q],
      ['odd titles', (q) => q.where('admin_log.title', '=', 'odd')],
      ['by the joined admin', (q) => q.where('admin.username', '=', 'admin')],
    ];
    for (const [filter, narrow] of filters) {
      for (const order of ['id,desc', 'id,asc', 'create_time,desc', 'create_time,asc']) {
        const probe = parseListParams({ order, limit: LIMIT }, spec);
        const filtered = narrow(listQuery());
        const { n } = await filtered
          .clearSelect()
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        const count = Number(n);
        const pages = Math.ceil(count / LIMIT);
        for (let page = 1; page <= pages + 1; page++) {
          const params = { ...probe, page };
          const byOffset = await applyListOrder(filtered, spec, params)
            .limit(LIMIT)
            .offset((page - 1) * LIMIT)
            .execute();
          const label = `${order} ${filter} page ${page} of ${pages}`;
          if (page === pages) expect(byOffset.length, label).toBe(count - (pages - 1) * LIMIT);
          const exact = await pageRows(filtered, spec, params, dialect, { total: { total: count }, idIndex });
          expect(exact, `${label}, exact total`).toEqual(byOffset);
          const about = await pageRows(filtered, spec, params, dialect, {
            total: { total: count, totalKind: 'about' },
            idIndex,
          });
          expect(about, `${label}, estimated total`).toEqual(byOffset);
        }
      }
    }
  });
});
