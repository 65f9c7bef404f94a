/**
 * Which ids each day's rows hold, for the tables whose creation time grows with their ids:
 * `id_span` keeps, per table, day of `create_time` and writer slot, the smallest
 * and largest id of the rows inserted with that day, and how many were inserted.
 *
 * Why: a list in id order filtered by a creation-time range (the admin log's "quick search +
 * a month two years back") either walks the ids from the newest row, testing millions of rows
 * before the month, or takes every row of the month from the time index and sorts their ids
 * (hundreds of thousands). Rows are created in id order, so a month's rows lie in one stretch
 * of ids: with the stretch known, the walk starts at its end and stops after a page of
 * matches (crud/id-span.ts). The stretch is a bound, never a guess: every row whose
 * `create_time` falls on a day lies between that day's smallest and largest id, whatever
 * order the rows came in; a list only walks it when it is about as long as the rows in it.
 *
 * Kept by triggers on insert and on an update that changes `create_time` (the row's new day
 * then takes its id too; other updates, such as a member's sign-in, do not run it). Deletes leave the bounds as they are: wider than needed, still
 * bounds. The slot is the writer's connection, as in 0016-row-counts.ts, so concurrent writers
 * of today's rows do not queue on one row. `day` is `create_time` divided by 86,400, truncated
 * toward zero on every dialect (and in crud/id-span.ts).
 *
 * MySQL: creating triggers needs the TRIGGER privilege; when refused, the table has no spans,
 * with a warning, and its lists read ranges as before.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SECONDS_PER_DAY, SPAN_COLUMN, SPANNED_TABLES } from '../large-tables.js';
import { SLOTS } from './0016-row-counts.js';
import { type AnyDb, columnKit } from './columns.js';
import { dropTriggers, keepByTriggers, quoted } from './triggers.js';

export function idSpansMigration(dialect: Dialect, prefix: string): Migration {
  const k = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      let table = k.str(db.schema.createTable('id_span'), 'table_name', 64);
      table = k.int(table, 'day');
      table = k.int(table, 'slot');
      table = k.int(table, 'min_id');
      table = k.int(table, 'max_id');
      table = table.addColumn('inserted', 'bigint', (c) => c.notNull().defaultTo(0));
      table = table.addPrimaryKeyConstraint(`${prefix}id_span_pkey`, ['table_name', 'day', 'slot']);
      await k.finish(table).execute();
      for (const name of SPANNED_TABLES) await addSpans(db, dialect, prefix, name);
    },
    async down(db: AnyDb) {
      for (const name of SPANNED_TABLES) await dropTriggers(db, dialect, namesOf(prefix, name));
      await db.schema.dropTable('id_span').execute();
    },
  };
}

async function addSpans(db: AnyDb, dialect: Dialect, prefix: string, table: string): Promise<void> {
  const names = namesOf(prefix, table);
  // The rows already there, in slot 0.
  const day = dayOf(dialect, SPAN_COLUMN);
  const backfill = `insert into ${quoted(dialect, names.spans)} (table_name, day, slot, min_id, max_id, inserted)
    select '${table}', ${day}, 0, min(id), max(id), count(*) from ${quoted(dialect, names.table)}
    where ${SPAN_COLUMN} is not null group by ${day}`;
  const skipped = `Id spans of ${names.table} skipped; its ranges read as before`;
  await keepByTriggers(db, dialect, triggers(dialect, prefix, table), names, skipped, backfill, [
    names.table,
    names.spans,
  ]);
}

function namesOf(prefix: string, table: string) {
  const base = `${prefix}${table}_span`;
  const inserted = `${base}_ai`;
  const updated = `${base}_au`;
  return {
    table: `${prefix}${table}`,
    spans: `${prefix}id_span`,
    // PostgreSQL: one function per statement-level insert trigger, one per row-level update trigger.
    functions: [base, `${base}_row`],
    triggers: [inserted, updated],
    inserted,
    updated,
  };
}

/** The day of a time column: integer division, truncated toward zero on every dialect. */
export function dayOf(dialect: Dialect, column: string): string {
  return dialect === 'mysql' ? `${column} div ${SECONDS_PER_DAY}` : `${column} / ${SECONDS_PER_DAY}`;
}

/** The trigger statements; `table` is one of SPANNED_TABLES, never a client's. */
function triggers(dialect: Dialect, prefix: string, table: string): string[] {
  const names = namesOf(prefix, table);
  const spans = quoted(dialect, names.spans);
  if (dialect === 'postgres') {
    const [perStatement, perRow] = names.functions;
    const upsert = `on conflict (table_name, day, slot) do update set
         min_id = least(${spans}.min_id, excluded.min_id),
         max_id = greatest(${spans}.max_id, excluded.max_id),
         inserted = ${spans}.inserted + excluded.inserted;`;
    return [
      // Inserts per statement, from the transition table: a bulk insert pays one upsert per day.
      `create function "${perStatement}"() returns trigger language plpgsql as $$
       begin
         insert into ${spans} (table_name, day, slot, min_id, max_id, inserted)
         select '${table}', ${dayOf(dialect, 'create_time')}, pg_backend_pid() % ${SLOTS}, min(id), max(id), count(*)
         from new_rows where create_time is not null group by 2
         ${upsert}
         return null;
       end $$`,
      `create trigger "${names.inserted}" after insert on "${names.table}" referencing new table as new_rows
       for each statement execute function "${perStatement}"()`,
      // Updates per row, and only those changing the date: a member's sign-in updates their
      // row too, and must not pay for this (a statement trigger cannot name its column).
      `create function "${perRow}"() returns trigger language plpgsql as $$
       begin
         insert into ${spans} (table_name, day, slot, min_id, max_id, inserted)
         values ('${table}', ${dayOf(dialect, 'new.create_time')}, pg_backend_pid() % ${SLOTS}, new.id, new.id, 1)
         ${upsert}
         return null;
       end $$`,
      `create trigger "${names.updated}" after update of create_time on "${names.table}" for each row
       when (new.create_time is not null and new.create_time is distinct from old.create_time)
       execute function "${perRow}"()`,
    ];
  }
  if (dialect === 'mysql') {
    const widen = `insert into ${spans} (table_name, day, slot, min_id, max_id, inserted)
      values ('${table}', ${dayOf(dialect, 'new.create_time')}, connection_id() % ${SLOTS}, new.id, new.id, 1)
      on duplicate key update min_id = least(min_id, new.id), max_id = greatest(max_id, new.id), inserted = inserted + 1`;
    return [
      `create trigger \`${names.inserted}\` after insert on \`${names.table}\` for each row
       if new.create_time is not null then ${widen}; end if`,
      `create trigger \`${names.updated}\` after update on \`${names.table}\` for each row
       if new.create_time is not null and not (old.create_time <=> new.create_time) then ${widen}; end if`,
    ];
  }
  // SQLite: one writer at a time, slot 0.
  const widen = `insert into ${spans} (table_name, day, slot, min_id, max_id, inserted)
    values ('${table}', ${dayOf(dialect, 'new.create_time')}, 0, new.id, new.id, 1)
    on conflict (table_name, day, slot) do update set
      min_id = min(min_id, excluded.min_id), max_id = max(max_id, excluded.max_id), inserted = inserted + 1;`;
  return [
    `create trigger "${names.inserted}" after insert on "${names.table}"
     when new.create_time is not null begin ${widen} end`,
    `create trigger "${names.updated}" after update of create_time on "${names.table}"
     when new.create_time is not null and new.create_time is not old.create_time begin ${widen} end`,
  ];
}
