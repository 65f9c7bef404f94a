/**
 * A generated list's multi remote select with fields to show, on a scratch project and every
 * configured database: each row answers its remote rows' shown fields (a list per field, in
 * the order of the stored ids, an id with no row left out) beside the stored ids, read for the
 * whole page in one query; the export writes them as the list shows them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../support/databases.js';
import { createMember } from '../../support/member.js';
import { removeScratchDirs } from '../../support/module-project.js';
import { parseCsv } from '../../support/spreadsheets.js';
import { call, type TestApp } from '../../support/test-app.js';
import { generateAndServe, generatorProject } from './generated-app.js';
import { everyTypeDesign, everyTypeRow } from './generator/every-type-design.js';

const UID = 'crud_related';
const CONTROLLER = '/admin/crud.Related';

/** The generated code's wire, answered from the scratch project's copy (generated-app.ts). */
const wire = vi.hoisted(() => ({ file: '' }));
vi.mock('@portico/shared/modules/crud_related', () => import(/* @vite-ignore */ wire.file));

afterAll(removeScratchDirs);

for (const { dialect } of testDatabases()) {
  describe(`a generated multi remote select's shown fields [${dialect}]`, () => {
    const project = generatorProject();
    let first: TestApp | undefined;
    let served: TestApp | undefined;
    let token = '';
    const t = () => {
      if (!served) throw new Error('the generated module is not served');
      return served;
    };

    beforeAll(async () => {
      ({ first, served, token } = await generateAndServe(dialect, project, everyTypeDesign(UID), UID, wire));
    });
    afterAll(async () => {
      await served?.close();
      await first?.close();
    });

    it("lists each row's remote rows by their shown fields, and exports them so", async () => {
      const alice = await createMember(t().ctx, 'alice_multi', 'secret-1');
      const bob = await createMember(t().ctx, 'bob_multi', 'secret-2');
      const missing = bob + 1000;
      for (const [title, editors] of [
        ['both', [bob, alice]],
        ['one and a gone one', [missing, alice]],
        ['none', []],
      ] as const) {
        const added = await call(t().app, 'POST', `${CONTROLLER}/add`, {
          token,
          body: { ...everyTypeRow(title, 1, 3), editor_ids: editors },
        });
        expect(added.code, added.msg).toBe(1);
      }
      // Every statement the list runs, to count those reading the members (not one per row).
      const executor = t().ctx.db.kysely.getExecutor();
      const run = vi.spyOn(executor, 'executeQuery');
      const listed = await call(t().app, 'GET', `${CONTROLLER}/index`, {
        token,
        query: { order: 'id,asc', limit: '10' },
      });
      const statements = run.mock.calls.map(([query]) => query.sql);
      run.mockRestore();
      expect(listed.code, listed.msg).toBe(1);
      // Statements reading from the members' table (the list's own joins it for member_id);
      // the prefix may be added below the executor (db/table-prefix.ts).
      const members = new RegExp(`from [\`"](${t().ctx.db.prefix})?user[\`"]`);
      const memberReads = statements.filter((statement) => members.test(statement));
      expect(memberReads).toHaveLength(1);
      const rows = listed.data.list as { title: string; editor_ids: string; editor: unknown }[];
      expect(rows.map(({ title, editor_ids, editor }) => ({ title, editor_ids, editor }))).toEqual([
        {
          title: 'both',
          editor_ids: `${bob},${alice}`,
          editor: { nickname: ['bob_multi', 'alice_multi'], username: ['bob_multi', 'alice_multi'] },
        },
        {
          title: 'one and a gone one',
          editor_ids: `${missing},${alice}`,
          editor: { nickname: ['alice_multi'], username: ['alice_multi'] },
        },
        { title: 'none', editor_ids: '', editor: { nickname: [], username: [] } },
      ]);

      const exported = await t().app.inject({
        method: 'GET',
        url: `${CONTROLLER}/export`,
        query: {
          format: 'csv',
          order: 'id,asc',
          columns: JSON.stringify([
            { prop: 'title', title: 'Title' },
            { prop: 'editor.nickname', title: 'Editors', render: 'tags' },
          ]),
        },
        headers: { batoken: token, 'think-lang': 'en', server: 'true' },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(parseCsv(exported.body)).toEqual([
        ['Title', 'Editors'],
        ['both', 'bob_multi, alice_multi'],
        ['one and a gone one', 'alice_multi'],
        ['none', ''],
      ]);
    });
  });
}
