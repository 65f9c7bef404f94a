/**
 * Installs made before Portico had defaults of its own hold the original's placeholders:
 * replace each one that is still the placeholder; a value an administrator typed stays.
 */
import type { Migration } from 'kysely';
import { ORIGINAL_PLACEHOLDERS, PORTICO_DEFAULTS } from '../seed/config-rows.js';
import type { AnyDb } from './columns.js';

export function porticoDefaultsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const [name, placeholder] of Object.entries(ORIGINAL_PLACEHOLDERS)) {
        await db
          .updateTable('config')
          .set({ value: PORTICO_DEFAULTS[name as keyof typeof PORTICO_DEFAULTS] })
          .where('name', '=', name)
          .where('value', '=', placeholder)
          .execute();
      }
    },
    async down() {
      // The placeholders are not worth restoring: the older code reads Portico's values fine.
    },
  };
}
