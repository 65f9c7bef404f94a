/**
 * Seeds the generated screen's table (generated-module.ts), which the module's own migration
 * made when the server first started on the database: products in batches of one INSERT …
 * SELECT each (product-rows.ts), through the table's triggers, so whatever search indexes the
 * migration gave it stay consistent; then the SQLite FTS index, if any, is merged into one
 * segment, and statistics are gathered, as for the members (seed.ts).
 */
import { sql } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { mergeSearchIndexes } from '../../apps/server/src/db/search-index-upkeep.js';
import { PRODUCT_TABLE } from './generated-module.js';
import { productColumns } from './product-rows.js';
import {
  advanceSequences,
  bulkLoadPragmas,
  createSequence,
  dropSequence,
  gatherStatistics,
  insertBatches,
  stepTimer,
  TABLE_PREFIX,
} from './seed.js';
import { sqlKit } from './sql-kit.js';

export async function seedProducts(url: string, rows: number): Promise<void> {
  const db = await openDatabase(url, TABLE_PREFIX);
  const timed = stepTimer({});
  // The module's table is not a core one: the seed's connection is told to prefix it.
  db.addTables([PRODUCT_TABLE]);
  try {
    await bulkLoadPragmas(db);
    const kit = sqlKit(db.dialect);
    await createSequence(db.kysely);
    await timed(`products (${rows.toLocaleString('en')})`, () =>
      insertBatches(db, PRODUCT_TABLE, rows, (id) => productColumns(kit, id, rows)),
    );
    await dropSequence(db.kysely);
    await advanceSequences(db, [PRODUCT_TABLE]);
    if (db.dialect === 'sqlite') {
      const index = `${PRODUCT_TABLE}_search`;
      const { rows: found } = await sql<{ name: string }>`select name from sqlite_master
        where name = ${`${TABLE_PREFIX}${index}`}`.execute(db.kysely);
      if (found.length > 0)
        await timed('product search index merge', () =>
          mergeSearchIndexes(db, { full: true, tables: [index] }),
        );
    }
    await timed('product statistics', () => gatherStatistics(db, [PRODUCT_TABLE]));
  } finally {
    await db.close();
  }
}
