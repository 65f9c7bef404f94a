/**
 * PostgreSQL: finer statistics for the columns the lists search with "contains" (quick search
 * and LIKE on the members and the admin log). With the default target (100) the planner
 * guessed 200 of two million log rows for an IP fragment that 7,815 hold, and read all of
 * them through the trigram index and sorted them for a page of 20 (84 ms); with 1,000 it
 * guesses 5,986 and walks the primary key from the newest row instead, which finds the page
 * in a few thousand rows (9 ms). A selective text still goes through the trigram index.
 * ANALYZE samples 300 rows per target unit: a few seconds on a large table, once.
 */
import { type Migration, sql } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SEARCHED } from '../search-tables.js';
import { LIKE_COLUMNS } from './0012-list-indexes.js';
import type { AnyDb } from './columns.js';

const TARGET = 1000;

/** Table → its columns searched by substring on the list screens. */
const SEARCHED_TEXT: Record<string, string[]> = {
  user: [...SEARCHED.user, ...(LIKE_COLUMNS.user ?? [])],
  admin_log: [...SEARCHED.admin_log, ...(LIKE_COLUMNS.admin_log ?? [])],
};

export function likeStatisticsMigration(dialect: Dialect): Migration {
  const setTarget = async (db: AnyDb, target: number) => {
    for (const [table, columns] of Object.entries(SEARCHED_TEXT)) {
      for (const column of columns)
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set statistics ${sql.lit(target)}`.execute(
          db,
        );
      await sql`analyze ${sql.table(table)}`.execute(db);
    }
  };
  return {
    async up(db) {
      if (dialect === 'postgres') await setTarget(db, TARGET);
    },
    async down(db) {
      // -1: back to the server's default_statistics_target.
      if (dialect === 'postgres') await setTarget(db, -1);
    },
  };
}
