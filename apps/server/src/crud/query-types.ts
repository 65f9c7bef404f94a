/**
 * The type of a list query over any tables. Its own module because the list helpers
 * (list-total, search-index, list-page-rows, list-page-ids, few-matches) take such queries
 * while resource.ts, which builds them, imports those helpers: declared in resource.ts, each
 * helper imported it back (no import cycles: docs/architecture.md, "Layers"). A leaf: it imports only kysely.
 */
import type { SelectQueryBuilder } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: list queries join arbitrary tables.
export type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * One filtered list query in two forms with the same rows: `indexed` for reads through a text
 * index and for the planner's estimates, `walked` for checking rows one by one along the order
 * (PostgreSQL's IP LIKE: crud/list-query.ts walkedFormDiffers). Usually the same query.
 */
export interface SearchForms {
  indexed: AnySelect;
  walked: AnySelect;
}
