/**
 * PostgreSQL: the IP-address columns searched with LIKE (the members' last sign-in address,
 * the admin log's address) get their pg_trgm index over the value with its dots mapped to a
 * letter (search-index-sql.ts, dottedValue), which the list engine's LIKE on them reads
 * (crud/list-query.ts), so an address is one word to pg_trgm, not four. The plain index 0012
 * made on them is dropped: no query reads it now, and every write paid for it.
 *
 * The table is analysed once the index is there, so the planner has the expression's
 * statistics from the start: without them it guesses a LIKE's matches (5,000 of a million),
 * and the list engine chooses its path from that guess (crud/few-matches.ts). Skipped, like
 * 0012's, where pg_trgm could not be installed: the LIKE then reads the table either way.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { postgresDottedIndex, postgresTrigramIndex } from '../search-index-sql.js';
import { DOTTED_COLUMNS } from '../search-tables.js';
import type { AnyDb } from './columns.js';

export function dottedTrigramsMigration(dialect: Dialect, prefix: string): Migration {
  const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);
  const hasTrgm = async (db: AnyDb) =>
    (await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db)).rows.length > 0;
  return {
    async up(db) {
      if (dialect !== 'postgres' || !(await hasTrgm(db))) return;
      for (const [table, columns] of Object.entries(DOTTED_COLUMNS)) {
        for (const column of columns) {
          for (const statement of postgresDottedIndex(`${prefix}${table}`, column)) await run(db, statement);
          await run(db, `drop index if exists "${prefix}${table}_${column}_trgm"`);
        }
        await run(db, `analyze "${prefix}${table}"`);
      }
    },
    async down(db) {
      if (dialect !== 'postgres') return;
      const trgm = await hasTrgm(db);
      for (const [table, columns] of Object.entries(DOTTED_COLUMNS)) {
        for (const column of columns) {
          if (trgm) await run(db, postgresTrigramIndex(`${prefix}${table}`, column));
          await run(db, `drop index if exists "${prefix}${table}_${column}_dots"`);
        }
      }
    },
  };
}
