/**
 * Masks the secrets that admin-log rows written before the masking was complete still hold
 * in clear (the SMTP password saved with the mail settings, `?password=` in the URL, ...).
 * Rows are read in batches by id, so a log of millions of rows is never held in memory, and
 * only the rows whose text changes are written back.
 */
import type { Migration } from 'kysely';
import { maskLoggedUrl, maskStoredData } from '../../util/mask-secrets.js';
import type { AnyDb } from './columns.js';

const BATCH_SIZE = 500;

interface StoredEntry {
  id: number;
  url: string;
  data: string | null;
}

/** `batchSize` is a parameter so a test can make a handful of rows span several batches. */
export function maskAdminLogSecretsMigration(batchSize = BATCH_SIZE): Migration {
  return {
    async up(db: AnyDb) {
      let after = 0;
      for (;;) {
        const rows: StoredEntry[] = await db
          .selectFrom('admin_log')
          .select(['id', 'url', 'data'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        const last = rows.at(-1);
        if (!last) return;
        await writeChanges(db, rows.flatMap(masked));
        after = Number(last.id);
      }
    },
    async down() {
      // Masking cannot be undone: the clear values are gone, which is the point. Rolling back
      // leaves the masked rows as they are, and they read fine under the older code.
    },
  };
}

/** The row with its secrets masked, or nothing when it holds none. */
function masked(row: StoredEntry): StoredEntry[] {
  const url = maskLoggedUrl(row.url);
  const data = maskStoredData(row.data, row.url);
  return url === row.url && data === row.data ? [] : [{ id: row.id, url, data }];
}

async function writeChanges(db: AnyDb, changes: StoredEntry[]): Promise<void> {
  if (changes.length === 0) return;
  const write = async (trx: AnyDb) => {
    for (const { id, url, data } of changes) {
      await trx.updateTable('admin_log').set({ url, data }).where('id', '=', id).execute();
    }
  };
  // SQLite and PostgreSQL run a migration inside one transaction already (Kysely's migrator
  // does when the dialect has transactional DDL); MySQL does not, so each batch gets its own.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}
