/**
 * The generator's record, `crud_log`, in the original's shape: a taken-over BuildAdmin database
 * already has it (with its rows, which "start with the historical record" reads), so the
 * migration creates it only when it is missing. `table` and `fields` hold the design as JSON.
 */
import { columnKit, type MigrationEnv } from '@portico/server-sdk';
import type { CrudLogStatus } from '@portico/shared/crud-design';
import type { Generated, Migration, Selectable } from 'kysely';

export interface CrudLogTable {
  id: Generated<number>;
  table_name: string;
  /** The design's table (CrudTable) as JSON. */
  table: string | null;
  /** The design's fields (CrudField[]) as JSON. */
  fields: string | null;
  status: Generated<CrudLogStatus>;
  /** The database connection's key, as the original stores it ('mysql', 'pgsql', 'sqlite'). */
  connection: string;
  create_time: number | null;
}

declare module '@portico/server-sdk' {
  interface ModuleTables {
    crud_log: CrudLogTable;
  }
}

export type CrudLogRecord = Selectable<CrudLogTable>;

export const CRUD_TABLES = ['crud_log'] as const;

/** The seeded generator menu that core migration 0026 switched off until the generator came. */
const GENERATOR_RULE = 'crud/crud';

export function crudMigrations({ dialect, prefix }: MigrationEnv): Record<string, Migration> {
  const k = columnKit(dialect, prefix);
  return {
    '0001-crud-log': {
      async up(db) {
        let log = k.id(db.schema.createTable('crud_log').ifNotExists());
        log = k.str(log, 'table_name', 200);
        // The original's column names, quoted by Kysely: `table` is a reserved word.
        log = k.text(log, 'table');
        log = k.text(log, 'fields');
        log = k.choice(log, 'status', 'start');
        log = k.str(log, 'connection', 100);
        log = k.time(log, 'create_time');
        await k.finish(log).execute();
      },
      // The record stays: a taken-over site had it before, and it is the only history of what was generated.
      async down() {},
    },
    '0002-show-generator': {
      async up(db) {
        await db.updateTable('admin_rule').set({ status: '1' }).where('name', '=', GENERATOR_RULE).execute();
      },
      async down(db) {
        await db.updateTable('admin_rule').set({ status: '0' }).where('name', '=', GENERATOR_RULE).execute();
      },
    },
  };
}
