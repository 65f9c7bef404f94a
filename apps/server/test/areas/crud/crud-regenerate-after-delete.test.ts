/**
 * A table generated, served, deleted and generated again by the server that served it, without
 * a restart in between, on every configured database. That server still runs the deleted
 * module's code (its routes stay until the restart), so it must neither refuse the table as an
 * installed module's nor take the new generation for the code it runs: a regeneration starts
 * at version 1.0.0 again, the version the deleted one may have had, and enabling the running
 * code in its place recorded the old migrations under the names the new ones have, so the
 * restart never ran the new ones. The generator is the small fake of crud-generate.test.ts;
 * the server's code for each generation is a definition whose migration leaves a marker table.
 */
import type { ModuleDefinition } from '@portico/server-sdk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { defineModule } from '../../../src/module-contract/define.js';
import { testDatabases } from '../../support/databases.js';
import { fakeProject, removeScratchDirs } from '../../support/module-project.js';
import { call, loginSuper, startTestApp, type TestApp } from '../../support/test-app.js';

vi.mock('../../../src/areas/crud/generator/index.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...(await import('../../support/fake-crud-generator.js')).FAKE_GENERATOR,
}));

afterAll(removeScratchDirs);

const UID = 'gizmo';

function design(fields: string[]) {
  return {
    type: 'db',
    table: { name: UID, comment: UID, quickSearchField: [], columnFields: fields, formFields: fields },
    fields: fields.map((field) => ({ name: field, designType: 'string' })),
  };
}

/** The server code of one generation: version 1.0.0, its migration named as every first one. */
function generation(marker: string): ModuleDefinition {
  return defineModule({
    uid: UID,
    version: '1.0.0',
    tables: [UID],
    migrations: ({ prefix }) => ({
      '0001-gizmo': {
        async up(db) {
          await db.schema.createTable(`${prefix}${marker}`).addColumn('id', 'integer').execute();
        },
        async down(db) {
          await db.schema.dropTable(`${prefix}${marker}`).ifExists().execute();
        },
      },
    }),
  });
}

async function tableNames(t: TestApp): Promise<string[]> {
  return (await t.ctx.db.kysely.introspection.getTables()).map((table) => table.name);
}

for (const { dialect } of testDatabases()) {
  describe(`CRUD generation again right after delete [${dialect}]`, () => {
    const project = fakeProject();
    let first: TestApp;
    const started: { close(): Promise<void> }[] = [];
    let token = '';

    /** The server started again on the same database and project, running this code. */
    async function restartWith(module: ModuleDefinition): Promise<TestApp> {
      const { app, ctx } = await buildApp(first.ctx.config, { modules: [module], checkAnswers: true });
      await app.ready();
      started.push(app);
      return { ...first, app, ctx };
    }

    beforeAll(async () => {
      first = await startTestApp(dialect, { projectDir: project });
      token = (await loginSuper(first)).token;
      const { prefix, kysely } = first.ctx.db;
      await kysely.schema
        .createTable(`${prefix}${UID}`)
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'varchar(50)')
        .execute();
      await sql`insert into ${sql.table(`${prefix}${UID}`)} (id, title) values (1, 'a')`.execute(kysely);
    });
    afterAll(async () => {
      for (const app of started) await app.close();
      await first?.close();
    });

    it("generates again at once, and the restart after runs the new generation's migrations", async () => {
      const { prefix } = first.ctx.db;
      const generated = await call(first.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        body: design(['id', 'title']),
      });
      expect(generated.code, generated.msg).toBe(1);
      const served = await restartWith(generation('gizmo_first'));
      expect(await tableNames(served)).toContain(`${prefix}gizmo_first`);

      const log = await served.ctx.db.kysely
        .selectFrom('crud_log')
        .select('id')
        .where('table_name', '=', UID)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const deleted = await call(served.app, 'POST', '/admin/crud.Crud/delete', {
        token,
        body: { id: log.id },
      });
      expect(deleted.code, deleted.msg).toBe(1);
      expect(await tableNames(served)).not.toContain(`${prefix}gizmo_first`);

      const listed = await call(served.app, 'GET', '/admin/crud.Crud/tableList', {
        token,
        query: { quickSearch: UID },
      });
      expect(listed.data.list).toMatchObject([{ table: UID, refused: '' }]);
      const again = await call(served.app, 'POST', '/admin/crud.Crud/generate', {
        token,
        lang: 'en',
        body: design(['id', 'title']),
      });
      expect(again.code, again.msg).toBe(1);
      expect(again.data.info.version).toBe('1.0.0');
      // The deleted code still running here is not the new generation: it is not enabled again.
      expect(await tableNames(served)).not.toContain(`${prefix}gizmo_first`);

      const restarted = await restartWith(generation('gizmo_second'));
      const tables = await tableNames(restarted);
      expect(tables).toContain(`${prefix}gizmo_second`);
      expect(tables).not.toContain(`${prefix}gizmo_first`);
    });
  });
}
