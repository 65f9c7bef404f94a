/**
 * Install data: groups, the admin menu-rule tree, member rules, config rows and the
 * default recycle and sensitive-data rules. Ids are explicit because groups refer to
 * rule ids; PostgreSQL sequences are moved past them afterwards.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { installRows } from '../seed/install-data.js';
import type { AnyDb } from './columns.js';
import { syncSequence } from './sequences.js';

export function installDataMigration(dialect: Dialect, prefix: string): Migration {
  return {
    async up(db: AnyDb) {
      const now = Math.floor(Date.now() / 1000);
      for (const [table, rows] of Object.entries(installRows())) {
        const stamped = rows.map((row) => stamp(table, row, now));
        // Chunks keep every statement below SQLite's bound-parameter limit.
        for (let i = 0; i < stamped.length; i += 50) {
          await db
            .insertInto(table)
            .values(stamped.slice(i, i + 50))
            .execute();
        }
        if (dialect === 'postgres') await syncSequence(db, prefix, table);
      }
    },
    async down(db: AnyDb) {
      for (const table of Object.keys(installRows()).reverse()) await db.deleteFrom(table).execute();
    },
  };
}

/** Tables with create/update times get them filled, as the original's models did. */
function stamp(table: string, row: object, now: number): object {
  if (table === 'config') return row;
  return { update_time: now, create_time: now, ...row };
}
