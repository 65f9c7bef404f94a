/**
 * The seeded "CRUD code generator" menu opens a screen Portico does not have yet ("page not
 * available"): it is switched off until the generator comes. The rule keeps its id and path,
 * so groups that hold it keep it, and the generator's migration only switches it on again.
 */
import type { Migration } from 'kysely';
import type { AnyDb } from './columns.js';

const GENERATOR_RULE = 'crud/crud';

export function hideCrudGeneratorMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.updateTable('admin_rule').set({ status: '0' }).where('name', '=', GENERATOR_RULE).execute();
    },
    async down(db: AnyDb) {
      await db.updateTable('admin_rule').set({ status: '1' }).where('name', '=', GENERATOR_RULE).execute();
    },
  };
}
