/**
 * crud.Crud generate and delete through the module installer, on a scratch project (never the
 * checkout), on every configured database. The generator is replaced by a small fake here
 * (a module.json, the design and one web file per generation, a patch version more each
 * time), so what is checked is the endpoints' part: the record's statuses, the package placed
 * and installed (and replaced by a newer generation), the drop confirmation, a foreign module
 * left alone, and delete with and without dropping the table. The real generator's output is
 * checked end to end in crud-generated-module.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fakeProject, removeScratchDirs, writeFiles } from '../../support/module-project.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../../support/test-app.js';

// Only the generating functions are replaced; the rest of the entry (its constants) stays real.
vi.mock('../../../src/areas/crud/generator/index.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...(await import('../../support/fake-crud-generator.js')).FAKE_GENERATOR,
}));

const project = fakeProject();
afterAll(removeScratchDirs);

function design(name: string, fields: string[]) {
  return {
    type: 'db',
    table: { name, comment: name, quickSearchField: [], columnFields: fields, formFields: fields },
    fields: fields.map((field) => ({ name: field, designType: 'string' })),
  };
}

async function statuses(t: TestApp, table: string): Promise<string[]> {
  const rows = await t.ctx.db.kysely
    .selectFrom('crud_log')
    .select('status')
    .where('table_name', '=', table)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.status);
}

forEachDatabase(
  'CRUD generate and delete',
  (get) => {
    let token = '';
    beforeAll(async () => {
      const t = get();
      token = (await loginSuper(t)).token;
      const { prefix, kysely } = t.ctx.db;
      for (const name of ['gadget', 'widget', 'gizmo']) {
        await kysely.schema
          .createTable(`${prefix}${name}`)
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('title', 'varchar(50)')
          .addColumn('extra', 'varchar(50)')
          .execute();
        await sql`insert into ${sql.table(`${prefix}${name}`)} (id, title, extra) values (1, 'a', 'x'), (2, 'b', null)`.execute(
          kysely,
        );
      }
    });

    it('generates, installs and records the module; a newer generation replaces it', async () => {
      const t = get();
      const first = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design('gadget', ['id', 'title', 'extra']),
      });
      expect(first.code, first.msg).toBe(1);
      expect(first.data).toMatchObject({
        info: { uid: 'gadget', version: '1.0.0' },
        state: 1,
        needRebuild: true,
      });
      expect(readFileSync(join(project, 'apps/web/src/modules/gadget/index.ts'), 'utf8')).toContain('1.0.0');
      expect(await statuses(t, 'gadget')).toEqual(['success']);

      const second = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design('gadget', ['id', 'title', 'extra']),
      });
      expect(second.data.info.version).toBe('1.0.1');
      expect(readFileSync(join(project, 'apps/web/src/modules/gadget/index.ts'), 'utf8')).toContain('1.0.1');
      expect(await statuses(t, 'gadget')).toEqual(['success', 'success']);
    });

    it('asks to confirm each dropped column holding data, naming its rows', async () => {
      const t = get();
      const refused = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        lang: 'en',
        body: design('gadget', ['id', 'title']),
      });
      expect(refused.code).toBe(0);
      expect(refused.msg).toContain('extra (1)');
      expect(refused.data).toEqual({ confirmDrop: [{ field: 'extra', rows: 1 }] });
      // Nothing was generated, so nothing was recorded.
      expect(await statuses(t, 'gadget')).toEqual(['success', 'success']);

      const confirmed = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: { ...design('gadget', ['id', 'title']), confirmDrop: ['extra'] },
      });
      expect(confirmed.code, confirmed.msg).toBe(1);
      expect(confirmed.data.info.version).toBe('1.0.2');
    });

    it('never replaces or removes a module the generator did not write', async () => {
      const t = get();
      writeFiles(project, {
        'modules/widget/module.json': JSON.stringify({
          uid: 'widget',
          title: 'Hand-written',
          intro: '',
          author: '',
          website: '',
          version: '1.0.0',
          category: '',
        }),
      });
      const res = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        lang: 'en',
        body: design('widget', ['id', 'title']),
      });
      expect(res.code).toBe(0);
      expect(res.msg).toBe(
        'modules/widget was not made by the CRUD generator: it is neither replaced nor removed',
      );
      const check = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        lang: 'en',
        body: { table: 'widget' },
      });
      expect(check.code).toBe(0);
      expect(check.msg).toBe(res.msg);
    });

    it('never takes the uid of a module or built-in area the app knows', async () => {
      const t = get();
      const bodies = { generateCheck: { table: 'members' }, generate: design('members', ['id']) };
      for (const [action, body] of Object.entries(bodies)) {
        const res = await call(t.app, 'POST', `/admin/crud.Crud/${action}`, { token, lang: 'en', body });
        expect(res.code, action).toBe(0);
        expect(res.msg).toBe('A module named members already exists: the CRUD generator cannot replace it');
      }
    });

    it('delete removes the module and keeps the table', async () => {
      const t = get();
      const log = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', 'gadget')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', { token, body: { id: log.id } });
      expect(res.code, res.msg).toBe(1);
      expect(existsSync(join(project, 'modules/gadget'))).toBe(false);
      expect(existsSync(join(project, 'apps/web/src/modules/gadget'))).toBe(false);
      const check = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        body: { table: 'gadget' },
      });
      expect(check.data).toEqual({ table: true, controller: false });
      expect((await statuses(t, 'gadget')).at(-1)).toBe('delete');
    });

    it('generates a table again right after its module was deleted by the server that ran it', async () => {
      const t = get();
      const first = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design('gizmo', ['id', 'title', 'extra']),
      });
      expect(first.code, first.msg).toBe(1);
      // The restart after the install loads the module, which makes its table known to the process.
      t.ctx.db.addTables(['gizmo']);
      const log = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', 'gizmo')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const deleted = await call(t.app, 'POST', '/admin/crud.Crud/delete', { token, body: { id: log.id } });
      expect(deleted.code, deleted.msg).toBe(1);

      const listed = await call(t.app, 'GET', '/admin/crud.Crud/tableList', {
        token,
        query: { quickSearch: 'gizmo' },
      });
      expect(listed.data.list).toMatchObject([{ table: 'gizmo', refused: '' }]);
      const check = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        lang: 'en',
        body: { table: 'gizmo' },
      });
      expect(check.msg).toBe('');
      expect(check.data).toEqual({ table: true, controller: false });
      const again = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        lang: 'en',
        body: design('gizmo', ['id', 'title', 'extra']),
      });
      expect(again.code, again.msg).toBe(1);
      expect(existsSync(join(project, 'modules/gizmo'))).toBe(true);
      // The delete marked the first record; the generation again added its own.
      expect(await statuses(t, 'gizmo')).toEqual(['delete', 'success']);
    });

    it('delete with dropTable drops the table', async () => {
      const t = get();
      await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design('gadget', ['id', 'title']),
      });
      const log = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', 'gadget')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', {
        token,
        body: { id: log.id, dropTable: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      const check = await call(t.app, 'POST', '/admin/crud.Crud/generateCheck', {
        token,
        body: { table: 'gadget' },
      });
      expect(check.code).toBe(1);
    });
  },
  { projectDir: project },
);
