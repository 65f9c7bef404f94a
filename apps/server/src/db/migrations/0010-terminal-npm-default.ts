/**
 * Installs made before the terminal defaulted to npm hold the original's 'pnpm': switch it
 * while it is still that untouched default (see config-rows.ts for why npm); a manager an
 * administrator chose stays.
 */
import type { Migration } from 'kysely';
import { TERMINAL_DEFAULT_MANAGER, TERMINAL_ORIGINAL_MANAGER } from '../seed/config-rows.js';
import type { AnyDb } from './columns.js';

export function terminalNpmDefaultMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db
        .updateTable('config')
        .set({ value: TERMINAL_DEFAULT_MANAGER })
        .where('name', '=', 'terminal_package_manager')
        .where('value', '=', TERMINAL_ORIGINAL_MANAGER)
        .execute();
    },
    async down() {
      // npm works wherever the older code ran; an administrator who wants pnpm picks it again.
    },
  };
}
