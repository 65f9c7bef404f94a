/**
 * How many rows each block of ids holds, for the tables that grow large, so a deep
 * page of the whole table in id order starts at its block instead of skipping every row before
 * it (crud/id-block.ts).
 *
 * Why: page 20,000 of a million members skips 400,000 rows. MariaDB walks 400,000 entries of
 * the id index even so (60–100 ms); with the rows per block of BLOCK ids known, the page's
 * block is found by adding up a few hundred counts, and at most one block is skipped.
 *
 * `id_block` holds, per table, block (`id` divided by BLOCK, truncated) and writer slot, the rows
 * inserted minus the rows deleted; a block's rows are its slots' sum. Triggers keep it in the
 * writer's own transaction, so the counts are exact as the row counts of 0016-row-counts.ts
 * are, and the slot is the writer's connection as there. PostgreSQL counts per statement, each
 * statement's blocks in block order (two bulk statements lock their rows in the same order);
 * MySQL and SQLite per row, in the order the statement meets the rows (ids ascending, as a
 * bulk delete of a list's rows goes). Ids never change, so updates need no trigger.
 *
 * MySQL: creating triggers needs the TRIGGER privilege; when refused, the table has no blocks,
 * with a warning, and deep pages skip their rows as before.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { BLOCK, BLOCKED_TABLES } from '../large-tables.js';
import { SLOTS } from './0016-row-counts.js';
import { type AnyDb, columnKit } from './columns.js';
import { dropTriggers, insertDeleteNames, insertDeleteTriggers, keepByTriggers, quoted } from './triggers.js';

export function idBlocksMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let table = k.str(db.schema.createTable('id_block'), 'table_name', 64);
      table = k.int(table, 'block');
      table = k.int(table, 'slot');
      table = table.addColumn('counted', 'bigint', (c) => c.notNull().defaultTo(0));
      table = table.addPrimaryKeyConstraint(`${prefix}id_block_pkey`, ['table_name', 'block', 'slot']);
      await k.finish(table).execute();
      for (const name of BLOCKED_TABLES) await addIdBlocks(db, dialect, prefix, name);
    },
    async down(db: AnyDb) {
      for (const name of BLOCKED_TABLES) await dropTriggers(db, dialect, namesOf(prefix, name));
      await db.schema.dropTable('id_block').execute();
    },
  };
}

/**
 * Starts keeping `table`'s rows per block of its integer `key`: the triggers, and the rows
 * already there. False (with a warning) when MySQL refused the triggers.
 */
export async function addIdBlocks(
  db: AnyDb,
  dialect: Dialect,
  prefix: string,
  table: string,
  key = 'id',
): Promise<boolean> {
  const names = namesOf(prefix, table);
  // The rows already there, in slot 0, with no other writer meanwhile (keepByTriggers).
  const block = blockOf(dialect, quoted(dialect, key));
  const backfill = `insert into ${quoted(dialect, names.blocks)} (table_name, block, slot, counted)
    select '${table}', ${block}, 0, count(*) from ${quoted(dialect, names.table)} group by ${block}`;
  const skipped = `Id blocks of ${names.table} skipped; its deep pages skip their rows`;
  return keepByTriggers(db, dialect, triggers(dialect, prefix, table, key), names, skipped, backfill, [
    names.table,
    names.blocks,
  ]);
}

/** Stops keeping `table`'s blocks: triggers and counts go. */
export async function dropIdBlocks(
  db: AnyDb,
  dialect: Dialect,
  prefix: string,
  table: string,
): Promise<void> {
  await dropTriggers(db, dialect, namesOf(prefix, table));
  await db.deleteFrom('id_block').where('table_name', '=', table).execute();
}

const namesOf = (prefix: string, table: string) => ({
  ...insertDeleteNames(prefix, table, 'block'),
  blocks: `${prefix}id_block`,
});

/** The block of an id: integer division, as crud/id-block.ts reads it. */
function blockOf(dialect: Dialect, column: string): string {
  return dialect === 'mysql' ? `${column} div ${BLOCK}` : `${column} / ${BLOCK}`;
}

/** The trigger statements; `table` and `key` are declared names (BLOCKED_TABLES, a module's), never a client's. */
function triggers(dialect: Dialect, prefix: string, table: string, key: string): string[] {
  const names = namesOf(prefix, table);
  const blocks = quoted(dialect, names.blocks);
  // SQLite: one writer at a time, slot 0.
  const slot = dialect === 'mysql' ? `connection_id() % ${SLOTS}` : '0';
  const negative = (sign: '+' | '-') => (sign === '-' ? '-' : '');
  return insertDeleteTriggers(dialect, names, {
    perStatement: (rows, sign) =>
      `insert into ${blocks} (table_name, block, slot, counted)
       select '${table}', ${blockOf(dialect, quoted(dialect, key))}, pg_backend_pid() % ${SLOTS}, ${negative(sign)}count(*)
       from ${rows} group by 2 order by 2
       on conflict (table_name, block, slot) do update set counted = ${blocks}.counted + excluded.counted;`,
    perRow: (row, sign) => {
      const values = `insert into ${blocks} (table_name, block, slot, counted)
      values ('${table}', ${blockOf(dialect, `${row}.${quoted(dialect, key)}`)}, ${slot}, ${negative(sign)}1)`;
      return dialect === 'mysql'
        ? `${values} on duplicate key update counted = counted ${sign} 1`
        : `${values} on conflict (table_name, block, slot) do update set counted = counted ${sign} 1`;
    },
  });
}
