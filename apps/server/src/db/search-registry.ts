/**
 * Which tables have a substring search index over which columns, and which B-tree list
 * indexes, as the list engine reads them at run time: the core's tables from their constants
 * (search-tables.ts, which their dated migrations import) and every module table whose
 * resource declared the indexes its migration made (searchIndex() of migrations/search-index.ts,
 * columnKit's index). One registry for both, so the list engine takes the same fast paths for
 * a generated table as for the members.
 *
 * Per process, like the table-prefix set: a table's name is unique across the core and the
 * modules, and a declaration only says which index to read where it exists (the list engine
 * checks MySQL's side tables exist; SQLite's FTS index is made with the table's module).
 */
import {
  DOTTED_COLUMNS,
  LIST_INDEXES,
  LOG_TRIGRAM_COLUMNS,
  SQLITE_SEARCH_COLUMNS,
  TRIGRAM_COLUMNS,
} from './search-tables.js';

export interface SearchIndexEntry {
  columns: readonly string[];
  /** The integer primary key the index's ids are. */
  key: string;
}

const entry = (columns: readonly string[]): SearchIndexEntry => ({ columns, key: 'id' });

/** SQLite: table → its FTS5 index `<table>_search`. */
const fts = new Map<string, SearchIndexEntry>(
  Object.entries(SQLITE_SEARCH_COLUMNS).map(([table, columns]) => [table, entry(columns)]),
);
/** MySQL/MariaDB: table → its trigram side table `<table>_trigram`. */
const trigrams = new Map<string, SearchIndexEntry>(
  Object.entries({ ...TRIGRAM_COLUMNS, ...LOG_TRIGRAM_COLUMNS }).map(([table, columns]) => [
    table,
    entry(columns),
  ]),
);

/**
 * A module table's search index (SQLite FTS5, MySQL side table, PostgreSQL pg_trgm: the
 * latter needs no registering, the planner finds it) over these columns, keyed by `key`.
 */
export function declareSearchIndex(table: string, columns: readonly string[], key = 'id'): void {
  if (columns.length === 0) return;
  const declared = { columns: [...columns], key };
  fts.set(table, declared);
  trigrams.set(table, declared);
}

/** SQLite: the table's FTS index, if it has one. */
export function ftsIndexOf(table: string): SearchIndexEntry | undefined {
  return fts.get(table);
}

/** MySQL/MariaDB: the table's trigram side table, if it has one. */
export function trigramIndexOf(table: string): SearchIndexEntry | undefined {
  return trigrams.get(table);
}

/** The tables with a trigram side table (logical names, without `_trigram`). */
export function trigramIndexedTables(): string[] {
  return [...trigrams.keys()];
}

/** The FTS tables' logical names (`<table>_search`), for the index upkeep. */
export function ftsIndexTables(): string[] {
  return [...fts.keys()].map((table) => `${table}_search`);
}

/** The logical names of a table's search side tables, for the table-prefix compiler. */
export function searchSideTables(table: string): string[] {
  return [`${table}_search`, `${table}_trigram`];
}

/** Table → the column lists of its B-tree list indexes. */
const listIndexes = new Map<string, readonly (readonly string[])[]>(Object.entries(LIST_INDEXES));

/** A module table's B-tree list indexes (each a column list, the key last where it pages by it). */
export function declareListIndexes(table: string, indexes: readonly (readonly string[])[]): void {
  if (indexes.length > 0)
    listIndexes.set(
      table,
      indexes.map((columns) => [...columns]),
    );
}

/** `column` of `table` is the first column of one of its list indexes. */
export function leadsListIndex(table: string, column: string): boolean {
  return (listIndexes.get(table) ?? []).some((columns) => columns[0] === column);
}

/** PostgreSQL: whether `column` (`table.column`) is indexed with its dots mapped (DOTTED_COLUMNS). */
export function isDottedColumn(column: string): boolean {
  const [table = '', name = ''] = column.split('.');
  return DOTTED_COLUMNS[table]?.includes(name) ?? false;
}
