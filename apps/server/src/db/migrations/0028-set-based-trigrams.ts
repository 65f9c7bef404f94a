/**
 * MySQL/MariaDB: the trigram side tables' procedures and triggers in their set-based form
 * (search-index-sql.ts), for every trigram index there: the members' and administrators'
 * (0013) and each module table's (searchIndex). Earlier versions' procedure looped over the
 * value, one `insert ignore` per trigram (~80 statements a member: 1.9 ms a member on
 * MariaDB, against 0.07 ms on PostgreSQL), and their side tables carried a second key on `id`
 * that only the triggers' deletes read, doubling the cost of each posting written. Up drops
 * that key and writes the new routines; the postings stay as they are (the same set either way).
 *
 * The indexes are found by their procedure (`<table>_trigram_put`, this install's prefix);
 * each keeps its columns and key (read from its insert trigger) and its value length (the
 * procedure's parameter). Down restores the loop and the `id` key. Other databases: nothing.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { type TrigramNames, trigramDown, trigramRoutines } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
import { trigramNumbers } from './trigram-numbers.js';

const PUT = '_trigram_put';

/** One trigram index as its routines describe it. */
interface TrigramIndex {
  names: TrigramNames;
  columns: string[];
  key: string;
  maxLength: number;
}

export function setBasedTrigramsMigration(dialect: Dialect, prefix: string): Migration {
  return {
    async up(db) {
      if (dialect !== 'mysql') return;
      const numbers = await trigramNumbers(db);
      for (const index of await trigramIndexes(db, prefix)) {
        await replaceRoutines(
          db,
          index,
          trigramRoutines(index.names, index.columns, index.maxLength, numbers, index.key),
        );
        // Only now: until the new triggers were there, the old ones deleted by `id`.
        if (await hasIdKey(db, index.names.side))
          await run(db, `alter table \`${index.names.side}\` drop key \`id\``);
      }
    },
    async down(db) {
      if (dialect !== 'mysql') return;
      for (const index of await trigramIndexes(db, prefix)) {
        if (!(await hasIdKey(db, index.names.side)))
          await run(db, `alter table \`${index.names.side}\` add key \`id\` (id)`);
        await replaceRoutines(db, index, loopRoutines(index));
      }
    },
  };
}

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** This install's trigram indexes, from their procedures and insert triggers. */
async function trigramIndexes(db: AnyDb, prefix: string): Promise<TrigramIndex[]> {
  const { rows } = await sql<{ name: string; length: number | string | null; statement: string | null }>`
    select r.routine_name as name, p.character_maximum_length as length, t.action_statement as statement
    from information_schema.routines r
    left join information_schema.parameters p
      on p.specific_schema = r.routine_schema and p.specific_name = r.routine_name and p.parameter_name = 'val'
    left join information_schema.triggers t
      on t.trigger_schema = r.routine_schema and t.trigger_name = concat(left(r.routine_name, char_length(r.routine_name) - 4), '_ai')
    where r.routine_schema = database() and r.routine_type = 'PROCEDURE'`.execute(db);
  const indexes: TrigramIndex[] = [];
  for (const { name, length, statement } of rows) {
    if (!name.startsWith(prefix) || !name.endsWith(PUT)) continue;
    const side = name.slice(0, -'_put'.length);
    const names = {
      table: side.slice(0, -'_trigram'.length),
      side,
      put: name,
      remove: `${side}_remove`,
    };
    const call = statement === null ? null : parseInsertTrigger(statement);
    if (call === null || length === null) {
      console.warn(
        `Trigram index ${side} left as it is: its insert trigger or procedure is not the expected one`,
      );
      continue;
    }
    indexes.push({ names, ...call, maxLength: Number(length) });
  }
  return indexes;
}

/**
 * The key and columns of an insert trigger as trigramRoutines writes it (either version):
 * call `…_put`(new.id, lower(concat_ws(char(1), new.`a`, new.`b`))).
 */
export function parseInsertTrigger(statement: string): { key: string; columns: string[] } | null {
  const match =
    /call\s+`[^`]+`\s*\(\s*new\.(?:`([^`]+)`|(id))\s*,\s*lower\(concat_ws\(char\(1\),(.*)\)\)\s*\)\s*;?\s*$/is.exec(
      statement,
    );
  if (!match) return null;
  const columns = [...(match[3] ?? '').matchAll(/new\.`([^`]+)`/g)].map((m) => m[1] ?? '');
  if (columns.length === 0) return null;
  return { key: match[1] ?? 'id', columns };
}

async function hasIdKey(db: AnyDb, side: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select count(*) as found from information_schema.statistics
    where table_schema = database() and table_name = ${side} and index_name = 'id'`.execute(db);
  return Number(rows[0]?.found ?? 0) > 0;
}

/**
 * Drops the index's triggers and procedures and creates `routines`. The side table stays, with
 * its postings. Should the server refuse (it granted the triggers once), the index goes
 * altogether, as where 0013 could not make it: a side table no trigger keeps would answer
 * searches wrongly, one that is missing makes them scan.
 */
async function replaceRoutines(db: AnyDb, { names }: TrigramIndex, routines: string[]): Promise<void> {
  const [dropTriggers, dropProcedures] = [
    trigramDown(names).filter((s) => s.startsWith('drop trigger')),
    trigramDown(names).filter((s) => s.startsWith('drop procedure')),
  ];
  for (const statement of [...dropTriggers, ...dropProcedures]) await run(db, statement);
  try {
    for (const statement of routines) await run(db, statement);
  } catch (error) {
    for (const statement of trigramDown(names)) await run(db, statement);
    console.warn(`MySQL trigram index for ${names.table} dropped (${String(error)}); LIKE will scan`);
  }
}

/** The earlier versions' procedure and triggers: one insert per trigram, deletes by `id`. */
function loopRoutines({ names: { table, side, put }, columns, key, maxLength }: TrigramIndex): string[] {
  const joined = (row: string) =>
    `lower(concat_ws(char(1), ${columns.map((c) => `${row}.\`${c}\``).join(', ')}))`;
  const changed = columns.map((c) => `not (binary old.\`${c}\` <=> binary new.\`${c}\`)`).join(' or ');
  const [newKey, oldKey] = key === 'id' ? ['new.id', 'old.id'] : [`new.\`${key}\``, `old.\`${key}\``];
  return [
    `create procedure \`${put}\`(in row_id int, in val varchar(${maxLength}))
     begin
       declare i int default 1;
       while i <= char_length(val) - 2 do
         insert ignore into \`${side}\` (trigram, id) values (substring(val, i, 3), row_id);
         set i = i + 1;
       end while;
     end`,
    `create trigger \`${side}_ai\` after insert on \`${table}\` for each row
       call \`${put}\`(${newKey}, ${joined('new')})`,
    `create trigger \`${side}_au\` after update on \`${table}\` for each row
     if ${oldKey} <> ${newKey} or ${changed} then
       delete from \`${side}\` where id = ${oldKey};
       call \`${put}\`(${newKey}, ${joined('new')});
     end if`,
    `create trigger \`${side}_ad\` after delete on \`${table}\` for each row
       delete from \`${side}\` where id = ${oldKey}`,
  ];
}
