/**
 * Exact row counts of the tables that grow large, so their unfiltered lists show an
 * exact total and read their back half from the other end (crud/list-page-rows.ts) instead of
 * skipping most of the table.
 *
 * `row_count` holds SLOTS rows per counted table; triggers on the table add the rows each
 * insert or delete statement adds or removes to one slot, in the writer's own transaction, and
 * the total is the slots' sum. The slot is the writer's connection (its process id on
 * PostgreSQL, its connection id on MySQL), not the row: a transaction then holds at most one
 * slot row per table, so concurrent writers in every server process only wait for each other
 * when their connections share a slot (one in SLOTS), and transactions writing one counted
 * table cannot deadlock on its counts (the admin log is written after the action it records,
 * in a statement of its own). A slot may go negative (rows counted in one slot, deleted through another); only
 * the sum means anything. SQLite has one writer at a time anyway: its triggers use slot 0.
 *
 * PostgreSQL counts per statement (transition tables), so a bulk insert pays one update; MySQL
 * and SQLite have only row triggers, which cost an update of one in-memory row per row.
 *
 * MySQL: creating triggers needs the TRIGGER privilege (and SUPER or
 * log_bin_trust_function_creators where binary logging is on). When refused, the table gets no
 * slots, with a warning, and its lists keep the estimate ("about N") of crud/list-total.ts.
 *
 * Every path that adds or removes rows goes through INSERT or DELETE (the recycle bin's restore
 * re-inserts rows): nothing TRUNCATEs these tables, which would bypass the triggers. A later
 * migration that rebuilds one of them (SQLite's copy-and-rename) drops its triggers with it,
 * and must count it again (dropRowCounter, then addRowCounter).
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type AnyDb, columnKit } from './columns.js';
import { dropTriggers, insertDeleteNames, insertDeleteTriggers, keepByTriggers, quoted } from './triggers.js';

/** The tables this migration starts counting. */
const FIRST_COUNTED = ['user', 'admin_log'];

/** Slot rows per table: concurrent writers collide on one in SLOTS. */
export const SLOTS = 16;

export function rowCountsMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let table = k.str(db.schema.createTable('row_count'), 'table_name', 64);
      table = k.int(table, 'slot');
      table = table.addColumn('counted', 'bigint', (c) => c.notNull().defaultTo(0));
      table = table.addPrimaryKeyConstraint(`${prefix}row_count_pkey`, ['table_name', 'slot']);
      await k.finish(table).execute();
      for (const name of FIRST_COUNTED) await addRowCounter(db, dialect, prefix, name);
    },
    async down(db: AnyDb) {
      for (const name of FIRST_COUNTED) await dropRowCounter(db, dialect, prefix, name);
      await db.schema.dropTable('row_count').execute();
    },
  };
}

/**
 * Starts counting `table`: its slots, the triggers, and the rows already there. False (with a
 * warning) when MySQL refused the triggers; the table is then not counted.
 */
export async function addRowCounter(
  db: AnyDb,
  dialect: Dialect,
  prefix: string,
  table: string,
): Promise<boolean> {
  const slots = Array.from({ length: SLOTS }, (_, slot) => ({ table_name: table, slot, counted: 0 }));
  await db.insertInto('row_count').values(slots).execute();
  const names = namesOf(prefix, table);
  // The rows already there, in slot 0.
  const backfill = `update ${quoted(dialect, names.counts)} set counted = (select count(*) from ${quoted(dialect, names.table)})
    where table_name = '${table}' and slot = 0`;
  const made = await keepByTriggers(
    db,
    dialect,
    triggers(dialect, prefix, table),
    names,
    `Row count of ${names.table} skipped; its lists show an estimate`,
    backfill,
    [names.table, names.counts],
  );
  if (!made) await db.deleteFrom('row_count').where('table_name', '=', table).execute();
  return made;
}

/** Stops counting `table`: triggers and slots go. */
export async function dropRowCounter(
  db: AnyDb,
  dialect: Dialect,
  prefix: string,
  table: string,
): Promise<void> {
  await dropTriggers(db, dialect, namesOf(prefix, table));
  await db.deleteFrom('row_count').where('table_name', '=', table).execute();
}

const namesOf = (prefix: string, table: string) => ({
  ...insertDeleteNames(prefix, table, 'count'),
  counts: `${prefix}row_count`,
});

/** The trigger statements; `table` is a declared name (COUNTED_TABLES), never a client's. */
function triggers(dialect: Dialect, prefix: string, table: string): string[] {
  const names = namesOf(prefix, table);
  const counts = quoted(dialect, names.counts);
  const slot = { postgres: `pg_backend_pid() % ${SLOTS}`, mysql: `connection_id() % ${SLOTS}`, sqlite: '0' }[
    dialect
  ];
  return insertDeleteTriggers(dialect, names, {
    declare: 'declare n bigint;',
    perStatement: (rows, sign) =>
      `select count(*) into n from ${rows};
       if n > 0 then
         update ${counts} set counted = counted ${sign} n where table_name = '${table}' and slot = ${slot};
       end if;`,
    perRow: (_row, sign) =>
      `update ${counts} set counted = counted ${sign} 1 where table_name = '${table}' and slot = ${slot}`,
  });
}
