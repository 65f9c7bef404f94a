/**
 * Data security for a generated screen, on a scratch project and every configured database:
 * once the generated module runs, its controller is offered to data-recycle and
 * sensitive-data rules and its table and fields to their forms; a recycle rule on it files a
 * deleted row in the recycle log and a restore puts it back; a sensitive rule on a field logs
 * an edit and a rollback undoes it. As for any module that declares its tables.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../support/databases.js';
import { removeScratchDirs } from '../../support/module-project.js';
import { call, type TestApp } from '../../support/test-app.js';
import { generateAndServe, generatorProject } from './generated-app.js';
import { everyTypeDesign, everyTypeRow } from './generator/every-type-design.js';

const UID = 'crud_guarded';
const CONTROLLER = '/admin/crud.Guarded';
/** As the rule forms offer and store it. */
const RULE_CONTROLLER = 'crud/Guarded';

/** The generated code's wire, answered from the scratch project's copy (generated-app.ts). */
const wire = vi.hoisted(() => ({ file: '' }));
vi.mock('@portico/shared/modules/crud_guarded', () => import(/* @vite-ignore */ wire.file));

afterAll(removeScratchDirs);

for (const { dialect } of testDatabases()) {
  describe(`data security on a generated screen [${dialect}]`, () => {
    const project = generatorProject();
    let first: TestApp | undefined;
    let served: TestApp | undefined;
    let token = '';
    const t = () => {
      if (!served) throw new Error('the generated module is not served');
      return served;
    };
    const get = (path: string, query: Record<string, string> = {}) =>
      call(t().app, 'GET', path, { token, query });
    const post = (path: string, body: unknown) => call(t().app, 'POST', path, { token, body });

    async function addRow(title: string): Promise<number> {
      const added = await post(`${CONTROLLER}/add`, everyTypeRow(title, 1, 3));
      expect(added.code, added.msg).toBe(1);
      const found = await get(`${CONTROLLER}/index`, { quickSearch: title });
      const row = (found.data.list as { id: number; title: string }[]).find((r) => r.title === title);
      if (!row) throw new Error(`row ${title} not listed`);
      return row.id;
    }
    /** The stored password column, read past the resource. */
    async function storedSecret(id: number): Promise<string> {
      const { rows } = await sql<{ secret: string }>`select secret from ${sql.table(
        `${t().ctx.db.prefix}${UID}`,
      )} where id = ${id}`.execute(t().ctx.db.kysely);
      return String(rows[0]?.secret);
    }
    const titleOf = async (id: number) =>
      (
        (await get(`${CONTROLLER}/index`, { limit: '100' })).data.list as { id: number; title: string }[]
      ).find((row) => row.id === id)?.title;

    beforeAll(async () => {
      ({ first, served, token } = await generateAndServe(dialect, project, everyTypeDesign(UID), UID, wire));
    });
    afterAll(async () => {
      await served?.close();
      await first?.close();
    });

    it('offers its controller to both rule forms, and its table, key and fields to choose', async () => {
      for (const rules of ['security.DataRecycle', 'security.SensitiveData']) {
        const add = await get(`/admin/${rules}/add`);
        expect(Object.keys(add.data.controllers), rules).toContain(RULE_CONTROLLER);
        const index = await get(`/admin/${rules}/index`);
        expect(index.data.controllers, rules).toContainEqual(
          expect.objectContaining({ value: RULE_CONTROLLER, table: UID }),
        );
      }
      const tables = await get('/admin/ajax/getTableList');
      expect(tables.data.list.map((row: { table: string }) => row.table)).toContain(UID);
      expect((await get('/admin/ajax/getTablePk', { table: UID })).data).toEqual({ pk: 'id' });
      const fields = await get('/admin/ajax/getTableFieldList', { table: UID });
      expect(Object.keys(fields.data.fieldList)).toEqual(expect.arrayContaining(['id', 'title', 'stock']));
    });

    it('a recycle rule on it files a deleted row in the recycle log, and a restore puts it back', async () => {
      const rule = await post('/admin/security.DataRecycle/add', {
        name: 'Guarded rows',
        controller: RULE_CONTROLLER,
        data_table: UID,
        primary_key: 'id',
      });
      expect(rule.code, rule.msg).toBe(1);
      const id = await addRow('recycled row');
      const deleted = await post(`${CONTROLLER}/del`, { ids: [id] });
      expect(deleted.code, deleted.msg).toBe(1);
      expect(await titleOf(id)).toBeUndefined();

      const log = await get('/admin/security.DataRecycleLog/index');
      const entry = (
        log.data.list as { id: number; data_table: string; data: string; rule_name: string }[]
      ).find((e) => e.data_table === UID);
      expect(entry).toMatchObject({ rule_name: 'Guarded rows' });
      expect(JSON.parse(entry?.data ?? '{}')).toMatchObject({ id, title: 'recycled row', stock: 3 });
      // The password field is not named like one: its hash is known by its form, and masked.
      expect(JSON.parse(entry?.data ?? '{}').secret).toBe('******');
      const detail = await get('/admin/security.DataRecycleLog/info', { id: String(entry?.id) });
      expect(JSON.stringify(detail.data)).not.toContain('$argon2');

      const restored = await post('/admin/security.DataRecycleLog/restore', { ids: [entry?.id] });
      expect(restored).toMatchObject({ code: 1, msg: 'Restored 1 records' });
      expect(await titleOf(id)).toBe('recycled row');
    });

    it('a sensitive rule on a field logs its edit, and a rollback restores the value', async () => {
      const rule = await post('/admin/security.SensitiveData/add', {
        name: 'Guarded titles',
        controller: RULE_CONTROLLER,
        data_table: UID,
        primary_key: 'id',
        fields: [{ name: 'title', value: 'Title' }],
      });
      expect(rule.code, rule.msg).toBe(1);
      const id = await addRow('first title');
      const edited = await post(`${CONTROLLER}/edit`, {
        ...everyTypeRow('second title', 1, 3),
        id,
        secret: '',
      });
      expect(edited.code, edited.msg).toBe(1);
      expect(await titleOf(id)).toBe('second title');

      const log = await get('/admin/security.SensitiveDataLog/index');
      const entries = (
        log.data.list as {
          id: number;
          data_table: string;
          data_field: string;
          before: string;
          after: string;
        }[]
      ).filter((e) => e.data_table === UID);
      expect(entries).toEqual([
        expect.objectContaining({ data_field: 'title', before: 'first title', after: 'second title' }),
      ]);

      const rolledBack = await post('/admin/security.SensitiveDataLog/rollback', { ids: [entries[0]?.id] });
      expect(rolledBack).toMatchObject({ code: 1, msg: 'Rolled back 1 records' });
      expect(await titleOf(id)).toBe('first title');
    });

    it('a sensitive rule on its password field never shows the hashes, and a rollback restores the old one', async () => {
      // One rule per controller: the titles' rule (the test before) watches the password too.
      const rules = await get('/admin/security.SensitiveData/index');
      const titles = (rules.data.list as { id: number; name: string }[]).find(
        (r) => r.name === 'Guarded titles',
      );
      const rule = await post('/admin/security.SensitiveData/edit', {
        id: titles?.id,
        name: 'Guarded titles',
        controller: RULE_CONTROLLER,
        data_table: UID,
        primary_key: 'id',
        fields: [
          { name: 'title', value: 'Title' },
          { name: 'secret', value: 'Secret' },
        ],
      });
      expect(rule.code, rule.msg).toBe(1);
      const id = await addRow('secret row');
      const before = await storedSecret(id);
      const edited = await post(`${CONTROLLER}/edit`, {
        ...everyTypeRow('secret row', 1, 3),
        id,
        secret: 'new-one',
      });
      expect(edited.code, edited.msg).toBe(1);
      expect(await storedSecret(id)).not.toBe(before);

      const log = await get('/admin/security.SensitiveDataLog/index');
      const entries = (log.data.list as { id: number; data_field: string }[]).filter(
        (e) => e.data_field === 'secret',
      );
      expect(entries).toEqual([expect.objectContaining({ before: '******', after: '******' })]);
      const detail = await get('/admin/security.SensitiveDataLog/info', { id: String(entries[0]?.id) });
      expect(JSON.stringify(detail.data)).not.toContain('$argon2');

      const rolledBack = await post('/admin/security.SensitiveDataLog/rollback', { ids: [entries[0]?.id] });
      expect(rolledBack).toMatchObject({ code: 1, msg: 'Rolled back 1 records' });
      expect(await storedSecret(id)).toBe(before);
    });
  });
}
