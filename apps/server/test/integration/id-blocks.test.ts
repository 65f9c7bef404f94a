/**
 * A deep page of the whole admin log in id order starts from its block of ids
 * (db/migrations/0019-id-blocks.ts, crud/id-block.ts). The rows per block must stay exact
 * through inserts and deletes, and every page must hold the rows an offset read gives, in both
 * directions, read from the front or (the back half) from the end.
 */
import { sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { blockStarts } from '../../src/crud/id-block.js';
import type { Db } from '../../src/db/connection.js';
import { BLOCK } from '../../src/db/large-tables.js';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.js';
import { ADMIN_LOG_LIST } from '../../src/features/admin-log/admin-log.resource.js';
import { testDatabases, withScratchDatabase } from '../support/databases.js';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

const LOGS = '/admin/auth.AdminLog/index';
const LIMIT = 25;
/** Far above the ids the test app's own log entries take. */
const FIRST_ID = 40 * BLOCK;

const entry = (id: number) => ({
  id,
  admin_id: 1,
  username: 'admin',
  url: `/admin/block/${id}`,
  title: 'Block',
  data: '',
  ip: '127.0.0.1',
  useragent: 'test',
  create_time: 1_704_067_200 + id,
});

/** Rows at `count` ids from `from` on. */
const run = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i));

/** Every block's kept rows equal the rows it holds. */
async function expectExactBlocks(db: Db): Promise<void> {
  const block = sql.raw(db.dialect === 'mysql' ? `id div ${BLOCK}` : `id / ${BLOCK}`);
  const held = await db.kysely
    .selectFrom('admin_log')
    .select([block.as('block'), sql<number>`count(*)`.as('rows')])
    .groupBy(block)
    .execute();
  const kept = await db.kysely
    .selectFrom('id_block')
    .select(['block', sql<number>`sum(counted)`.as('rows')])
    .where('table_name', '=', 'admin_log')
    .groupBy('block')
    .execute();
  const byBlock = (rows: { block: unknown; rows: unknown }[]) =>
    Object.fromEntries(
      rows.filter((row) => Number(row.rows) !== 0).map((row) => [Number(row.block), Number(row.rows)]),
    );
  expect(byBlock(kept)).toEqual(byBlock(held));
}

forEachDatabase('id blocks of the admin log', (get) => {
  let token = '';

  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    // Four stretches in blocks 40, 41, 43 and 44 (42 empty), in statements of a few sizes.
    const { kysely } = t.ctx.db;
    await kysely
      .insertInto('admin_log')
      .values(run(FIRST_ID + 10, 900))
      .execute();
    await kysely
      .insertInto('admin_log')
      .values(run(FIRST_ID + BLOCK, 700))
      .execute();
    for (const row of run(FIRST_ID + 3 * BLOCK + 4000, 40))
      await kysely.insertInto('admin_log').values(row).execute();
    await kysely
      .insertInto('admin_log')
      .values(run(FIRST_ID + 4 * BLOCK, 800))
      .execute();
  });

  /** The page by a plain offset query over the whole table. */
  const reference = async (page: number, direction: 'asc' | 'desc') =>
    (
      await get()
        .ctx.db.kysely.selectFrom('admin_log')
        .select('id')
        .orderBy('id', direction)
        .limit(LIMIT)
        .offset((page - 1) * LIMIT)
        .execute()
    ).map((row) => row.id);

  const listed = async (page: number, direction: 'asc' | 'desc') => {
    const res = await call(get().app, 'GET', LOGS, {
      token,
      query: stringify({ page, limit: LIMIT, order: `id,${direction}` }),
    });
    expect(res.code, res.msg).toBe(1);
    return (res.data.list as { id: number }[]).map((row) => row.id);
  };

  /** Every page deep enough to start from its block, in both directions, and one past the end. */
  const expectSamePages = async () => {
    const total = Number(
      (
        await get()
          .ctx.db.kysely.selectFrom('admin_log')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const last = Math.ceil(total / LIMIT) + 1;
    for (const direction of ['desc', 'asc'] as const) {
      for (let page = 40; page <= last; page++) {
        expect(await listed(page, direction), `page ${page}, ${direction}`).toEqual(
          await reference(page, direction),
        );
      }
    }
  };

  it('reads deep pages from their blocks, with the rows an offset read gives', async () => {
    const t = get();
    await expectExactBlocks(t.ctx.db);
    // The 1,200th row from the newest lies in the block of the second stretch.
    const find = blockStarts(t.ctx.db, 'admin_log', ADMIN_LOG_LIST);
    const start = await find?.('desc', 1_200);
    expect(start?.skip).toBeLessThan(BLOCK);
    await expectSamePages();
  });

  it('keeps the blocks exact through deletes and late inserts', async () => {
    const { kysely } = get().ctx.db;
    await kysely
      .deleteFrom('admin_log')
      .where('id', '>=', FIRST_ID + BLOCK + 100)
      .where('id', '<', FIRST_ID + BLOCK + 400)
      .execute();
    await kysely
      .deleteFrom('admin_log')
      .where('id', '=', FIRST_ID + 3 * BLOCK + 4010)
      .execute();
    // The empty block fills, and a row lands at the start of the first.
    await kysely
      .insertInto('admin_log')
      .values(run(FIRST_ID + 2 * BLOCK + 5, 60))
      .execute();
    await kysely.insertInto('admin_log').values(entry(FIRST_ID)).execute();
    await expectExactBlocks(get().ctx.db);
    await expectSamePages();
  });
});

for (const factory of testDatabases()) {
  it(`counts the rows a site already had when it migrates [${factory.dialect}]`, async () => {
    await withScratchDatabase(factory, async (db) => {
      await migrateUpTo(db, '0018-id-spans');
      await db.kysely
        .insertInto('admin_log')
        .values([...run(FIRST_ID, 30), ...run(FIRST_ID + 2 * BLOCK, 20)])
        .execute();
      await migrateToLatest(db);
      await expectExactBlocks(db);
      // Then counted by the triggers.
      await db.kysely
        .deleteFrom('admin_log')
        .where('id', '<', FIRST_ID + 10)
        .execute();
      await expectExactBlocks(db);
    });
  });
}
