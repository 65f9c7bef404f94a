/**
 * MySQL/MariaDB: postings for the admin log's quick search, as the members and administrators
 * have had since 0013 (SQLite's FTS index and PostgreSQL's pg_trgm index cover the log's title
 * since 0003). 0013 left the log out: its titles are a few hundred distinct values repeated over
 * millions of rows, so most of their trigrams' postings are much of the table, and a search for
 * them reads the log in order anyway (the list engine's walk, trigram-search.ts). But a title
 * that is rare, or whose rows lie far from the end, was found only by reading the whole log,
 * page and count (1.9 s at a million rows); its rarest trigram's postings now find it.
 *
 * The side table, its set-based routines and its first fill are those of a module's
 * searchIndex() (search-index.ts), over LOG_TRIGRAM_COLUMNS; where the server refuses the
 * triggers, it warns and the searches scan as before. Other databases: nothing.
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { LOG_TRIGRAM_COLUMNS } from '../search-tables.js';
import type { AnyDb } from './columns.js';
import { searchIndex } from './search-index.js';

export function logTrigramsMigration(dialect: Dialect, prefix: string): Migration {
  /** Each table's index over its columns, or (`drop`) none: searchIndex drops what is there first. */
  const each = async (db: AnyDb, drop: boolean) => {
    if (dialect !== 'mysql') return;
    for (const [table, columns] of Object.entries(LOG_TRIGRAM_COLUMNS))
      await searchIndex(db, { dialect, prefix }, table, drop ? [] : columns);
  };
  return { up: (db) => each(db, false), down: (db) => each(db, true) };
}
