/**
 * What a client sends a list endpoint (`index`): the page, order, quick search and common
 * search conditions; what the endpoint answers beside its rows; and what a client may send to
 * page by key. The total's kind and the key are additions to the original's wire shape
 * (`list`, `total`; `page`, `limit`): a client that knows neither keeps working.
 */

/** The common search's operators (`search[i][operator]`). */
export const SEARCH_OPERATORS = [
  '=',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'LIKE',
  'NOT LIKE',
  'IN',
  'NOT IN',
  'RANGE',
  'NOT RANGE',
  'NULL',
  'NOT NULL',
  'FIND_IN_SET',
] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

/** One condition of the common search, as sent (`search[i][field|val|operator|render]`). */
export interface ListSearchItem {
  field: string;
  operator: SearchOperator;
  /** A scalar; a list for IN / NOT IN / FIND_IN_SET; `from,to` for RANGE. */
  val: string | string[];
  /** How the column is shown (`datetime` makes RANGE values times in the site's zone). */
  render?: string;
}

/** The query of a list request. */
export interface ListQuery {
  page: number;
  limit: number;
  /** 'field,asc' or 'field,desc'; '' for the resource's default order. */
  order: string;
  quickSearch: string;
  search: ListSearchItem[];
}

/**
 * How `total` was obtained: 'exact' (counted; absent on the wire means this), 'about' (the
 * database's estimate of an unfiltered large table) or 'atLeast' (a filtered list with more
 * matches than the server counts; `total` is that bound).
 */
export type ListTotalKind = 'exact' | 'about' | 'atLeast';

export interface ListTotalFields {
  total: number;
  totalKind?: Exclude<ListTotalKind, 'exact'>;
}

/**
 * A row's position in the list's order: its id and, when the list is sorted by another
 * column, that column's value (null when the row has none).
 */
export interface ListKey {
  id: number;
  value?: number | null;
}

/**
 * Sent with `page` when the client shows page `page` and asks for a neighbour: the first and
 * last rows of the page shown. The server then seeks past the key instead of skipping rows.
 * As query parameters: `seek[page]`, `seek[first][id]`, `seek[first][value]`, `seek[last][id]`...
 * An empty `value` means null.
 */
export interface ListSeek {
  page: number;
  first?: ListKey;
  last?: ListKey;
}
