/**
 * Reading a resource's list: the rows the request's filters select, as a page with its total
 * (the index), or all of them in order (the export, crud/export/). Both see the same rows: the
 * filters, the search indexes and the id span are applied here once.
 */
import type { FastifyRequest } from 'fastify';
import { buildTree, type TreeRow, treeOptions } from '../util/tree.js';
import { fewTextMatches } from './few-matches.js';
import { blockStarts } from './id-block.js';
import { type IdSpan, planIdSpan, withinSpan } from './id-span.js';
import { pageRows } from './list-page-rows.js';
import {
  applyListFilters,
  applyListOrder,
  type FilterOptions,
  type ListParams,
  pageFromOtherIndex,
  parseListParams,
  walkedFormDiffers,
} from './list-query.js';
import { isLargeTable, type ListTotal, listTotal } from './list-total.js';
import { tracePage, traceTotal } from './list-trace.js';
import type { AnySelect } from './query-types.js';
import type { ListReader } from './resource-services.js';
import type { ResourceSpec, Row } from './resource-spec.js';
import { pageFromSearchIndex, searchIndexMatches } from './search-index.js';
import { idsAmong, type VerifyIds } from './segment-search.js';
import { planTrigrams } from './trigram-search.js';

export function asObject(value: unknown): Row {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
}

/** Turns stored rows into listed ones: the resource's `present`, then its `localise`. */
export function presenter(spec: ResourceSpec, request: FastifyRequest) {
  return async (rows: Row[]): Promise<Row[]> => {
    const shown = spec.present ? await spec.present(rows, request) : rows;
    return spec.localise ? spec.localise(shown, request.lang) : shown;
  };
}

export interface FilteredList {
  /** The list query with the request's conditions. */
  filtered: AnySelect;
  /** `filtered`, narrowed to the id span a time range covers when there is one (same rows). */
  base: AnySelect;
  /**
   * `filtered` and `base` in the form cheapest to check row by row along the order (the same
   * rows; they differ only where walkedFormDiffers says): for the reads that walk.
   */
  walked: { filtered: AnySelect; base: AnySelect };
  span: IdSpan | null;
  /** The options the filters were applied with, to apply them again with other parameters. */
  filters: FilterOptions;
}

/**
 * The request's conditions applied to the resource's list query, unordered and unpaged.
 * `whole`: every matching row is read (an export), not a page and its count window.
 */
export async function filteredList(
  ctx: ListReader,
  spec: ResourceSpec,
  request: FastifyRequest,
  params: ListParams,
  unfiltered: AnySelect,
  { whole = false }: { whole?: boolean } = {},
): Promise<FilteredList> {
  const timeZone = await ctx.settings.get('time_zone');
  const span = spec.tree ? null : await planIdSpan(ctx.db, spec.table, spec.list, params, timeZone);
  const spanned = (query: AnySelect) => (span ? query.where(withinSpan(spec.list, span)) : query);
  const lang = request.lang;
  const trigrams = await planTrigrams(ctx.db, ctx.dialect, spec.list, params, {
    // Only MySQL's segmented indexes check candidates (and an export wants every match).
    verify:
      whole || !ctx.dialect.trigramPostings
        ? undefined
        : listedAmong(unfiltered, spec, params, ctx, { timeZone, lang }, spanned),
    large: () => isLargeTable(ctx.db, ctx.dialect, spec.table),
  });
  const matches = await searchIndexMatches(ctx.db.kysely, ctx.dialect, spec.list, params);
  for (const match of matches.values())
    tracePage(match === 'broad' ? 'fts-walk' : `fts-ids(${match.length})`);
  if (span) tracePage(`id-span(${span.hi - span.lo + 1})`);
  const options = { timeZone, lang, trigrams, matches };
  const filtered = applyListFilters(unfiltered, spec.list, params, ctx.dialect, options);
  const walkedFiltered = walkedFormDiffers(spec.list, params, ctx.dialect)
    ? applyListFilters(unfiltered, spec.list, params, ctx.dialect, { ...options, walked: true })
    : filtered;
  return {
    filtered,
    base: spanned(filtered),
    walked: { filtered: walkedFiltered, base: spanned(walkedFiltered) },
    span,
    filters: options,
  };
}

/**
 * The list's rows among some ids: its every condition, the searches as plain LIKEs (no index
 * read), for a segmented index's candidates checked a chunk at a time (crud/segment-search.ts).
 */
function listedAmong(
  unfiltered: AnySelect,
  spec: ResourceSpec,
  params: ListParams,
  ctx: ListReader,
  options: FilterOptions,
  spanned: (query: AnySelect) => AnySelect,
): VerifyIds {
  const listed = spanned(applyListFilters(unfiltered, spec.list, params, ctx.dialect, options));
  return idsAmong(listed, spec.list.fields[spec.list.pk]?.column ?? spec.list.pk);
}

/** The index's answer: a page of rows and its total, or a tree, or select options. */
export async function listRows(ctx: ListReader, spec: ResourceSpec, request: FastifyRequest) {
  const query = asObject(request.query);
  const params = parseListParams(query, spec.list, spec.table);
  const unfiltered = await spec.listQuery(ctx.db.kysely, request);
  const present = presenter(spec, request);
  if (!spec.tree) {
    const searched = await pageFromSearchIndex(ctx.db.kysely, ctx.dialect, spec.list, params, unfiltered);
    if (searched) {
      tracePage('fts-order');
      traceTotal('fts-count');
      const { rows, ...total } = searched;
      return { list: await present(rows), ...total };
    }
  }
  const { filtered, base, walked, span, filters } = await filteredList(
    ctx,
    spec,
    request,
    params,
    unfiltered,
  );
  if (spec.tree) {
    const rows = await present((await applyListOrder(base, spec.list, params).execute()) as Row[]);
    const nodes = rows as TreeRow[];
    if (params.select) {
      const filter = spec.tree.selectFilter ?? (() => true);
      return { options: treeOptions(buildTree(nodes.filter(filter)), spec.tree.selectLabel) };
    }
    // A remote select asking for its current values, or `isTree=0`, wants a flat list.
    const flat = query.isTree === '0' || params.initValue.length > 0;
    return { list: flat ? rows : buildTree(nodes) };
  }
  // No condition from the request nor from the resource (a scope): the whole table is listed.
  const wholeTable =
    !params.quickSearch &&
    params.search.length === 0 &&
    params.initValue.length === 0 &&
    !unfiltered.toOperationNode().where;
  // A text search matching few rows: its page is taken from its index's matches, sorted.
  // Estimated without the span's `id between`, which repeats the time range's selectivity
  // (PostgreSQL multiplies the two and took a month's 54,000 matches for 1,563).
  const text = await fewTextMatches(
    ctx.db,
    ctx.dialect,
    spec.list,
    params,
    { indexed: filtered, walked: walked.filtered },
    {
      spanned: !!span,
      refilter: (other) => applyListFilters(unfiltered, spec.list, other, ctx.dialect, filters),
    },
  );
  const narrowed = text.narrowed;
  const read = text.walks ? walked.base : base;
  // The first matches, when already found, hold the page and its count window; a count past
  // the window still reads the whole search.
  const found = text.within ? read.where(text.within) : read;
  // A window count walks the rows the way the page does, when the page walks the order.
  const ordered =
    pageFromOtherIndex(spec.list, params, { narrowed, spanned: !!span }) && !text.within
      ? undefined
      : applyListOrder(found, spec.list, params);
  const total = () => listTotal(ctx.db, ctx.dialect, spec.table, read, wholeTable, { ...params, ordered });
  const page = (known?: ListTotal) =>
    pageRows(found, spec.list, params, ctx.dialect, {
      narrowed,
      spanned: !!span,
      total: known,
      idIndex: ctx.dialect.idOrderIndex(ctx.db.prefix, spec.table),
      blockStart: wholeTable ? blockStarts(ctx.db, spec.table, spec.list) : undefined,
    });
  // The whole table's kept count comes at once and lets its back half be read from the end.
  // A filtered list's count walks rows as its page does: both at once, on two connections
  // (its total is exact only when small, where reading from the end saves little).
  const [counted, rows] = wholeTable
    ? await total().then(async (known) => [known, await page(known)] as const)
    : await Promise.all([total(), page()]);
  return { list: await present(rows), ...counted };
}
