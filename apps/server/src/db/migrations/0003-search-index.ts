/**
 * Substring indexes for the quick searches over tables that grow large (administrators,
 * members, the admin log). A quick search is `%q%` on each field, which no B-tree can
 * serve; without these every search reads the whole table.
 * - SQLite: an FTS5 `trigram` table over the fields, kept in step by triggers; the list
 *   compiler matches against it (ListSpec.quickSearchIndex).
 * - PostgreSQL: pg_trgm GIN indexes, which ILIKE '%q%' uses by itself. Skipped, with a
 *   notice, when the extension cannot be created (the searches still work, by scanning).
 * - MySQL/MariaDB: nothing. MariaDB has no n-gram full-text parser, so LIKE scans there.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SEARCHED } from '../search-tables.js';
import type { AnyDb } from './columns.js';

export function searchIndexMigration(dialect: Dialect, prefix: string): Migration {
  const entries = Object.entries(SEARCHED).map(([table, columns]) => ({
    table: `${prefix}${table}`,
    fts: `${prefix}${table}_search`,
    columns: [...columns],
  }));
  const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);
  return {
    async up(db) {
      if (dialect === 'sqlite') {
        for (const entry of entries) for (const statement of sqliteUp(entry)) await run(db, statement);
      } else if (dialect === 'postgres') {
        await run(db, postgresUp(entries));
      }
    },
    async down(db) {
      for (const { table, fts, columns } of entries) {
        if (dialect === 'sqlite') {
          for (const suffix of ['ai', 'ad', 'au']) await run(db, `drop trigger if exists "${fts}_${suffix}"`);
          await run(db, `drop table if exists "${fts}"`);
        } else if (dialect === 'postgres') {
          for (const column of columns) await run(db, `drop index if exists "${table}_${column}_trgm"`);
        }
      }
    },
  };
}

export interface Entry {
  table: string;
  fts: string;
  columns: string[];
}

export function sqliteUp({ table, fts, columns }: Entry): string[] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  const remove = `insert into "${fts}"("${fts}", rowid, ${list}) values ('delete', old.id, ${values('old')});`;
  const add = `insert into "${fts}"(rowid, ${list}) values (new.id, ${values('new')});`;
  return [
    `create virtual table "${fts}" using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    `create trigger "${fts}_ai" after insert on "${table}" begin ${add} end`,
    `create trigger "${fts}_ad" after delete on "${table}" begin ${remove} end`,
    `create trigger "${fts}_au" after update of id, ${list} on "${table}" begin ${remove} ${add} end`,
    `insert into "${fts}"("${fts}") values ('rebuild')`,
  ];
}

function postgresUp(entries: Entry[]): string {
  const indexes = entries.flatMap(({ table, columns }) =>
    columns.map(
      (c) =>
        `execute 'create index if not exists "${table}_${c}_trgm" on "${table}" using gin ("${c}" gin_trgm_ops)';`,
    ),
  );
  // A DO block's exception handler runs in a subtransaction: a refused CREATE EXTENSION does
  // not abort the migration's transaction.
  return `do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is unavailable (%); quick searches will scan', sqlerrm;
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    ${indexes.join('\n    ')}
  end if;
end $$`;
}
