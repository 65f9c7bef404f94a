/**
 * The generated migrations run on each database (SQLite always; MariaDB and PostgreSQL with
 * TEST_MYSQL_URL / TEST_PG_URL): the first creates the table with every column type and its
 * indexes, the second applies a design change (add, rename, change and drop columns) and the
 * row written before it keeps its values. A table already there is left as it is. The
 * quick-search text fields get the search index (the SDK's searchIndex), and a change of the
 * quick-search fields alone makes a migration that remakes it over the new ones. The table's
 * rows are counted (the SDK's largeTableCounts: exact total, id blocks), a table already there
 * from its rows, and a renamed key keeps them counted, writes included.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationEnv } from '@portico/server-sdk';
import { type Migration, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDesign, generateModule } from '../../../../src/areas/crud/generator/index.js';
import { countedRows } from '../../../../src/crud/list-total.js';
import type { Db } from '../../../../src/db/connection.js';
import { migrateToLatest } from '../../../../src/db/migrate.js';
import type { TableName } from '../../../../src/db/schema.js';
import { testDatabases, withScratchDatabase } from '../../../support/databases.js';
import { changedDesign, changedDesignBody, everyTypeDesign } from './every-type-design.js';
import { scratchProject, writePackage } from './scratch-project.js';

type MigrationFactory = (env: MigrationEnv) => Migration;

const project = scratchProject();
afterAll(() => rmSync(project, { recursive: true, force: true }));

const first = generateModule(checkDesign(everyTypeDesign()), null);
const migrations = `apps/server/src/modules/${first.uid}/migrations`;
const second = generateModule(changedDesign(), {
  design: checkDesign(everyTypeDesign()),
  version: first.version,
  migrations: [first.files[`${migrations}/m0001.ts`] ?? ''],
});
// A third generation: only the quick-search fields change (the subtitle joins the title).
const searchedDesign = changedDesign();
searchedDesign.table.quickSearchField = ['id', 'title', 'subtitle'];
searchedDesign.table.designChange = [];
const third = generateModule(searchedDesign, {
  design: changedDesign(),
  version: second.version,
  migrations: [1, 2].map((n) => second.files[`${migrations}/m000${n}.ts`] ?? ''),
});
// A fourth: the key is renamed, which the counting triggers name.
const renamedKey = changedDesignBody();
const key = renamedKey.fields.find((field) => field.primaryKey);
if (key) key.name = 'item_id';
renamedKey.table.quickSearchField = ['item_id', 'title', 'subtitle'];
renamedKey.table.designChange = [
  { type: 'change-field-name', oldName: 'id', newName: 'item_id', sync: true },
];
const fourth = generateModule(checkDesign(renamedKey), {
  design: searchedDesign,
  version: third.version,
  migrations: [1, 2, 3].map((n) => third.files[`${migrations}/m000${n}.ts`] ?? ''),
});
const dir = writePackage(project, fourth);

// A module generated before the counts: its first migration does not call largeTableCounts.
// Its next generation, the design unchanged, adds them (in a project of its own: same uid).
const uncountedFirst = (first.files[`${migrations}/m0001.ts`] ?? '').replace(
  /^\s*await largeTableCounts\(.*$/m,
  '',
);
const recounted = generateModule(checkDesign(everyTypeDesign()), {
  design: checkDesign(everyTypeDesign()),
  version: first.version,
  migrations: [uncountedFirst],
});
const recountedProject = scratchProject();
afterAll(() => rmSync(recountedProject, { recursive: true, force: true }));
const recountedDir = writePackage(recountedProject, recounted);

/** The table's kept row count, which must equal its rows and the blocks' sum. */
async function expectCounted(db: Db, rows: number): Promise<void> {
  expect(await countedRows(db, first.uid as TableName)).toBe(rows);
  const blocks = await db.kysely
    .selectFrom('id_block')
    .select(sql<number | string>`sum(counted)`.as('rows'))
    .where('table_name', '=', first.uid)
    .executeTakeFirst();
  expect(Number(blocks?.rows)).toBe(rows);
}

/**
 * The ids the table's search index holds for `text` in `column` (SQLite's FTS5 column filter,
 * MySQL's postings of the text's first trigram); PostgreSQL: whether the column's pg_trgm
 * index is there (the planner reads it by itself).
 */
async function indexed(db: Db, column: string, text: string): Promise<number[] | boolean> {
  const table = `${db.prefix}${first.uid}`;
  if (db.dialect === 'sqlite') {
    const fts = sql.table(`${table}_search`);
    const { rows } = await sql<{
      id: number;
    }>`select rowid as id from ${fts} where ${fts} match ${`{${column}} : "${text}"`}`.execute(db.kysely);
    return rows.map((row) => Number(row.id));
  }
  if (db.dialect === 'mysql') {
    const { rows } = await sql<{ id: number }>`select id from ${sql.table(`${table}_trigram`)}
      where trigram = ${text.toLowerCase().slice(0, 3)}`.execute(db.kysely);
    return rows.map((row) => Number(row.id));
  }
  const { rows } = await sql`select 1 from pg_indexes where indexname = ${`${table}_${column}_trgm`}`.execute(
    db.kysely,
  );
  return rows.length > 0;
}

async function migration(name: string, from = dir): Promise<MigrationFactory> {
  const loaded = (await import(join(from, migrations, `${name}.ts`))) as Record<string, MigrationFactory>;
  const factory = loaded[name];
  if (!factory) throw new Error(`${name} exports no migration`);
  return factory;
}

describe.each(testDatabases())('generated migrations on $dialect', (factory) => {
  it('create the table, then alter it keeping its rows', async () => {
    await withScratchDatabase(factory, async (db) => {
      // A site's schema first: the counts' tables are the core's (migrations 0016, 0019).
      await migrateToLatest(db);
      db.addTables([first.uid]);
      const env = { dialect: db.dialect, prefix: db.prefix };
      await (await migration('m0001'))(env).up(db.kysely);
      // Untyped: the generated table is not in the test's schema.
      const k = db.kysely as any;
      await k
        .insertInto(first.uid)
        .values({
          title: 'kept',
          region: 'Shanghai',
          stock: 7,
          summary: 'gone',
          price: 12.5,
          kind: 'opt1',
          made_year: 2024,
          clock: '08:30:00',
        })
        .execute();
      const before = await k.selectFrom(first.uid).selectAll().executeTakeFirstOrThrow();
      expect(before).toMatchObject({
        title: 'kept',
        status: 1,
        flags: 'opt0,opt1',
        price: 12.5,
        kind: 'opt1',
      });

      await (await migration('m0002'))(env).up(db.kysely);
      const after = await k.selectFrom(first.uid).selectAll().executeTakeFirstOrThrow();
      expect(after).toMatchObject({ id: before.id, title: 'kept', area: 'Shanghai', stock: 7, subtitle: '' });
      expect(after.made_year).toBe(2024);
      expect(after.clock_at).toBe('08:30:00');
      expect(after).not.toHaveProperty('summary');
      expect(after).not.toHaveProperty('region');
      // The changed column is NOT NULL with its new default.
      await k.insertInto(first.uid).values({ title: 'second' }).execute();
      const added = await k
        .selectFrom(first.uid)
        .select('stock')
        .where('title', '=', 'second')
        .executeTakeFirst();
      expect(Number(added.stock)).toBe(5);
      await expectCounted(db, 2);
      // The key renamed: the counts are made again over it, and writes still go through.
      await (await migration('m0003'))(env).up(db.kysely);
      await (await migration('m0004'))(env).up(db.kysely);
      await expectCounted(db, 2);
      await k.insertInto(first.uid).values({ title: 'third' }).execute();
      await k.deleteFrom(first.uid).where('title', '=', 'kept').execute();
      await expectCounted(db, 2);
      const ids = await k.selectFrom(first.uid).select('item_id').orderBy('item_id').execute();
      expect(ids.map((row: { item_id: number }) => Number(row.item_id))).toEqual([2, 3]);
    });
  }, 120_000);

  it('give the quick-search text fields the search index, remade when those fields change', async () => {
    expect(third.files[`${migrations}/m0003.ts`]).toContain('searchIndex(');
    await withScratchDatabase(factory, async (db) => {
      // A site's schema first: the counts' tables are the core's (migrations 0016, 0019).
      await migrateToLatest(db);
      db.addTables([first.uid]);
      const env = { dialect: db.dialect, prefix: db.prefix };
      const k = db.kysely as any;
      await (await migration('m0001'))(env).up(db.kysely);
      await k
        .insertInto(first.uid)
        .values({ title: 'Zebra lamp', region: 'x', stock: 1, summary: '', kind: 'opt1', made_year: 2024 })
        .execute();
      const { id } = await k
        .selectFrom(first.uid)
        .select('id')
        .where('title', '=', 'Zebra lamp')
        .executeTakeFirstOrThrow();
      expect(await indexed(db, 'title', 'Zebra')).toEqual(db.dialect === 'postgres' ? true : [Number(id)]);
      await (await migration('m0002'))(env).up(db.kysely);
      await (await migration('m0003'))(env).up(db.kysely);
      await k.updateTable(first.uid).set({ subtitle: 'Quokka edition' }).where('id', '=', id).execute();
      expect(await indexed(db, 'subtitle', 'Quokka')).toEqual(
        db.dialect === 'postgres' ? true : [Number(id)],
      );
      // The title stays indexed, filled again from the rows (MySQL's postings hold both columns).
      expect(await indexed(db, 'title', 'Zebra')).toEqual(db.dialect === 'postgres' ? true : [Number(id)]);
      await k.deleteFrom(first.uid).where('id', '=', id).execute();
      if (db.dialect !== 'postgres') expect(await indexed(db, 'subtitle', 'Quokka')).toEqual([]);
    });
  }, 120_000);

  it('count the rows of a table generated before the counts, from its next generation', async () => {
    expect(uncountedFirst).not.toContain('largeTableCounts(');
    // The same design regenerated over counted migrations makes no migration at all.
    const same = generateModule(checkDesign(everyTypeDesign()), {
      design: checkDesign(everyTypeDesign()),
      version: first.version,
      migrations: [first.files[`${migrations}/m0001.ts`] ?? ''],
    });
    expect(Object.keys(same.files).filter((file) => file.includes('/migrations/m'))).toEqual([
      `${migrations}/m0001.ts`,
    ]);
    const added = recounted.files[`${migrations}/m0002.ts`] ?? '';
    expect(added).toContain('await largeTableCounts(');
    expect(added).not.toContain('dropLargeTableCounts(');
    await withScratchDatabase(factory, async (db) => {
      await migrateToLatest(db);
      db.addTables([first.uid]);
      const env = { dialect: db.dialect, prefix: db.prefix };
      const k = db.kysely as any;
      await (await migration('m0001', recountedDir))(env).up(db.kysely);
      for (const title of ['one', 'two', 'three']) {
        await k
          .insertInto(first.uid)
          .values({ title, region: 'x', stock: 1, summary: '', kind: 'opt1' })
          .execute();
      }
      expect(await countedRows(db, first.uid as TableName)).toBeNull();
      await (await migration('m0002', recountedDir))(env).up(db.kysely);
      await expectCounted(db, 3);
      await k
        .insertInto(first.uid)
        .values({ title: 'four', region: 'x', stock: 1, summary: '', kind: 'opt1' })
        .execute();
      await expectCounted(db, 4);
    });
  }, 120_000);

  it('leaves a table that is already there as it is, rows included', async () => {
    await withScratchDatabase(factory, async (db) => {
      // A site's schema first: the counts' tables are the core's (migrations 0016, 0019).
      await migrateToLatest(db);
      db.addTables([first.uid]);
      const k = db.kysely as any;
      await k.schema
        .createTable(first.uid)
        .addColumn('id', 'integer', (c: any) => c.primaryKey())
        .addColumn('title', 'varchar(255)')
        .execute();
      await k.insertInto(first.uid).values({ id: 1, title: 'from the original' }).execute();
      await (await migration('m0001'))({ dialect: db.dialect, prefix: db.prefix }).up(db.kysely);
      expect(await k.selectFrom(first.uid).selectAll().execute()).toEqual([
        { id: 1, title: 'from the original' },
      ]);
      // Counted from the rows it had.
      await expectCounted(db, 1);
    });
  });
});
