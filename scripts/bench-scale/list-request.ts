/** A list request as the web screens send it (apps/web/src/components/table/filter.ts), as a URL. */

export interface SearchCondition {
  field: string;
  operator: '=' | 'LIKE' | 'RANGE';
  val: string;
  /** 'datetime' for time columns: RANGE values are then unix seconds. */
  render?: 'datetime';
}

export interface ListRequest {
  page?: number;
  limit?: number;
  /** 'field,asc' or 'field,desc'. */
  order?: string;
  quickSearch?: string;
  search?: SearchCondition[];
}

export const PAGE_SIZE = 20;

/** The query string axios makes with `paramsSerializer: { indexes: true }`: `search[0][field]=…`. */
export function listPath(api: string, request: ListRequest): string {
  const params = new URLSearchParams();
  params.set('page', String(request.page ?? 1));
  params.set('limit', String(request.limit ?? PAGE_SIZE));
  if (request.order) params.set('order', request.order);
  if (request.quickSearch) params.set('quickSearch', request.quickSearch);
  request.search?.forEach((condition, i) => {
    for (const [key, value] of Object.entries(condition)) params.set(`search[${i}][${key}]`, value);
  });
  return `${api}index?${params}`;
}
