/**
 * Export and import permissions: a button rule under each list's menu, added where
 * the menu exists (a taken-over database may lack some) and the button does not yet.
 */
import type { Migration } from 'kysely';
import { ruleRow } from '../seed/admin-rules.js';
import { SEEDED_TRANSFER_BUTTONS } from '../seed/transfer-rules.js';
import type { AnyDb } from './columns.js';

export function listTransferMigration(): Migration {
  return {
    async up(db: AnyDb) {
      const time = Math.floor(Date.now() / 1000);
      for (const { row } of SEEDED_TRANSFER_BUTTONS) {
        const menu = await db
          .selectFrom('admin_rule')
          .select('id')
          .where('name', '=', row.menu)
          .executeTakeFirst();
        const present = await db
          .selectFrom('admin_rule')
          .select('id')
          .where('name', '=', row.name)
          .executeTakeFirst();
        if (!menu || present) continue;
        const rule = ruleRow(row.title, { pid: menu.id, type: 'button', name: row.name });
        await db
          .insertInto('admin_rule')
          .values({ ...rule, update_time: time, create_time: time })
          .execute();
      }
    },
    async down(db: AnyDb) {
      const names = SEEDED_TRANSFER_BUTTONS.map(({ row }) => row.name);
      await db.deleteFrom('admin_rule').where('name', 'in', names).execute();
    },
  };
}
