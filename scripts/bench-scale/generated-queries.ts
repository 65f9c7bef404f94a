/**
 * The list queries of the generated products screen (generated-module.ts), as its generated
 * page sends them: the first page; quick searches on the title that match rarely, broadly,
 * spread, clustered, in Chinese, not at all and with two letters (shorter than a trigram);
 * the title's LIKE filter; the status select and the switch; the creation-time range; each
 * sortable column both ways; a quick search and a filter with a sort; the deep and last pages.
 * The searches whose matches are one product, a cluster, spread or none also run in ascending
 * id order, as the members' and the log's shapes do (queries.ts).
 */
import { PRODUCT_API } from './generated-module.js';
import type { ListRequest } from './list-request.js';
import { CLUSTERS, clusterIds } from './product-rows.js';
import {
  between,
  contains,
  deepPages,
  equal,
  equals,
  type ListQuery,
  like,
  MONTH_FROM,
  MONTH_TO,
  orderBy,
  range,
  shaped,
  sortings,
  stretchEnd,
} from './queries.js';

export function productQueries(rows: number): ListQuery[] {
  const q = (label: string, request: ListRequest, extra: Partial<ListQuery> = {}): ListQuery => ({
    screen: 'products',
    label,
    api: PRODUCT_API,
    request,
    ...extra,
  });
  const quick = (
    label: string,
    needle: string,
    extra: Partial<ListQuery> = {},
    direction: 'asc' | 'desc' = 'desc',
  ) =>
    q(
      shaped(`quick search, ${label} (${needle})`, direction),
      { quickSearch: needle, ...orderBy(direction) },
      { row: contains('title', needle), ...extra },
    );
  // A code of one product only: SKU-<n> with n past a tenth of the table is no other's prefix.
  const rare = Math.floor(rows * 0.777) + 1;
  // Each cluster by quick search and by its title's LIKE: the first row shown is its end.
  const clusteredShapes = (direction: 'asc' | 'desc') =>
    Object.entries(CLUSTERS).flatMap(([size, cluster]) => {
      const words = cluster.title.toLowerCase();
      const firstId = stretchEnd(clusterIds(rows, cluster), direction);
      return [
        quick(`clustered, ${size}`, words, { firstId }, direction),
        q(
          shaped(`title LIKE, clustered, ${size} (${words})`, direction),
          { search: [like('title', words)], ...orderBy(direction) },
          { row: contains('title', words), firstId },
        ),
      ];
    });
  const shapes = (['desc', 'asc'] as const).flatMap((direction) => [
    quick('rare: one product', `SKU-${rare}`, { total: 1, firstId: rare }, direction),
    quick('spread phrase', 'smart kettle', {}, direction),
    ...clusteredShapes(direction),
    quick('none', 'zzqx', { total: 0 }, direction),
  ]);
  return [
    // Exact: the generated migration counts the table's rows (largeTableCounts).
    q('first page, no filter', {}, { total: rows, firstId: rows }),
    ...shapes,
    quick('broad', 'lamp'),
    quick('Chinese phrase', '智能 水壶'),
    quick('two letters', 'ck'),
    q('title LIKE', { search: [like('title', 'sku-4242')] }, { row: contains('title', 'sku-4242') }),
    q('status = (select)', { search: [equal('status', 'gone')] }, { row: equals('status', 'gone') }),
    q('visible = (switch)', { search: [equal('visible', '0')] }, { row: equals('visible', '0') }),
    q(
      'create time RANGE (a month)',
      { search: [range('create_time', MONTH_FROM, MONTH_TO)] },
      { row: between('create_time', MONTH_FROM, MONTH_TO) },
    ),
    ...sortings('products', PRODUCT_API, ['price', 'create_time', 'weigh']),
    q(
      'quick search + sorted by price desc',
      { quickSearch: 'lamp', order: 'price,desc' },
      { row: contains('title', 'lamp'), sorted: { field: 'price', direction: 'desc' } },
    ),
    q(
      'status = + sorted by price asc',
      { search: [equal('status', 'draft')], order: 'price,asc' },
      { row: equals('status', 'draft'), sorted: { field: 'price', direction: 'asc' } },
    ),
    ...deepPages('products', PRODUCT_API, rows),
  ];
}
