/**
 * PostgreSQL: the BRIN index on the key of every module table counted before largeTableCounts
 * made one (large-table-counts.ts): generated tables and modules' own, found by their block
 * triggers, each with the key its block function counts by. 0030 gave the members and the log
 * theirs. Down drops them again. Other databases: nothing.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { BLOCKED_TABLES } from '../large-tables.js';
import type { AnyDb } from './columns.js';
import { addKeyBrin, dropKeyBrin } from './large-table-counts.js';

/** The key in a block function's text: `"key" / 1024` (0019-id-blocks.ts, blockOf). */
const BLOCK_KEY = /"([A-Za-z_][A-Za-z0-9_]{0,63})" \/ \d+/;

/** The counted module tables (without the prefix) and the key each is counted by. */
async function countedModuleTables(db: AnyDb, prefix: string): Promise<{ table: string; key: string }[]> {
  const { rows } = await sql<{ name: string; source: string }>`
    select c.relname as name, p.prosrc as source
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = current_schema() and t.tgname = c.relname || '_block_ai'`.execute(db);
  return rows.flatMap(({ name, source }) => {
    const table = name.slice(prefix.length);
    const key = BLOCK_KEY.exec(source)?.[1];
    if (!name.startsWith(prefix) || BLOCKED_TABLES.includes(table) || !key) return [];
    return [{ table, key }];
  });
}

export function moduleKeyBrinMigration(dialect: Dialect, prefix: string): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const { table, key } of await countedModuleTables(db, prefix))
        await addKeyBrin(db, prefix, table, key);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const { table } of await countedModuleTables(db, prefix)) await dropKeyBrin(db, prefix, table);
    },
  };
}
