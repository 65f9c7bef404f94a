/**
 * The CRUD generator's endpoints on every configured database: its record (crud_log) and menu
 * switched on, the record's list, and crud.Crud's reading actions on hand-made tables; the
 * refusals (core tables, module tables, unknown records, non-super generation). Generation
 * and delete end to end need the generator (apps/server/src/areas/crud/generator): see
 * crud-generate.test.ts.
 */
import { columnKit, searchIndex } from '@portico/server-sdk';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  type TestApp,
} from '../../support/test-app.js';

/** A table shaped like the core's (columnKit), and one written by hand with other types. */
async function createTables(t: TestApp): Promise<void> {
  const { dialect, prefix, kysely } = t.ctx.db;
  const k = columnKit(dialect, prefix);
  let shaped = k.id(kysely.schema.createTable(`${prefix}test_build`));
  shaped = k.str(shaped, 'title', 100);
  shaped = k.text(shaped, 'content');
  shaped = k.flag(shaped, 'status', '1');
  shaped = k.int(shaped, 'weigh');
  shaped = k.time(k.time(shaped, 'update_time'), 'create_time');
  await k.finish(shaped).execute();

  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await kysely.schema
    .createTable(`${prefix}hand_made`)
    .addColumn('id', id, (c) => (dialect === 'mysql' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'decimal(10, 2)')
    .addColumn('birthday', 'date')
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('city', 'varchar(100)', (c) => c.defaultTo("it's"))
    .execute();
  await sql`insert into ${sql.table(`${prefix}hand_made`)} (name, user_id) values ('one', 3)`.execute(kysely);
}

forEachDatabase('CRUD generator endpoints', (get) => {
  let token = '';
  beforeAll(async () => {
    const t = get();
    token = (await loginSuper(t)).token;
    await createTables(t);
  });

  describe('the area', () => {
    it('has its record table and switches the seeded generator menu on', async () => {
      const t = get();
      const tables = (await t.ctx.db.kysely.introspection.getTables()).map((table) => table.name);
      expect(tables).toContain(`${t.ctx.db.prefix}crud_log`);
      const rule = await t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select(['id', 'status'])
        .where('name', '=', 'crud/crud')
        .executeTakeFirstOrThrow();
      // The seeded row keeps its id: groups holding it keep it.
      expect(rule).toEqual({ id: 84, status: '1' });
      const buttons = await t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select('name')
        .where('pid', '=', rule.id)
        .orderBy('name')
        .execute();
      expect(buttons.map((b) => b.name)).toEqual(
        expect.arrayContaining(['crud/crud/delete', 'crud/crud/generate', 'crud/crud/index']),
      );
    });
  });

  describe('crud.Log', () => {
    it('lists records with the design decoded, quick-searched by table name, and deletes them', async () => {
      const t = get();
      const design = { name: 'test_build', comment: 'Knowledge', quickSearchField: ['id'] };
      const fields = [{ name: 'id', designType: 'pk' }];
      for (const name of ['test_build', 'other_table']) {
        await t.ctx.db.kysely
          .insertInto('crud_log')
          .values({
            table_name: name,
            table: JSON.stringify({ ...design, name }),
            fields: JSON.stringify(fields),
            status: 'success',
            connection: 'mysql',
            create_time: 1_700_000_000,
          })
          .execute();
      }
      const res = await call(t.app, 'GET', '/admin/crud.Log/index', {
        token,
        query: { quickSearch: 'test_b' },
      });
      expect(res.code).toBe(1);
      expect(res.data.list).toHaveLength(1);
      expect(res.data.list[0]).toMatchObject({
        table_name: 'test_build',
        table: design,
        fields,
        status: 'success',
      });

      const other = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', 'other_table')
        .executeTakeFirstOrThrow();
      const del = await call(t.app, 'POST', '/admin/crud.Log/del', { token, body: { ids: [other.id] } });
      expect(del.code).toBe(1);
      const left = await call(t.app, 'GET', '/admin/crud.Log/index', { token });
      expect(left.data.list.map((row: { table_name: string }) => row.table_name)).toEqual(['test_build']);
    });
  });

  describe('crud.Crud reading actions', () => {
    it('generateCheck answers -1 when the table exists, success for a free name', async () => {
      const t = get();
      const taken = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        body: { table: 'hand_made', connection: '', controllerFile: '' },
      });
      expect(taken.code).toBe(-1);
      expect(taken.data).toEqual({ table: true, controller: false });
      const free = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        body: { table: 'brand_new' },
      });
      expect(free.code).toBe(1);
    });

    it('checkCrudLog gives the last record when it is a success, 0 otherwise', async () => {
      const t = get();
      const success = await call(t.app, 'GET', '/admin/crud.Crud/checkCrudLog', {
        token,
        query: { table: 'test_build', connection: '' },
      });
      expect(success.data.id).toBeGreaterThan(0);
      await t.ctx.db.kysely
        .insertInto('crud_log')
        .values({
          table_name: 'test_build',
          table: '{}',
          fields: '[]',
          status: 'error',
          connection: '',
          create_time: 1_800_000_000,
        })
        .execute();
      const failed = await call(t.app, 'GET', '/admin/crud.Crud/checkCrudLog', {
        token,
        query: { table: 'test_build' },
      });
      expect(failed.data).toEqual({ id: 0 });
      const none = await call(t.app, 'GET', '/admin/crud.Crud/checkCrudLog', {
        token,
        query: { table: 'nothing' },
      });
      expect(none.data).toEqual({ id: 0 });
    });

    it('logStart answers the design with whether its table is empty; an unknown id is refused', async () => {
      const t = get();
      const row = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', 'test_build')
        .where('status', '=', 'success')
        .executeTakeFirstOrThrow();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/logStart', { token, body: { id: row.id } });
      expect(res.code).toBe(1);
      expect(res.data.table).toMatchObject({ name: 'test_build', comment: 'Knowledge', empty: true });
      expect(res.data.fields).toEqual([{ name: 'id', designType: 'pk' }]);
      const missing = await call(t.app, 'POST', '/admin/crud.Crud/logStart', {
        token,
        body: { id: 999_999 },
      });
      expect(missing.code).toBe(0);
      expect(missing.msg).toBe('Record not found');
    });

    it('parseFieldData reads a core-shaped table as designed fields', async () => {
      const t = get();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/parseFieldData', {
        token,
        body: { type: 'db', table: 'test_build', connection: '' },
      });
      expect(res.code).toBe(1);
      expect(res.data.empty).toBe(true);
      const { columns } = res.data;
      expect(Object.keys(columns)).toEqual([
        'id',
        'title',
        'content',
        'status',
        'weigh',
        'update_time',
        'create_time',
      ]);
      expect(columns.id).toMatchObject({ designType: 'pk', primaryKey: true, autoIncrement: true });
      expect(columns.title).toMatchObject({
        designType: 'string',
        type: 'varchar',
        length: 100,
        defaultType: 'EMPTY STRING',
        null: false,
        table: { operator: 'LIKE' },
      });
      expect(columns.content).toMatchObject({ designType: 'editor', null: true, defaultType: 'NULL' });
      expect(columns.weigh.designType).toBe('weigh');
      expect(columns.create_time).toMatchObject({ designType: 'timestamp', table: { render: 'datetime' } });
      expect(columns.status).toMatchObject({ default: '1', defaultType: 'INPUT' });
    });

    it('parseFieldData reads a hand-made table, guessing design types from names and types', async () => {
      const t = get();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/parseFieldData', {
        token,
        body: { type: 'db', table: 'hand_made' },
      });
      expect(res.code).toBe(1);
      expect(res.data.empty).toBe(false);
      const { columns } = res.data;
      expect(columns.id).toMatchObject({ designType: 'pk', primaryKey: true });
      expect(columns.name).toMatchObject({ designType: 'string', length: 50, defaultType: 'EMPTY STRING' });
      expect(columns.price).toMatchObject({
        designType: 'number',
        type: 'decimal',
        length: 10,
        precision: 2,
      });
      expect(columns.birthday).toMatchObject({ designType: 'date', type: 'date', defaultType: 'NULL' });
      expect(columns.user_id).toMatchObject({
        designType: 'remoteSelect',
        default: '0',
        defaultType: 'INPUT',
        form: { 'remote-pk': 'id' },
      });
      expect(columns.avatar.designType).toBe('image');
      expect(columns.city).toMatchObject({ designType: 'city', default: "it's", defaultType: 'INPUT' });
    });

    it('getFileData names the module folder', async () => {
      const t = get();
      const res = await call(t.app, 'GET', '/admin/crud.Crud/getFileData', {
        token,
        query: { table: 'hand_made' },
      });
      expect(res.data).toMatchObject({ moduleDir: 'modules/hand_made', exists: false });
    });

    it('tableList lists prefixed tables with the reason a core or module table is refused', async () => {
      const t = get();
      const res = await call(t.app, 'GET', '/admin/crud.Crud/tableList', { token, lang: 'en' });
      const byName = new Map(
        res.data.list.map((row: { table: string; refused: string }) => [row.table, row.refused]),
      );
      expect(byName.get('hand_made')).toBe('');
      expect(byName.get('test_build')).toBe('');
      expect(byName.get('admin')).toMatch(/belongs to the core/);
      expect(byName.get('crud_log')).toMatch(/belongs to the core/);
      expect(byName.get('store_module')).toMatch(/installed module/);
    });

    it("tableList offers no search index's own tables (SQLite's FTS5 table and its shadows, MariaDB's trigram side table)", async () => {
      const t = get();
      const { dialect, prefix, kysely } = t.ctx.db;
      await kysely.schema
        .createTable(`${prefix}searched_note`)
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'varchar(50)')
        .execute();
      // The index a generated module's migration makes for its quick search.
      await searchIndex(kysely, { dialect, prefix }, 'searched_note', ['title']);
      const physical = (await kysely.introspection.getTables()).map((table) => table.name);
      const sideTables = {
        sqlite: ['_search', '_search_data', '_search_idx', '_search_docsize', '_search_config'],
        mysql: ['_trigram'],
        postgres: [],
      }[dialect].map((suffix) => `searched_note${suffix}`);
      // They are there in the database, as the index makes them.
      expect(physical).toEqual(expect.arrayContaining(sideTables.map((name) => `${prefix}${name}`)));

      const res = await call(t.app, 'GET', '/admin/crud.Crud/tableList', { token, lang: 'en' });
      const listed = res.data.list.map((row: { table: string }) => row.table);
      expect(listed).toContain('searched_note');
      // Neither this table's index nor the core's (the members', the administrators', the admin log's).
      expect(listed.filter((name: string) => /_(search|trigram)(_[a-z]+)?$/.test(name))).toEqual([]);
      const searched = await call(t.app, 'GET', '/admin/crud.Crud/tableList', {
        token,
        query: { quickSearch: 'searched_note' },
      });
      expect(searched.data.list.map((row: { table: string }) => row.table)).toEqual(['searched_note']);
      // Asked for by name, one is refused with the reason and nothing is designed.
      for (const table of sideTables) {
        const check = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
          token,
          lang: 'en',
          body: { table },
        });
        expect(check.code, table).toBe(0);
        expect(check.msg).toBe(
          `Table ${table} belongs to the search index of table searched_note: the CRUD generator cannot design, alter or drop it`,
        );
      }
    });
  });

  describe('refusals', () => {
    it('refuses core and module tables, and names that are not table names', async () => {
      const t = get();
      for (const [table, reason] of [
        ['admin', /belongs to the core/],
        ['crud_log', /belongs to the core/],
        ['store_module', /installed module/],
        ['Bad-Name', /lower-case letters/],
      ] as const) {
        for (const action of ['parseFieldData', 'generateCheck']) {
          const res = await call(t.app, 'POST', `/admin/crud.Crud/${action}`, {
            token,
            lang: 'en',
            body: { table },
          });
          expect(res.code, `${action} ${table}`).toBe(0);
          expect(res.msg).toMatch(reason);
        }
      }
    });

    it('refuses generation and delete to anyone but a super administrator, and everything without the rules', async () => {
      const t = get();
      const group = await createGroup(t.ctx, 'Generators', [
        'crud/crud',
        'crud/crud/index',
        'crud/crud/generate',
        'crud/crud/delete',
      ]);
      await createAdmin(t.ctx, 'generator', 'Secret123', [group]);
      const admin = (await loginAdmin(t.app, 'generator', 'Secret123')).token;
      const read = await call(t.app, 'GET', '/admin/crud.Log/index', { token: admin });
      expect(read.code).toBe(1);
      const generate = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token: admin,
        lang: 'en',
        body: { type: 'create', table: { name: 'brand_new' }, fields: [] },
      });
      expect(generate.code).toBe(0);
      expect(generate.msg).toBe('Only super administrators can generate or delete code');
      const del = await call(t.app, 'POST', '/admin/crud.Crud/delete', {
        token: admin,
        lang: 'en',
        body: { id: 1 },
      });
      expect(del.msg).toBe('Only super administrators can generate or delete code');

      await createAdmin(t.ctx, 'outsider', 'Secret123', [await createGroup(t.ctx, 'Nobody', [])]);
      const outsider = (await loginAdmin(t.app, 'outsider', 'Secret123')).token;
      for (const [method, path] of [
        ['GET', '/admin/crud.Log/index'],
        ['POST', '/admin/crud.Log/del'],
        ['GET', '/admin/crud.Crud/tableList'],
        ['POST', '/admin/crud.Crud/generateCheck'],
        ['GET', '/admin/crud.Crud/checkCrudLog'],
        ['POST', '/admin/crud.Crud/logStart'],
        ['POST', '/admin/crud.Crud/parseFieldData'],
        ['GET', '/admin/crud.Crud/getFileData'],
        ['POST', '/admin/crud.Crud/generate'],
        ['POST', '/admin/crud.Crud/delete'],
      ] as const) {
        const res = await call(t.app, method, path, {
          token: outsider,
          body: method === 'POST' ? {} : undefined,
        });
        expect(res.code, path).toBe(401);
      }
    });

    it('refuses the delete of an unknown record', async () => {
      const t = get();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', { token, body: { id: 999_999 } });
      expect(res.code).toBe(0);
      expect(res.msg).toBe('Record not found');
    });
  });
});
