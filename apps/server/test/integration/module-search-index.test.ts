/**
 * A module's own table gets the members' search paths through the SDK: its migration calls
 * searchIndex (SQLite FTS5 trigram table, MySQL/MariaDB trigram side table, PostgreSQL pg_trgm
 * indexes, each kept by the database), its resource declares the same columns, and its list's
 * quick search and LIKE filters read that index: "contains, ignoring ASCII case", with quotes,
 * `%` and `_` taken literally, following inserts, edits and deletes, with the key searched
 * beside it as the original's designer sets it. The index is shown to be read, not only
 * present: a row taken out of it behind the triggers' back is no longer found.
 */
import { type Generated, type Migration, sql } from 'kysely';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { registerResource } from '../../src/crud/resource.js';
import { columnKit } from '../../src/db/migrations/columns.js';
import { searchIndex } from '../../src/db/migrations/search-index.js';
import type { TableName } from '../../src/db/schema.js';
import { defineModule, type MigrationEnv } from '../../src/module-contract/define.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

const TABLE = 'shelf_item';
const SEARCHED = ['title', 'code'];
const INDEX = '/admin/shelf.Item/index';

type ShelfTables = { shelf_item: { id: Generated<number>; title: string; code: string; note: string } };

function tableMigration(env: MigrationEnv): Migration {
  const k = columnKit(env.dialect, env.prefix);
  return {
    async up(db) {
      let t = k.id(db.schema.createTable(TABLE));
      t = k.str(k.str(k.str(t, 'title', 100), 'code', 40), 'note', 100);
      await k.finish(t).execute();
      // Rows there before the index: its first fill must hold them.
      await db
        .insertInto(TABLE)
        .values({ title: 'Made before the index', code: 'OLD-1', note: '' })
        .execute();
      await searchIndex(db, env, TABLE, SEARCHED);
    },
  };
}

const shelfModule = defineModule({
  uid: 'shelf',
  version: '1.0.0',
  tables: [TABLE],
  migrations: (env) => ({ '0001-items': tableMigration(env) }),
  routes(app, ctx) {
    registerResource(app, ctx, {
      controller: 'shelf.Item',
      table: TABLE as TableName,
      list: {
        pk: 'id',
        fields: {
          id: { column: `${TABLE}.id`, type: 'number' },
          title: { column: `${TABLE}.title`, type: 'string' },
          code: { column: `${TABLE}.code`, type: 'string' },
          note: { column: `${TABLE}.note`, type: 'string' },
        },
        // With the key, as the original's designer sets it: a number field beside the index.
        quickSearch: ['id', 'title', 'code'],
        defaultOrder: { field: 'id', direction: 'desc' },
      },
      searchIndex: SEARCHED,
      listQuery: (db) =>
        db.withTables<ShelfTables>().selectFrom(TABLE).select(['id', 'title', 'code', 'note']),
      row: z.looseObject({ id: z.number(), title: z.string() }),
    });
  },
});

const items = (t: TestApp) => t.ctx.db.kysely.withTables<ShelfTables>();

async function addItem(t: TestApp, title: string, code = ''): Promise<number> {
  await items(t).insertInto(TABLE).values({ title, code, note: '' }).execute();
  const row = await items(t)
    .selectFrom(TABLE)
    .select('id')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

forEachDatabase(
  'a module table searched through its declared index',
  (get) => {
    const list = async (query: Record<string, unknown>) => {
      const { token } = await loginSuper(get());
      const res = await call(get().app, 'GET', INDEX, { token, query: { limit: '100', ...query } });
      expect(res.code, res.msg).toBe(1);
      expect(res.data.total).toBe(res.data.list.length);
      return (res.data.list as { title: string }[]).map((row) => row.title).sort();
    };
    const quick = (text: string) => list({ quickSearch: text });
    const titleLike = (text: string) =>
      list({ 'search[0][field]': 'title', 'search[0][operator]': 'LIKE', 'search[0][val]': text });

    it('finds substrings of either column, literally and ignoring case', async () => {
      const t = get();
      await addItem(t, 'Alice_Smith desk lamp', 'SKU-1001');
      await addItem(t, 'Costs 50% "quoted" _x_', 'SKU-1002');
      await addItem(t, '张三丰 茶杯', 'SKU-1003');
      for (let i = 0; i < 30; i++) await addItem(t, `Filler item ${i}`, `FILL-${i}`);

      expect(await quick('ICE_SM')).toEqual(['Alice_Smith desk lamp']);
      expect(await quick('sku-1003')).toEqual(['张三丰 茶杯']);
      expect(await quick('50%')).toEqual(['Costs 50% "quoted" _x_']);
      expect(await quick('0% "q')).toEqual(['Costs 50% "quoted" _x_']);
      expect(await quick('"quoted"')).toEqual(['Costs 50% "quoted" _x_']);
      expect(await quick('_x_')).toEqual(['Costs 50% "quoted" _x_']);
      expect(await quick('张三丰')).toEqual(['张三丰 茶杯']);
      expect(await quick('made before')).toEqual(['Made before the index']);
      expect(await quick('nobody-has-this')).toEqual([]);
      expect(await titleLike('DESK LAMP')).toEqual(['Alice_Smith desk lamp']);
      expect(await titleLike('sku-1001')).toEqual([]);
      expect((await quick('filler item')).length).toBe(30);
    });

    it('finds a row by its id too: digits are looked for in the number field as well', async () => {
      const t = get();
      const id = await addItem(t, 'Numbered stool', 'NUM');
      expect(await quick(String(id))).toContain('Numbered stool');
      // A text with a letter is in no number: the index alone answers, rows of that id not included.
      expect(await quick(`${id}x`)).toEqual([]);
    });

    it('follows edits and deletes', async () => {
      const t = get();
      const id = await addItem(t, 'Walnut bookshelf', 'OLD-CODE');
      expect(await quick('walnut')).toEqual(['Walnut bookshelf']);
      await items(t)
        .updateTable(TABLE)
        .set({ title: 'Oak bookshelf', code: 'NEW-CODE' })
        .where('id', '=', id)
        .execute();
      expect(await quick('walnut')).toEqual([]);
      expect(await quick('old-code')).toEqual([]);
      expect(await quick('oak book')).toEqual(['Oak bookshelf']);
      expect(await quick('new-code')).toEqual(['Oak bookshelf']);
      await items(t).deleteFrom(TABLE).where('id', '=', id).execute();
      expect(await quick('oak book')).toEqual([]);
    });

    it('reads the index: a row taken out of it behind the triggers is not found', async () => {
      const t = get();
      const id = await addItem(t, 'Hidden teapot', 'TEA-9');
      expect(await quick('teapot')).toEqual(['Hidden teapot']);
      const { db } = t.ctx;
      const side = (suffix: string) => sql.table(`${db.prefix}${TABLE}_${suffix}`);
      if (db.dialect === 'sqlite') {
        // FTS5's own command removes the row's entries; the table keeps the row.
        const fts = side('search');
        await sql`insert into ${fts}(${fts}, rowid, title, code) values ('delete', ${id}, 'Hidden teapot', 'TEA-9')`.execute(
          db.kysely,
        );
        expect(await quick('teapot')).toEqual([]);
        expect(await titleLike('teapot')).toEqual([]);
        await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db.kysely);
      } else if (db.dialect === 'mysql') {
        await sql`delete from ${side('trigram')} where id = ${id}`.execute(db.kysely);
        expect(await quick('teapot')).toEqual([]);
        expect(await titleLike('teapot')).toEqual([]);
        // Back in the index: a row given another key has every posting written under it (an
        // edit of its text writes only the trigrams it did not have).
        await sql`update ${sql.table(`${db.prefix}${TABLE}`)} set id = ${id + 1000} where id = ${id}`.execute(
          db.kysely,
        );
      } else {
        // PostgreSQL's planner chooses the index itself: with scans priced out, it takes it.
        const plan = await db.kysely.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const { rows } = await sql<{
            'QUERY PLAN': string;
          }>`explain select id from ${sql.table(`${db.prefix}${TABLE}`)} where title ilike '%teapot%'`.execute(
            trx,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain(`${db.prefix}${TABLE}_title_trgm`);
      }
      expect(await quick('teapot')).toHaveLength(1);
    });

    it('is dropped and made again by searchIndex, filled from the rows already there', async () => {
      const t = get();
      const { db } = t.ctx;
      const env = { dialect: db.dialect, prefix: db.prefix };
      await addItem(t, 'Copper kettle', 'KET-1');
      await searchIndex(db.kysely, env, TABLE, []);
      expect(await searchObjects(t)).toEqual([]);
      // Without its index the list still answers, by LIKE (MySQL and SQLite would otherwise fail).
      if (db.dialect === 'postgres') expect(await quick('copper')).toEqual(['Copper kettle']);
      await searchIndex(db.kysely, env, TABLE, SEARCHED);
      expect((await searchObjects(t)).length).toBeGreaterThan(0);
      expect(await quick('copper')).toEqual(['Copper kettle']);
      expect(await quick('ket-1')).toEqual(['Copper kettle']);
    });

    it("samples its searched columns finely on PostgreSQL, so a rare phrase's estimate stays rare", async () => {
      const t = get();
      const { db } = t.ctx;
      if (db.dialect !== 'postgres') return;
      const env = { dialect: db.dialect, prefix: db.prefix };
      // attstattarget: -1 (NULL from PostgreSQL 17) is the default of 100 samples per bucket count.
      const targets = async () => {
        const { rows } = await sql<{ name: string; target: number | null }>`select attname as name,
          attstattarget as target from pg_attribute where attrelid = ${`${db.prefix}${TABLE}`}::regclass
          and attname in (${sql.join(SEARCHED)}) order by attname`.execute(db.kysely);
        return Object.fromEntries(
          rows.map((row) => [row.name, row.target === null ? -1 : Number(row.target)]),
        );
      };
      expect(await targets()).toEqual(Object.fromEntries(SEARCHED.map((column) => [column, 1000])));
      await searchIndex(db.kysely, env, TABLE, []);
      expect(await targets()).toEqual(Object.fromEntries(SEARCHED.map((column) => [column, -1])));
      await searchIndex(db.kysely, env, TABLE, SEARCHED);
      expect(await targets()).toEqual(Object.fromEntries(SEARCHED.map((column) => [column, 1000])));
    });
  },
  {},
  { modules: [shelfModule] },
);

/** The table's search index objects the database holds (tables, triggers, indexes), by name. */
async function searchObjects(t: TestApp): Promise<string[]> {
  const { db } = t.ctx;
  const like = `${db.prefix}${TABLE}\\_%`;
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master
      where name like ${like} escape '\\' and (type = 'trigger' or name like '%search%')`.execute(db.kysely);
    return rows.map((row) => row.name).sort();
  }
  if (db.dialect === 'mysql') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = database() and table_name like ${`${db.prefix}${TABLE}\\_trigram`}
      union all select trigger_name from information_schema.triggers
      where trigger_schema = database() and event_object_table = ${`${db.prefix}${TABLE}`}`.execute(
      db.kysely,
    );
    return rows.map((row) => row.name).sort();
  }
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
    where tablename = ${`${db.prefix}${TABLE}`} and indexname like '%\\_trgm'`.execute(db.kysely);
  return rows.map((row) => row.name).sort();
}
