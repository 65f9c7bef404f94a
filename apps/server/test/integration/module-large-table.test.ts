/**
 * A module's own table gets the members' exact total and fast deep pages through the SDK: its
 * migration calls largeTableCounts (the row-count slots of migration 0016 and the id blocks of
 * 0019, kept by triggers), filled from the rows already there. Its unfiltered list then answers
 * an exact total past COUNT_CAP (not "about"), and its last and deep pages, read from the end
 * and from their block, hold the rows an offset read gives, through inserts and deletes.
 * dropLargeTableCounts takes the slots, blocks and triggers away again.
 */
import { type Generated, type Migration, sql } from 'kysely';
import { stringify } from 'qs';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { blockStarts } from '../../src/crud/id-block.js';
import type { ListSpec } from '../../src/crud/list-params.js';
import { COUNT_CAP, countedRows } from '../../src/crud/list-total.js';
import { registerResource } from '../../src/crud/resource.js';
import type { Db } from '../../src/db/connection.js';
import { BLOCK } from '../../src/db/large-tables.js';
import { moduleKeyBrinMigration } from '../../src/db/migrations/0032-module-key-brin.js';
import { columnKit } from '../../src/db/migrations/columns.js';
import {
  dropKeyBrin,
  dropLargeTableCounts,
  largeTableCounts,
} from '../../src/db/migrations/large-table-counts.js';
import type { TableName } from '../../src/db/schema.js';
import { defineModule, type MigrationEnv } from '../../src/module-contract/define.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

const TABLE = 'stock_item';
const INDEX = '/admin/stock.Item/index';
const LIMIT = 25;
/** Rows the migration finds before it counts them. */
const BEFORE = 30;

type StockTables = { stock_item: { id: Generated<number>; title: string } };

const LIST: ListSpec = {
  pk: 'id',
  fields: {
    id: { column: `${TABLE}.id`, type: 'number' },
    title: { column: `${TABLE}.title`, type: 'string' },
  },
  quickSearch: ['title'],
  defaultOrder: { field: 'id', direction: 'desc' },
};

function tableMigration(env: MigrationEnv): Migration {
  const k = columnKit(env.dialect, env.prefix);
  return {
    async up(db) {
      await k.finish(k.str(k.id(db.schema.createTable(TABLE)), 'title', 100)).execute();
      // Rows there before the counts: their first fill must hold them.
      await db
        .insertInto(TABLE)
        .values(Array.from({ length: BEFORE }, (_, i) => ({ title: `before ${i}` })))
        .execute();
      await largeTableCounts(db, env, TABLE);
    },
  };
}

const stockModule = defineModule({
  uid: 'stock',
  version: '1.0.0',
  tables: [TABLE],
  migrations: (env) => ({ '0001-items': tableMigration(env) }),
  routes(app, ctx) {
    registerResource(app, ctx, {
      controller: 'stock.Item',
      table: TABLE as TableName,
      list: LIST,
      listQuery: (db) => db.withTables<StockTables>().selectFrom(TABLE).select(['id', 'title']),
      row: z.looseObject({ id: z.number(), title: z.string() }),
    });
  },
});

const items = (t: TestApp) => t.ctx.db.kysely.withTables<StockTables>();

/** `count` rows at ids from `from` on, in statements of 500 (SQLite's variable limit). */
async function insertRun(t: TestApp, from: number, count: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    await items(t)
      .insertInto(TABLE)
      .values(
        Array.from({ length: size }, (_, i) => ({ id: from + start + i, title: `item ${from + start + i}` })),
      )
      .execute();
  }
}

async function realCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    `${db.prefix}${TABLE}`,
  )}`.execute(db.kysely);
  return Number(rows[0]?.n);
}

/** Every block's kept rows equal the rows it holds. */
async function expectExactBlocks(db: Db): Promise<void> {
  const block = sql.raw(db.dialect === 'mysql' ? `id div ${BLOCK}` : `id / ${BLOCK}`);
  const { rows: held } = await sql<{ block: unknown; rows: unknown }>`select ${block} as block,
    count(*) as ${sql.ref('rows')} from ${sql.table(`${db.prefix}${TABLE}`)} group by ${block}`.execute(
    db.kysely,
  );
  const kept = await db.kysely
    .selectFrom('id_block')
    .select(['block', sql<number>`sum(counted)`.as('rows')])
    .where('table_name', '=', TABLE)
    .groupBy('block')
    .execute();
  const byBlock = (rows: { block: unknown; rows: unknown }[]) =>
    Object.fromEntries(
      rows.filter((row) => Number(row.rows) !== 0).map((row) => [Number(row.block), Number(row.rows)]),
    );
  expect(byBlock(kept)).toEqual(byBlock(held));
}

/** The table's counting triggers the database holds (PostgreSQL: their functions and the key's BRIN index too). */
async function countingObjects(db: Db): Promise<string[]> {
  const like = `${db.prefix}${TABLE}\\_%`;
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where type = 'trigger' and name like ${like} escape '\\'`.execute(db.kysely);
    return rows.map((row) => row.name);
  }
  if (db.dialect === 'mysql') {
    const { rows } = await sql<{ name: string }>`select trigger_name as name from information_schema.triggers
      where trigger_schema = database() and event_object_table = ${`${db.prefix}${TABLE}`}`.execute(
      db.kysely,
    );
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`select tgname as name from pg_trigger
    where not tgisinternal and tgrelid = ${`"${db.prefix}${TABLE}"`}::regclass
    union all select proname from pg_proc where proname like ${like}
    union all select indexname from pg_indexes where schemaname = current_schema()
      and indexname = ${`${db.prefix}${TABLE}_key_brin`}`.execute(db.kysely);
  return rows.map((row) => row.name);
}

forEachDatabase(
  'a module table counted through largeTableCounts',
  (get) => {
    let token = '';

    beforeAll(async () => {
      const t = get();
      token = (await loginSuper(t)).token;
      // Past COUNT_CAP, in blocks 5, 6 and 8 (7 empty), besides the migration's rows in block 0.
      await insertRun(t, 5 * BLOCK + 10, 4000);
      await insertRun(t, 6 * BLOCK, 4000);
      await insertRun(t, 8 * BLOCK + 100, 2500);
      for (let id = 9 * BLOCK; id < 9 * BLOCK + 20; id++)
        await items(t)
          .insertInto(TABLE)
          .values({ id, title: `one by one ${id}` })
          .execute();
    });

    const listed = async (page: number, direction: 'asc' | 'desc') => {
      const res = await call(get().app, 'GET', INDEX, {
        token,
        query: stringify({ page, limit: LIMIT, order: `id,${direction}` }),
      });
      expect(res.code, res.msg).toBe(1);
      return res.data as { list: { id: number }[]; total: number; totalKind?: string };
    };

    /** The page by a plain offset query over the whole table. */
    const reference = async (page: number, direction: 'asc' | 'desc') =>
      (
        await items(get())
          .selectFrom(TABLE)
          .select('id')
          .orderBy('id', direction)
          .limit(LIMIT)
          .offset((page - 1) * LIMIT)
          .execute()
      ).map((row) => row.id);

    /** The exact total, and the deep and last pages (both halves, both ways) as offset reads. */
    const expectExactList = async () => {
      const { db } = get().ctx;
      const total = await realCount(db);
      expect(total).toBeGreaterThan(COUNT_CAP);
      expect(await countedRows(db, TABLE as TableName)).toBe(total);
      const first = await listed(1, 'desc');
      expect(first.total).toBe(total);
      expect(first.totalKind).toBeUndefined();
      const last = Math.ceil(total / LIMIT);
      const pages = [41, 42, 100, 160, 161, 300, last - 1, last, last + 1];
      for (const direction of ['desc', 'asc'] as const)
        for (const page of pages)
          expect(
            (await listed(page, direction)).list.map((row) => row.id),
            `page ${page}, ${direction}`,
          ).toEqual(await reference(page, direction));
    };

    it('answers an exact total, and its last and deep pages as an offset read does', async () => {
      const { db } = get().ctx;
      await expectExactBlocks(db);
      // The deep page starts from its block: at most a block's rows are skipped.
      const find = blockStarts(db, TABLE as TableName, LIST);
      const start = await find?.('desc', 5_000);
      expect(start?.skip).toBeLessThan(BLOCK);
      await expectExactList();
    });

    it('stays exact through deletes and late inserts', async () => {
      const t = get();
      await items(t)
        .deleteFrom(TABLE)
        .where('id', '>=', 6 * BLOCK + 100)
        .where('id', '<', 6 * BLOCK + 700)
        .execute();
      await items(t)
        .deleteFrom(TABLE)
        .where('id', '=', 9 * BLOCK + 3)
        .execute();
      await insertRun(t, 7 * BLOCK + 5, 60);
      await items(t).insertInto(TABLE).values({ title: 'numbered by the database' }).execute();
      await expectExactBlocks(t.ctx.db);
      await expectExactList();
    });

    it('is counted again by a second call, and forgotten by dropLargeTableCounts', async () => {
      const t = get();
      const { db } = t.ctx;
      const env = { dialect: db.dialect, prefix: db.prefix };
      await largeTableCounts(db.kysely, env, TABLE);
      await expectExactBlocks(db);
      expect(await countedRows(db, TABLE as TableName)).toBe(await realCount(db));
      expect((await countingObjects(db)).length).toBeGreaterThan(0);
      // PostgreSQL reads a clustered search's matches past a sampled one through it.
      if (db.dialect === 'postgres')
        expect(await countingObjects(db)).toContain(`${db.prefix}${TABLE}_key_brin`);

      await dropLargeTableCounts(db.kysely, env, TABLE);
      expect(await countingObjects(db)).toEqual([]);
      const kept = async (table: 'row_count' | 'id_block') =>
        db.kysely.selectFrom(table).select('table_name').where('table_name', '=', TABLE).execute();
      expect(await kept('row_count')).toEqual([]);
      expect(await kept('id_block')).toEqual([]);
      // The list still answers, with the estimate or capped count of an uncounted table.
      await insertRun(t, 20 * BLOCK, 10);
      const first = await listed(1, 'desc');
      expect(first.totalKind).toBeDefined();
      expect(first.list[0]?.id).toBe(20 * BLOCK + 9);
    });

    it('gives a table counted by an earlier version its key index on PostgreSQL (migration 0032)', async () => {
      const { db } = get().ctx;
      if (db.dialect !== 'postgres') return;
      const env = { dialect: db.dialect, prefix: db.prefix };
      // The earlier version's table: counted, without the BRIN index.
      await largeTableCounts(db.kysely, env, TABLE);
      await dropKeyBrin(db.kysely, db.prefix, TABLE);
      const definition = async () => {
        const { rows } = await sql<{ definition: string }>`select indexdef as definition from pg_indexes
          where schemaname = current_schema() and indexname = ${`${db.prefix}${TABLE}_key_brin`}`.execute(
          db.kysely,
        );
        return rows[0]?.definition;
      };
      expect(await definition()).toBeUndefined();
      const migration = moduleKeyBrinMigration(db.dialect, db.prefix);
      await migration.up(db.kysely);
      expect(await definition()).toMatch(/USING brin \(\(\(id \+ 0\)\)\)$/);
      await migration.down?.(db.kysely);
      expect(await definition()).toBeUndefined();
    });

    it('leaves a table whose name cannot name its triggers uncounted, without failing', async () => {
      const { db } = get().ctx;
      // The longest prefix a site may have and the longest generated table name.
      const env = { dialect: db.dialect, prefix: 'p'.repeat(20) };
      const long = 't'.repeat(40);
      await largeTableCounts(db.kysely, env, long);
      await dropLargeTableCounts(db.kysely, env, long);
      expect(
        await db.kysely.selectFrom('row_count').select('table_name').where('table_name', '=', long).execute(),
      ).toEqual([]);
    });

    it('refuses a name that is not plain, changing nothing', async () => {
      const { db } = get().ctx;
      const env = { dialect: db.dialect, prefix: db.prefix };
      await expect(largeTableCounts(db.kysely, env, 'x; drop table y')).rejects.toThrow(/not a plain name/);
      await expect(largeTableCounts(db.kysely, env, TABLE, { key: 'id"' })).rejects.toThrow(
        /not a plain name/,
      );
      expect(
        await db.kysely
          .selectFrom('row_count')
          .select('table_name')
          .where('table_name', 'like', 'x%')
          .execute(),
      ).toEqual([]);
    });
  },
  {},
  { modules: [stockModule] },
);
