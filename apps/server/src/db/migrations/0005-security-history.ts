/**
 * Restore and rollback keep their log entries (the original deleted them): who restored or
 * rolled back, and when. Sensitive-data entries also keep a digest of the value written,
 * so a rollback can tell whether the row still holds it, passwords included, whose
 * written value is shown only as ******.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import type { AnyDb } from './columns.js';

export function securityHistoryMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('security_data_recycle_log')
        .addColumn('restore_admin_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('security_data_recycle_log').addColumn('restore_time', 'bigint').execute();
      // Password-like fields of a deleted row, kept apart from the searchable, shown `data`.
      await db.schema
        .alterTable('security_data_recycle_log')
        .addColumn('secret_data', dialect === 'mysql' ? sql`longtext` : 'text')
        .execute();
      await db.schema
        .alterTable('security_sensitive_data_log')
        .addColumn('rollback_admin_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('security_sensitive_data_log')
        .addColumn('rollback_time', 'bigint')
        .execute();
      await db.schema
        .alterTable('security_sensitive_data_log')
        .addColumn('after_digest', sql`varchar(64)`, (c) => c.notNull().defaultTo(''))
        .execute();
      await renameControllers(db, (name) => name.replace(/\.php$/, ''));
    },
    async down(db: AnyDb) {
      await renameControllers(db, (name) => (name.endsWith('.php') ? name : `${name}.php`));
      for (const column of ['after_digest', 'rollback_time', 'rollback_admin_id']) {
        await db.schema.alterTable('security_sensitive_data_log').dropColumn(column).execute();
      }
      for (const column of ['secret_data', 'restore_time', 'restore_admin_id']) {
        await db.schema.alterTable('security_data_recycle_log').dropColumn(column).execute();
      }
    },
  };
}

async function renameControllers(db: AnyDb, rename: (name: string) => string): Promise<void> {
  for (const table of ['security_data_recycle', 'security_sensitive_data']) {
    const rules = await db.selectFrom(table).select(['id', 'controller']).execute();
    for (const rule of rules as { id: number; controller: string }[]) {
      await db
        .updateTable(table)
        .set({ controller: rename(rule.controller) })
        .where('id', '=', rule.id)
        .execute();
    }
  }
}
