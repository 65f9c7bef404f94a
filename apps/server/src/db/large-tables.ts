/**
 * What the database keeps beside the tables that grow large (members, the admin log) so their
 * lists stay fast: exact row counts, an index on the id alone, the ids each day's rows hold,
 * the rows per block of ids. The migrations that create them (0016 to 0019) and the list
 * engine that reads them (crud/) both import these, so the runtime never imports a dated
 * migration.
 *
 * A migration that imports a constant describes the schema with it: changing one here changes
 * what that migration did. Add a table with a new migration (see COUNTED_TABLES).
 */

/**
 * The core tables whose total `row_count` keeps (migration 0016). Another core table joins with
 * a migration of its own calling addRowCounter, and its name here; a module's table through
 * largeTableCounts (migrations/large-table-counts.ts). The list engine reads the slots of any
 * table that has them (crud/list-total.ts).
 */
export const COUNTED_TABLES: readonly string[] = ['user', 'admin_log'];

/** SQLite and MySQL/MariaDB: the tables with an index on the id alone, for deep pages in id order. */
export const ID_ORDERED_TABLES: readonly string[] = ['user', 'admin_log'];

/** A table's index on the id alone: the (logical) table and the index's name. */
export interface IdOrderIndex {
  table: string;
  name: string;
}

/** `table`'s index on the id alone, when it has one. */
export function idOrderIndex(prefix: string, table: string): IdOrderIndex | undefined {
  return ID_ORDERED_TABLES.includes(table) ? { table, name: `${prefix}${table}_id` } : undefined;
}

/** Tables whose `create_time` spans are kept (`id_span`). */
export const SPANNED_TABLES: readonly string[] = ['user', 'admin_log'];

export const SPAN_COLUMN = 'create_time';
export const SECONDS_PER_DAY = 86_400;

/** The core tables whose rows per block are kept (`id_block`); a module's through largeTableCounts. */
export const BLOCKED_TABLES: readonly string[] = ['user', 'admin_log'];

/** Ids per block: a deep page skips fewer rows than this past its block's start. */
export const BLOCK = 4096;
