/**
 * Every logical table the core owns: application data, bookkeeping and the search indexes'
 * side tables. The table-prefix plugin starts from these; the CRUD generator refuses to
 * design, alter or drop any of them.
 */
import { BOOKKEEPING_TABLES, TABLE_NAMES } from './schema.js';
import { SEARCH_INDEX_TABLES, TRIGRAM_TABLES } from './search-tables.js';
import { SEGMENTED_TABLES, segmentTables } from './trigram-segments.js';

export const CORE_TABLES: ReadonlySet<string> = new Set([
  ...TABLE_NAMES,
  ...BOOKKEEPING_TABLES,
  ...SEARCH_INDEX_TABLES,
  ...TRIGRAM_TABLES,
  ...SEGMENTED_TABLES.flatMap(segmentTables),
]);
