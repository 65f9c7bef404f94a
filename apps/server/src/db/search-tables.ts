/**
 * Which columns the list engine's search and list indexes cover. The migrations that create
 * the indexes (0003, 0012, 0013) and the list engine that reads them (crud/) both import these,
 * so the two cannot drift apart; the runtime never imports a dated migration.
 *
 * A migration that imports a constant describes the schema with it: changing one here changes
 * what that migration did. Cover a new column with a new migration and a new constant.
 */

/** Indexed table → the quick-search columns its index covers. The SQLite FTS table is `<table>_search`. */
export const SEARCHED = {
  admin: ['username', 'nickname'],
  user: ['username', 'nickname'],
  admin_log: ['title'],
} as const;

/** Logical names of the SQLite FTS tables, for the table-prefix plugin. */
export const SEARCH_INDEX_TABLES = Object.keys(SEARCHED).map((table) => `${table}_search`);

/** SQLite: the members' FTS5 index covers the quick-search columns and the LIKE-searched ones. */
export const SQLITE_SEARCH_COLUMNS: Record<string, readonly string[]> = {
  ...SEARCHED,
  user: ['username', 'nickname', 'email', 'mobile', 'last_login_ip'],
};

/** MySQL/MariaDB: table → its columns searched with LIKE or the quick search, in its trigram side table. */
export const TRIGRAM_COLUMNS = {
  user: ['username', 'nickname', 'email', 'mobile', 'last_login_ip'],
  admin: ['username', 'nickname'],
} as const satisfies Record<string, readonly string[]>;

export type TrigramTable = keyof typeof TRIGRAM_COLUMNS;

/**
 * MySQL/MariaDB: the admin log's trigram side table (migration 0029), over the quick search's
 * column as SQLite's FTS index has it. Without it a search of the log whose matches are rare or
 * lie far from the end read the whole table (1.9 s at a million rows).
 */
export const LOG_TRIGRAM_COLUMNS = {
  admin_log: ['title'],
} as const satisfies Record<string, readonly string[]>;

/** Logical names of the trigram side tables, for the table-prefix compiler. */
export const TRIGRAM_TABLES = Object.keys({ ...TRIGRAM_COLUMNS, ...LOG_TRIGRAM_COLUMNS }).map(
  (table) => `${table}_trigram`,
);

/**
 * PostgreSQL: LIKE-searched columns of dotted values (IP addresses), whose pg_trgm index is over
 * the value with its dots mapped to a letter (search-index-sql.ts, migration 0035). The index
 * answers an address's matches sooner where they are sorted from it (a million log entries:
 * 53.3 ms p95 plain, 32.2 mapped), but translate() on every row makes a walk along the list
 * dearer (ten million entries, whose 40,000 matches are walked: 22.8 plain, 46.8 mapped).
 */
export const DOTTED_COLUMNS: Record<string, readonly string[]> = {
  user: ['last_login_ip'],
  admin_log: ['ip'],
};

/** Table → the column lists of its B-tree list indexes, each ending in the primary key. */
export const LIST_INDEXES: Record<string, string[][]> = {
  user: [
    ['create_time', 'id'],
    ['last_login_time', 'id'],
    ['status', 'id'],
    ['gender', 'id'],
    ['group_id', 'id'],
  ],
  admin_log: [
    ['create_time', 'id'],
    // Non-super administrators see only their own entries: every page of theirs starts here.
    ['admin_id', 'id'],
  ],
};
