/** The list query a page sends to `index` (the original's "Filter"), and its URL prefill. */
import type { ListQuery, ListSearchItem, SearchOperator } from '@portico/shared';
import type { Column, ListSpec, Row } from './types';

/** One common-search condition; the web sends a scalar `val` (IN lists comma-joined). */
export type SearchItem = ListSearchItem & { val: string };

/** The list query a page sends. */
export type Filter = ListQuery & { search: SearchItem[] };

export const PAGE_SIZES = [10, 20, 50, 100];

export function searchable<R extends Row>(column: Column<R>): boolean {
  return column.operator !== false && typeof column.render !== 'function';
}

export function operatorOf<R extends Row>(column: Column<R>): SearchOperator {
  return column.operator || '=';
}

/**
 * `?user_id=5` (e.g. from "Adjust balance") filters the first load and pre-fills the common
 * search: every query parameter naming a searchable column becomes a search item.
 */
export function initialFilter<R extends Row>(spec: ListSpec<R>, query: URLSearchParams): Filter {
  const search: SearchItem[] = [];
  for (const column of spec.columns) {
    const val = query.get(column.prop);
    if (val === null || val === '' || !searchable(column)) continue;
    search.push(searchItem(column, val));
  }
  return {
    page: 1,
    limit: PAGE_SIZES[0] ?? 10,
    order: '',
    quickSearch: query.get('quickSearch') ?? '',
    search,
  };
}

function searchItem<R extends Row>(column: Column<R>, val: string): SearchItem {
  const item: SearchItem = { field: column.searchField ?? column.prop, val, operator: operatorOf(column) };
  if (column.render === 'datetime') item.render = 'datetime';
  return item;
}

/** The GET parameters of `index`; empty parts are left out. */
export function indexParams(
  filter: Filter,
  extra: Record<string, unknown> = {},
  paged = true,
): Record<string, unknown> {
  const params: Record<string, unknown> = { ...extra };
  if (paged) {
    params.page = filter.page;
    params.limit = filter.limit;
  }
  if (filter.order) params.order = filter.order;
  if (filter.quickSearch) params.quickSearch = filter.quickSearch;
  // A screen's fixed conditions (`extra.search`) stay; the administrator's filters come on top.
  const fixed = Array.isArray(extra.search) ? extra.search : [];
  if (fixed.length + filter.search.length > 0) params.search = [...fixed, ...filter.search];
  return params;
}

/** Reads a dotted property (`user.nickname`) of a row. */
export function valueAt(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Row | undefined)?.[key], row);
}
