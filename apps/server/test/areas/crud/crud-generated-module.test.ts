/**
 * The CRUD generator end to end, on a scratch project (never the checkout) and every configured
 * database: crud.Crud/generate (the real generator, a super administrator) writes and installs
 * the module of a design with every design type; a server started again with that module (as
 * the restart after an install does) serves its list, form, search, sort, export, import,
 * weigh-sort and delete, documents its routes and shows its menu rules. A design change keeps
 * the rows of the columns it keeps; the refusals hold; deleting the code keeps the table
 * unless asked to drop it, when its rows go to the recycle log (restored once the table is
 * generated again), a table too large for that refused before anything changes.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { adminUrl } from '@portico/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DROPPED_ROWS_LIMIT } from '../../../src/areas/crud/drop-table.js';
import { readPackageInfo, safeUnzip, UPLOAD_LIMITS } from '../../../src/features/module/package/index.js';
import { testDatabases } from '../../support/databases.js';
import { createMember } from '../../support/member.js';
import { removeScratchDirs, scratchDir } from '../../support/module-project.js';
import { multipart } from '../../support/multipart.js';
import { parseCsv } from '../../support/spreadsheets.js';
import {
  call,
  createAdmin,
  createGroup,
  loginAdmin,
  loginSuper,
  startTestApp,
  type TestApp,
} from '../../support/test-app.js';
import { generatorProject, loadGenerated, restartWith } from './generated-app.js';
import { changedDesignBody, everyTypeDesign, everyTypeRow, HOSTILE } from './generator/every-type-design.js';

const UID = 'crud_every';
const CONTROLLER = '/admin/crud.Every';
const SERVER_DIR = `apps/server/src/modules/${UID}`;
const SHARED_FILE = `packages/shared/src/modules/${UID}/index.ts`;

/** The generated code's wire, answered from the scratch project's copy (generated-app.ts). */
const wire = vi.hoisted(() => ({ file: '' }));
vi.mock('@portico/shared/modules/crud_every', () => import(/* @vite-ignore */ wire.file));

afterAll(removeScratchDirs);

async function crudLog(t: TestApp) {
  return t.ctx.db.kysely
    .selectFrom('crud_log')
    .select(['id', 'status'])
    .where('table_name', '=', UID)
    .orderBy('id')
    .execute();
}

/** The row-count slots, id blocks and (PostgreSQL) counting functions kept for the table. */
async function countsKept(t: TestApp) {
  const { kysely, dialect, prefix } = t.ctx.db;
  const kept = async (table: 'row_count' | 'id_block') =>
    (await kysely.selectFrom(table).select('table_name').where('table_name', '=', UID).execute()).length;
  // PostgreSQL keeps a trigger's function when its table is dropped; the others' triggers go with it.
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select proname as name from pg_proc
          where proname in (${`${prefix}${UID}_count`}, ${`${prefix}${UID}_block`})`.execute(kysely)
      : { rows: [] };
  return {
    slots: await kept('row_count'),
    blocks: await kept('id_block'),
    functions: rows.map((row) => row.name),
  };
}

const QUOTED = `It's "quoted" \`tick\` -- ; drop table x`;

type MenuNode = { name: string; title: string; type?: string; children?: MenuNode[] };
const flat = (menus: MenuNode[]): MenuNode[] => menus.flatMap((m) => [m, ...flat(m.children ?? [])]);

async function rowCount(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    `${t.ctx.db.prefix}${UID}`,
  )}`.execute(t.ctx.db.kysely);
  return Number(rows[0]?.n);
}

for (const { dialect } of testDatabases()) {
  describe(`a generated module end to end [${dialect}]`, () => {
    const project = generatorProject();
    let first: TestApp;
    /** The server started again with the latest generation. */
    let served: TestApp | undefined;
    let token = '';

    async function serveLatest(): Promise<TestApp> {
      await served?.close();
      served = await restartWith(first, [await loadGenerated(project, UID, wire)]);
      return served;
    }
    const current = () => {
      if (!served) throw new Error('the generated module is not served yet');
      return served;
    };
    const generate = (t: TestApp, body: unknown, lang: 'en' | 'zh-cn' = 'en') =>
      call(t.app, 'POST', '/admin/crud.Crud/generate', { token, lang, body });
    const list = (query: Record<string, string> = {}) =>
      call(current().app, 'GET', `${CONTROLLER}/index`, { token, query: { limit: '100', ...query } });
    const titles = async (query: Record<string, string>) =>
      ((await list(query)).data.list as { title: string }[]).map((row) => row.title);

    beforeAll(async () => {
      first = await startTestApp(dialect, { projectDir: project });
      token = (await loginSuper(first)).token;
    });
    afterAll(async () => {
      await served?.close();
      await first?.close();
    });

    it('generates, writes and installs the module of a design with every design type', async () => {
      const res = await generate(first, everyTypeDesign(UID));
      expect(res.code, res.msg).toBe(1);
      expect(res.data).toMatchObject({ info: { uid: UID, version: '1.0.0' }, state: 1 });
      for (const file of ['module.json', 'crud-design.json', `${SERVER_DIR}/resource.ts`, SHARED_FILE]) {
        expect(existsSync(join(project, 'modules', UID, file)), file).toBe(true);
      }
      // Installed: the mirror folders copied into the project.
      expect(existsSync(join(project, SERVER_DIR, 'index.ts'))).toBe(true);
      expect(existsSync(join(project, `apps/web/src/modules/${UID}/index.ts`))).toBe(true);
      expect((await crudLog(first)).map((row) => row.status)).toEqual(['success']);
      const logged = await first.ctx.db.kysely
        .selectFrom('admin_log')
        .select('title')
        .where('url', 'like', '%crud.Crud/generate')
        .execute();
      expect(logged.map((row) => row.title)).toEqual(['CRUD code generate']);
    });

    it('serves add, edit, list, quick search, filters, sort, weigh-sort, export, import and del', async () => {
      const t = await serveLatest();
      for (const [title, weigh, stock] of [
        [QUOTED, 1, 3],
        ['plain second', 2, 8],
        ['third row', 3, 20],
      ] as const) {
        const added = await call(t.app, 'POST', `${CONTROLLER}/add`, {
          token,
          body: everyTypeRow(title, weigh, stock),
        });
        expect(added.code, added.msg).toBe(1);
      }
      const all = await list();
      expect(all.data.total).toBe(3);
      // The default order: weigh descending.
      expect(all.data.list.map((row: { title: string }) => row.title)).toEqual([
        'third row',
        'plain second',
        QUOTED,
      ]);
      const quoted = all.data.list[2];
      expect(quoted).toMatchObject({
        status: 1,
        remark: 'a remark',
        weigh: 1,
        member_id: 1,
        title: QUOTED,
        kind: 'opt1',
        flags: 'opt0,opt1',
        category: 'opt1',
        visible: 0,
        body: '<p>Rich <b>text</b></p>',
        stock: 3,
        day: '2024-05-06',
        clock: '08:30:00',
        published_at: '2024-05-06 08:30:00',
        made_year: 2024,
        specs: JSON.stringify([{ key: 'size', value: 'L' }]),
        region: 'Shanghai',
        tint: '#ff0000',
        gallery: '/storage/a.png,/storage/b.png',
        documents: '/storage/a.pdf',
        tags: 'opt0,opt1',
        editor_ids: '1,2',
      });
      expect(Number(quoted.price)).toBe(12.5);
      expect(quoted.expire_time).toBeGreaterThan(1_700_000_000);
      expect(quoted.create_time).toBeGreaterThan(1_700_000_000);
      // A password is never sent back.
      expect(quoted).not.toHaveProperty('secret');

      const edited = await call(t.app, 'POST', `${CONTROLLER}/edit`, {
        token,
        body: { ...everyTypeRow(`${QUOTED} edited`, 1, 4), id: quoted.id, secret: '' },
      });
      expect(edited.code, edited.msg).toBe(1);
      const form = await call(t.app, 'GET', `${CONTROLLER}/edit`, {
        token,
        query: { id: String(quoted.id) },
      });
      expect(form.data.row).toMatchObject({ title: `${QUOTED} edited`, stock: 4 });

      expect(await titles({ quickSearch: 'edited' })).toEqual([`${QUOTED} edited`]);
      expect(
        await titles({
          'search[0][field]': 'title',
          'search[0][val]': '"quoted" `tick`',
          'search[0][operator]': 'LIKE',
        }),
      ).toEqual([`${QUOTED} edited`]);
      expect(
        await titles({
          'search[0][field]': 'stock',
          'search[0][val]': '4,10',
          'search[0][operator]': 'RANGE',
        }),
      ).toEqual(['plain second', `${QUOTED} edited`]);
      expect(await titles({ order: 'stock,asc' })).toEqual([`${QUOTED} edited`, 'plain second', 'third row']);

      const ids = Object.fromEntries(
        ((await list()).data.list as { id: number; title: string }[]).map((row) => [row.title, row.id]),
      );
      const sorted = await call(t.app, 'POST', `${CONTROLLER}/sortable`, {
        token,
        body: { id: ids['third row'], targetId: ids['plain second'] },
      });
      expect(sorted.code, sorted.msg).toBe(1);
      expect(await titles({})).toEqual(['plain second', 'third row', `${QUOTED} edited`]);

      const exported = await t.app.inject({
        method: 'GET',
        url: `${CONTROLLER}/export`,
        query: {
          format: 'csv',
          order: 'id,asc',
          columns: JSON.stringify([
            { prop: 'id', title: 'ID' },
            { prop: 'title', title: 'Title' },
            { prop: 'stock', title: 'Stock' },
          ]),
        },
        headers: { batoken: token, 'think-lang': 'en', server: 'true' },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(parseCsv(exported.body)).toEqual([
        ['ID', 'Title', 'Stock'],
        [String(ids[`${QUOTED} edited`]), `${QUOTED} edited`, '4'],
        [String(ids['plain second']), 'plain second', '8'],
        [String(ids['third row']), 'third row', '20'],
      ]);

      const file = `title,stock,kind\r\n"imported ""one""",5,opt0\r\nimported two,6,opt1\r\n`;
      const { payload, headers } = multipart(
        { name: 'rows.csv', type: 'text/csv', bytes: Buffer.from(file) },
        { mapping: JSON.stringify(['title', 'stock', 'kind']) },
      );
      const imported = await t.app
        .inject({
          method: 'POST',
          url: `${CONTROLLER}/import`,
          payload,
          headers: { ...headers, batoken: token, server: 'true', 'think-lang': 'en' },
        })
        .then((response) => response.json());
      expect(imported.code, imported.msg).toBe(1);
      expect(await titles({ quickSearch: 'imported', order: 'id,asc' })).toEqual([
        'imported "one"',
        'imported two',
      ]);
      // Rows added without a weigh take their id as the original's do, so two of them still
      // drag-sort (two blank weights would be refused as equal).
      const unweighed = (await list({ quickSearch: 'imported', order: 'id,asc' })).data.list as {
        id: number;
        weigh: number | null;
      }[];
      expect(unweighed.map((row) => row.weigh)).toEqual(unweighed.map((row) => row.id));
      const [one, two] = unweighed;
      const swapped = await call(t.app, 'POST', `${CONTROLLER}/sortable`, {
        token,
        body: { id: one?.id, targetId: two?.id },
      });
      expect(swapped.code, swapped.msg).toBe(1);
      expect(await titles({ quickSearch: 'imported' })).toEqual(['imported "one"', 'imported two']);

      const deleted = await call(t.app, 'POST', `${CONTROLLER}/del`, {
        token,
        body: { ids: [ids['third row']] },
      });
      expect(deleted.code, deleted.msg).toBe(1);
      expect((await list()).data.total).toBe(4);
    });

    it("its form's rich-text field is the form's editor input (an editor module's, else 'Please install editor')", () => {
      // FormItem type="editor" is what an editor module replaces (apps/web/test/module-form-input
      // and modules/editor/test show both sides).
      const view = readFileSync(join(project, `apps/web/src/modules/${UID}/views/index.tsx`), 'utf8');
      expect(view).toMatch(/<FormItem\s+type="editor"\s+name="body"/);
    });

    it("its form's remote select reads the remote table at the url the control calls, and searches it as typed", async () => {
      const t = current();
      const alice = await createMember(t.ctx, 'alice_remote', 'Secret123');
      const bob = await createMember(t.ctx, 'bob_remote', 'Secret123');
      // The installed list page's remote select for member_id: its url, value and label fields.
      const view = readFileSync(join(project, `apps/web/src/modules/${UID}/views/index.tsx`), 'utf8');
      const remote =
        /name=["']member_id["'][\s\S]*?adminUrl\(\s*['"]([^'"]+)['"]\s*(?:,\s*['"]([^'"]*)['"]\s*)?\),\s*pk:\s*['"]([^'"]+)['"],\s*field:\s*['"]([^'"]+)['"]/.exec(
          view,
        );
      expect(remote, 'the remote select and its url').not.toBeNull();
      const [, controller = '', action = '', pk = '', field = ''] = remote ?? [];
      // As RemoteSelect asks (remote-select.tsx): the value's label first, then each typed keyword.
      const ask = async (query: Record<string, string>) => {
        const res = await call(t.app, 'GET', adminUrl(controller, action), {
          token,
          query: { select: '1', ...query },
        });
        expect(res.code, res.msg).toBe(1);
        return (res.data.list as Record<string, unknown>[]).map((row) => [row[pk], row[field]]);
      };
      expect(await ask({ initKey: pk, initValue: String(alice) })).toEqual([[alice, 'alice_remote']]);
      expect(await ask({ quickSearch: 'bob_rem', page: '1' })).toEqual([[bob, 'bob_remote']]);

      // The list shows each row's member by its shown fields (relation-fields), nested as the
      // original's rows are, none for a member that does not exist, and filters on them.
      const [chosen] = (await list({ order: 'id,asc' })).data.list as { id: number }[];
      const edited = await call(t.app, 'POST', `${CONTROLLER}/edit`, {
        token,
        body: { ...everyTypeRow('with bob', 1, 4), id: chosen?.id, member_id: bob, secret: '' },
      });
      expect(edited.code, edited.msg).toBe(1);
      const names = new Map([
        [alice, 'alice_remote'],
        [bob, 'bob_remote'],
      ]);
      const shown = (await list({ order: 'id,asc' })).data.list as { member_id: number; member: unknown }[];
      expect(shown.map((row) => row.member)).toEqual(
        shown.map((row) => {
          const name = names.get(row.member_id);
          return name ? { nickname: name, username: name } : null;
        }),
      );
      expect(shown.filter((row) => row.member === null)).not.toEqual([]);
      expect(
        await titles({
          'search[0][field]': 'member.nickname',
          'search[0][val]': 'bob_rem',
          'search[0][operator]': 'LIKE',
        }),
      ).toEqual(['with bob']);
    });

    it('documents its routes and puts its menu rules in the super administrator’s menus in both languages', async () => {
      const t = current();
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const action of ['index', 'add', 'edit', 'del', 'sortable', 'export', 'import']) {
        expect(Object.keys(document.paths[`${CONTROLLER}/${action}`] ?? {}), action).not.toEqual([]);
      }
      expect(document.paths[`${CONTROLLER}/index`].get['x-permission']).toBe('crud/every/index');

      // The comment as the menu title, cut to the rule title's 50 characters.
      const comment = Array.from(`Every type ${HOSTILE}`).slice(0, 50).join('').trim();
      for (const [lang, view] of [
        ['en', 'View'],
        ['zh-cn', '查看'],
      ] as const) {
        const menus = flat((await call(t.app, 'GET', '/admin/index/index', { token, lang })).data.menus);
        expect(menus.find((m) => m.name === 'crud')?.type).toBe('menu_dir');
        expect(menus.find((m) => m.name === 'crud/every')).toMatchObject({ type: 'menu', title: comment });
        const rules = flat((await call(t.app, 'GET', '/admin/auth.Rule/index', { token, lang })).data.list);
        const buttons = rules.filter((rule) => rule.name.startsWith('crud/every/'));
        expect(buttons.map((rule) => rule.name).sort()).toEqual(
          ['add', 'del', 'edit', 'export', 'import', 'index', 'sortable'].map((a) => `crud/every/${a}`),
        );
        expect(buttons.find((rule) => rule.name === 'crud/every/index')?.title).toBe(view);
      }
    });

    it('downloads its package from the CRUD record: every file of the module, as the installer reads it', async () => {
      const id = (await crudLog(first)).at(-1)?.id;
      const response = await first.app.inject({
        method: 'GET',
        url: `/admin/crud.Crud/download?id=${id}`,
        headers: { batoken: token, server: 'true' },
      });
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${UID}-1.0.0.zip"`);
      const dir = scratchDir();
      writeFileSync(join(dir, 'package.zip'), response.rawPayload);
      const unpacked = await safeUnzip(join(dir, 'package.zip'), join(dir, 'package'), UPLOAD_LIMITS);
      // The module's folder less the installer's own records (which never come from a package).
      const folder = join(project, 'modules', UID);
      const files = (readdirSync(folder, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => relative(folder, join(entry.parentPath, entry.name)));
      expect(unpacked.sort()).toEqual(files.sort());
      expect(files).toEqual(
        expect.arrayContaining([`${SERVER_DIR}/migrations/m0001.ts`, SHARED_FILE, 'tsconfig.json']),
      );
      expect(await readPackageInfo(join(dir, 'package.zip'), join(dir, 'work'))).toMatchObject({
        uid: UID,
        version: '1.0.0',
      });
    });

    it('a design change adds, renames, changes and drops columns keeping the rows, the drop confirmed first', async () => {
      const before = (await list({ order: 'id,asc' })).data.list as Record<string, unknown>[];
      const logged = (await crudLog(first)).length;
      const refused = await generate(current(), changedDesignBody());
      expect(refused.code).toBe(0);
      expect(refused.msg).toContain('summary (4)');
      expect(refused.data).toEqual({ confirmDrop: [{ field: 'summary', rows: 4 }] });
      expect(await crudLog(first)).toHaveLength(logged);

      const confirmed = await generate(current(), { ...changedDesignBody(), confirmDrop: ['summary'] });
      expect(confirmed.code, confirmed.msg).toBe(1);
      expect(confirmed.data.info.version).toBe('1.0.1');
      expect(existsSync(join(project, 'modules', UID, SERVER_DIR, 'migrations/m0002.ts'))).toBe(true);

      await serveLatest();
      const after = (await list({ order: 'id,asc' })).data.list as Record<string, unknown>[];
      expect(after).toEqual(
        before.map(({ summary: _dropped, region, clock, ...kept }) => ({
          ...kept,
          area: region,
          clock_at: clock,
          subtitle: '',
        })),
      );
    });

    it('generates code showing a hostile comment literally', async () => {
      const generated = join(project, 'modules', UID);
      expect(JSON.parse(readFileSync(join(generated, 'module.json'), 'utf8')).intro).toBe(
        `Every type ${HOSTILE}`,
      );
      for (const lang of ['en', 'zh-cn']) {
        // The installed copy (the package's own tsconfig extends the web app's, not in this project).
        const pack = (
          await import(/* @vite-ignore */ join(project, `apps/web/src/modules/${UID}/lang/${lang}.ts`))
        ).default[UID];
        expect(pack.Table, lang).toBe(`Every type ${HOSTILE}`);
        expect(pack.title, lang).toBe(`Title ${HOSTILE}`);
      }
      // The code itself holds the comment only inside string literals: no comment is closed
      // early, no placeholder or script runs (the server above was built from it).
      const index = readFileSync(join(generated, SERVER_DIR, 'index.ts'), 'utf8');
      expect(index).not.toContain('${process');
    });

    it('refuses a reserved word as a table or field name, a core table, and a non-super administrator', async () => {
      const t = current();
      const reservedTable = await generate(t, everyTypeDesign('select'));
      expect(reservedTable).toMatchObject({
        code: 0,
        msg: 'The name select is a reserved word of a database or of JavaScript; choose another',
      });
      const body = everyTypeDesign('crud_words');
      const remark = body.fields.find((field) => field.name === 'remark');
      if (remark) remark.name = 'order';
      const reservedField = await generate(t, body);
      expect(reservedField).toMatchObject({
        code: 0,
        msg: 'The name order is a reserved word of a database or of JavaScript; choose another',
      });
      const core = await generate(t, everyTypeDesign('admin'));
      expect(core).toMatchObject({
        code: 0,
        msg: 'Table admin belongs to the core: the CRUD generator cannot design, alter or drop it',
      });

      const group = await createGroup(t.ctx, 'CRUD designers', [
        'crud/crud',
        'crud/crud/index',
        'crud/crud/generate',
        'crud/crud/delete',
      ]);
      await createAdmin(t.ctx, 'designer', 'Designer-pass-1', [group]);
      const designer = await loginAdmin(t.app, 'designer', 'Designer-pass-1');
      const notSuper = await call(t.app, 'POST', '/admin/crud.Crud/generate', {
        token: designer.token,
        body: everyTypeDesign('crud_other'),
      });
      expect(notSuper).toMatchObject({
        code: 0,
        msg: 'Only super administrators can generate or delete code',
      });

      for (const uid of ['select', 'crud_words', 'crud_other']) {
        expect(existsSync(join(project, 'modules', uid)), uid).toBe(false);
      }
      const records = await t.ctx.db.kysely
        .selectFrom('crud_log')
        .select('table_name')
        .where('table_name', 'in', ['select', 'crud_words', 'admin', 'crud_other'])
        .execute();
      expect(records).toEqual([]);
    });

    it('delete without dropTable removes the code and keeps the table and its rows', async () => {
      const t = current();
      const rows = await rowCount(t);
      expect(rows).toBe(4);
      const log = (await crudLog(t)).at(-1);
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', { token, body: { id: log?.id } });
      expect(res.code, res.msg).toBe(1);
      // It was running: its routes and page leave with the restart and rebuild disabling asks for.
      expect(res.data).toMatchObject({ needRestart: true, needRebuild: true });
      expect(existsSync(join(project, 'modules', UID))).toBe(false);
      expect(existsSync(join(project, SERVER_DIR))).toBe(false);
      expect(await rowCount(t)).toBe(rows);
      const rules = await t.ctx.db.kysely
        .selectFrom('admin_rule')
        .select('name')
        .where('name', 'like', 'crud/every%')
        .execute();
      expect(rules).toEqual([]);
    });

    it('delete with dropTable drops the table', async () => {
      // A server that has not loaded the deleted module (the one that served it may generate it
      // again too: crud-generate.test.ts).
      const t = first;
      const again = await generate(t, changedDesignBody());
      expect(again.code, again.msg).toBe(1);
      // Its migration counts its rows (the SDK's largeTableCounts).
      expect((await countsKept(t)).slots).toBeGreaterThan(0);
      const log = (await crudLog(t)).at(-1);
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', {
        token,
        body: { id: log?.id, dropTable: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      expect(existsSync(join(project, 'modules', UID))).toBe(false);
      const tables = await t.ctx.db.kysely.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain(`${t.ctx.db.prefix}${UID}`);
      // Nor its search index's tables (SQLite's FTS table, MySQL's trigram side table).
      expect(
        tables.map((table) => table.name).filter((name) => name.startsWith(`${t.ctx.db.prefix}${UID}_`)),
      ).toEqual([]);
      // Nor its counts: a table generated again under its name starts from its own rows.
      expect(await countsKept(t)).toEqual({ slots: 0, blocks: 0, functions: [] });
    });

    it("delete with dropTable files the dropped table's rows in the recycle log; a restore puts them back once the table is generated again", async () => {
      // Generated again and served, as on a site: the server running the module is the one
      // asked to delete its code and drop its table.
      const again = await generate(first, everyTypeDesign(UID));
      expect(again.code, again.msg).toBe(1);
      const t = await serveLatest();
      for (const [title, weigh] of [
        ['dropped one', 1],
        ['dropped two', 2],
      ] as const) {
        const added = await call(t.app, 'POST', `${CONTROLLER}/add`, {
          token,
          body: everyTypeRow(title, weigh, 7),
        });
        expect(added.code, added.msg).toBe(1);
      }
      const rows = (await list({ order: 'id,asc' })).data.list as { id: number; title: string }[];
      expect(rows.map((row) => row.title)).toEqual(['dropped one', 'dropped two']);

      const recycleLog = async () => {
        const res = await call(t.app, 'GET', '/admin/security.DataRecycleLog/index', {
          token,
          query: { limit: '100' },
        });
        expect(res.code, res.msg).toBe(1);
        return res.data.list as { id: number; data_table: string; data: string }[];
      };
      const earlier = new Set((await recycleLog()).map((entry) => entry.id));
      const log = (await crudLog(t)).at(-1);
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', {
        token,
        body: { id: log?.id, dropTable: 1 },
      });
      expect(res.code, res.msg).toBe(1);
      const tables = await t.ctx.db.kysely.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain(`${t.ctx.db.prefix}${UID}`);

      // The recycle log lists each dropped row whole.
      const entries = (await recycleLog()).filter((entry) => !earlier.has(entry.id));
      expect(entries.map((entry) => entry.data_table)).toEqual([UID, UID]);
      const kept = entries.map((entry) => JSON.parse(entry.data) as Record<string, unknown>);
      expect(
        kept.map(({ id, title }) => ({ id, title })).sort((a, b) => Number(a.id) - Number(b.id)),
      ).toEqual(rows.map(({ id, title }) => ({ id, title })));

      // Until the table exists again, a restore says why not and changes nothing (a server
      // started after the drop, as the delete's restart brings).
      const early = await call(first.app, 'POST', '/admin/security.DataRecycleLog/restore', {
        token,
        body: { ids: entries.map((entry) => entry.id) },
      });
      expect(early).toMatchObject({ code: 0, msg: `Data table ${UID} does not exist` });

      const regenerated = await generate(first, everyTypeDesign(UID));
      expect(regenerated.code, regenerated.msg).toBe(1);
      const back = await serveLatest();
      const restored = await call(back.app, 'POST', '/admin/security.DataRecycleLog/restore', {
        token,
        body: { ids: entries.map((entry) => entry.id) },
      });
      expect(restored).toMatchObject({ code: 1, msg: 'Restored 2 records' });
      expect((await list({ order: 'id,asc' })).data.list).toEqual(
        (rows as Record<string, unknown>[]).map((row) => expect.objectContaining(row)),
      );
      // New rows get keys of their own after the restored ones (PostgreSQL's sequence too).
      const added = await call(back.app, 'POST', `${CONTROLLER}/add`, {
        token,
        body: everyTypeRow('added after', 3, 7),
      });
      expect(added.code, added.msg).toBe(1);
      expect(await titles({ order: 'id,asc' })).toEqual(['dropped one', 'dropped two', 'added after']);
    });

    it('refuses to drop a table with more rows than the recycle log takes, naming the count, and changes nothing', async () => {
      const t = current();
      // Copies of the restored rows until there is one row too many.
      const physical = `${t.ctx.db.prefix}${UID}`;
      const columns = (await t.ctx.db.kysely.introspection.getTables())
        .find((table) => table.name === physical)
        ?.columns.map((column) => column.name)
        .filter((name) => name !== 'id');
      expect(columns).toBeDefined();
      const copied = sql.join((columns ?? []).map((name) => sql.ref(name)));
      while ((await rowCount(t)) <= DROPPED_ROWS_LIMIT) {
        await sql`insert into ${sql.table(physical)} (${copied}) select ${copied} from ${sql.table(physical)}`.execute(
          t.ctx.db.kysely,
        );
      }
      const rows = await rowCount(t);
      const log = (await crudLog(t)).at(-1);
      const res = await call(t.app, 'POST', '/admin/crud.Crud/delete', {
        token,
        body: { id: log?.id, dropTable: 1 },
      });
      expect(res).toMatchObject({
        code: 0,
        msg: `Table ${UID} has ${rows} rows, more than the ${DROPPED_ROWS_LIMIT} a dropped table may file in the recycle log: keep the table, or empty it first`,
      });
      expect(existsSync(join(project, 'modules', UID, 'crud-design.json'))).toBe(true);
      expect(await rowCount(t)).toBe(rows);
      // The screen still serves them (its total may be the list engine's estimate at this size).
      expect((await list()).data.list).toHaveLength(100);
    });
  });
}
