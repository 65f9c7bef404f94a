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
import { type TrigramNames, trigramRoutines } from '../search-index-sql.js';
import type { AnyDb } from './columns.js';
import { replaceRoutines, type TrigramIndex, trigramIndexes } from './trigram-indexes.js';
import { trigramNumbers } from './trigram-numbers.js';

export function setBasedTrigramsMigration(dialect: Dialect, prefix: string): Migration {
  return {
    async up(db) {
      if (dialect !== 'mysql') return;
      const numbers = await trigramNumbers(db);
      for (const index of await trigramIndexes(db, prefix)) {
        await replaceRoutines(db, index, (names) =>
          // The form of this version: 0031 makes updates write only the changed trigrams, 0036
          // joins the removal.
          trigramRoutines(names, index.columns, index.maxLength, numbers, {
            key: index.key,
            form: 'every-trigram',
            removal: 'derived',
          }),
        );
        // Only now: until the old triggers were gone, they deleted by `id`.
        if (await hasIdKey(db, index.names.side))
          await run(db, `alter table \`${index.names.side}\` drop key \`id\``);
      }
    },
    async down(db) {
      if (dialect !== 'mysql') return;
      for (const index of await trigramIndexes(db, prefix)) {
        if (!(await hasIdKey(db, index.names.side)))
          await run(db, `alter table \`${index.names.side}\` add key \`id\` (id)`);
        await replaceRoutines(db, index, (names) => loopRoutines(names, index));
      }
    },
  };
}

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

async function hasIdKey(db: AnyDb, side: string): Promise<boolean> {
  const { rows } = await sql<{ found: number }>`select count(*) as found from information_schema.statistics
    where table_schema = database() and table_name = ${side} and index_name = 'id'`.execute(db);
  return Number(rows[0]?.found ?? 0) > 0;
}

/** The earlier versions' procedure and triggers: one insert per trigram, deletes by `id`. */
function loopRoutines(
  { table, side, put, triggers }: TrigramNames,
  { columns, key, maxLength }: TrigramIndex,
): string[] {
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
    `create trigger \`${triggers}_ai\` after insert on \`${table}\` for each row
       call \`${put}\`(${newKey}, ${joined('new')})`,
    `create trigger \`${triggers}_au\` after update on \`${table}\` for each row
     if ${oldKey} <> ${newKey} or ${changed} then
       delete from \`${side}\` where id = ${oldKey};
       call \`${put}\`(${newKey}, ${joined('new')});
     end if`,
    `create trigger \`${triggers}_ad\` after delete on \`${table}\` for each row
       delete from \`${side}\` where id = ${oldKey}`,
  ];
}
