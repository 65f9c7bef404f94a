/**
 * SQLite quick search through the FTS5 trigram index (ListSpec.quickSearchIndex). Reading
 * the index is most of a searched list's cost: a condition `id in (… match …)` reads it
 * once for the total and again for the page. When the search is the list's only condition
 * and the list is in primary-key order (the common case: typing in the quick-search box, or
 * one LIKE filter), the index is read once instead: its matching ids, in the list's order and
 * no more than the count cap (crud/list-total.ts), give the total and the page, fetched by
 * primary key.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import { ftsIndexOf } from '../db/search-registry.js';
import type { ListDialect } from './list-dialect.js';
import { joinsOnlyLookUp } from './list-page-ids.js';
import type { ListField, ListParams, ListSpec } from './list-params.js';
import { COUNT_CAP, type ListTotal } from './list-total.js';
import type { AnySelect } from './query-types.js';
import { quickFieldsFor } from './quick-fields.js';

/** The trigram tokenizer needs three characters; shorter searches fall back to LIKE. */
const TRIGRAM = 3;

export function usesSearchIndex(
  spec: ListSpec,
  text: string,
  dialect: ListDialect,
): spec is ListSpec & { quickSearchIndex: string } {
  if (!dialect.ftsIndexes || !spec.quickSearchIndex || [...text].length < TRIGRAM) return false;
  // The index holds the text fields: a number field the text may be in leaves it to LIKE.
  return quickFieldsFor(spec, text).every((name) => spec.fields[name]?.type === 'string');
}

/**
 * One FTS phrase is a case-insensitive substring match, like LIKE %text%; inside a phrase only
 * the double quote is special, and it is doubled. The column filter keeps the match to the
 * columns searched: an index may cover more (0013-like-indexes.ts).
 */
export function searchPhrase(text: string, columns: readonly string[]): string {
  return `{${columns.join(' ')}} : "${text.replaceAll('"', '""')}"`;
}

/** The quick-search fields' column names the text can be in, as the index names them. */
export function quickColumns(spec: ListSpec, text: string): string[] {
  return quickFieldsFor(spec, text).map((name) => (spec.fields[name]?.column ?? '').split('.').pop() ?? '');
}

/**
 * SQLite: the FTS5 index, the row key and the phrase a LIKE on `field` searches with; null when
 * no index covers it (db/search-registry.ts: the core's and the modules' declared indexes).
 */
function likeSearch(
  field: ListField,
  text: string,
  dialect: ListDialect,
): { index: string; key: string; phrase: string } | null {
  if (!dialect.ftsIndexes || field.type !== 'string' || [...text].length < TRIGRAM) return null;
  const [table = '', column = ''] = field.column.split('.');
  const declared = ftsIndexOf(table);
  if (!declared?.columns.includes(column)) return null;
  return { index: `${table}_search`, key: `${table}.${declared.key}`, phrase: searchPhrase(text, [column]) };
}

/**
 * SQLite: rows whose `column` may contain `text`, from the table's FTS5 index when it covers
 * the column (LIKE beside it decides): among `matched`, the index's matches already read
 * (searchIndexMatches), or else from the index. Null when no index covers the column, or the
 * text is too short.
 */
export function likeFromSearchIndex(
  field: ListField,
  text: string,
  dialect: ListDialect,
  matched?: readonly number[],
): RawBuilder<SqlBool> | null {
  const search = likeSearch(field, text, dialect);
  if (!search) return null;
  if (matched) return amongMatches(search.key, matched);
  const index = sql.table(search.index);
  return sql<SqlBool>`${sql.ref(search.key)} in (select rowid from ${index} where ${index} match ${search.phrase})`;
}

/** SQLite FTS matches from which a search is broad: walking the rows finds a page sooner. */
export const BROAD = 5_000;

/** How searchIndexMatches names the quick search and a LIKE filter. */
export const quickKey = (text: string) => `quick ${text}`;
export const likeKey = (field: ListField, text: string) => `${field.column} ${text}`;

/** What a search found in its FTS index: `broad` (BROAD matches or more), or the matching rowids. */
export type IndexMatch = 'broad' | readonly number[];
export type IndexMatches = ReadonlyMap<string, IndexMatch>;

export const NO_INDEX_MATCHES: IndexMatches = new Map();

/**
 * SQLite: each search of this list that would use an FTS index (quickKey / likeKey), read
 * once, up to BROAD matches. A broad search is walked in the list's order instead: `id in
 * (FTS match)` gathers every match before the first row is read (a word in one nickname of
 * twenty is 50,000 rowids), while walking meets a page of them within a few hundred rows.
 * Fewer matches are kept as ids for the page and its count, which would otherwise each read
 * the index again: a phrase of common trigrams (an IP's `10.`) costs 15 ms a read.
 */
export async function searchIndexMatches(
  db: Kysely<Database>,
  dialect: ListDialect,
  spec: ListSpec,
  params: ListParams,
): Promise<IndexMatches> {
  const found = new Map<string, IndexMatch>();
  if (!dialect.ftsIndexes) return found;
  const read = async (index: string, phrase: string): Promise<IndexMatch> => {
    const table = sql.table(index);
    const { rows } = await sql<{ id: number }>`select rowid as id from ${table}
      where ${table} match ${phrase} limit ${sql.lit(BROAD)}`.execute(db);
    return rows.length >= BROAD ? 'broad' : rows.map((row) => Number(row.id));
  };
  if (params.quickSearch && usesSearchIndex(spec, params.quickSearch, dialect)) {
    const phrase = searchPhrase(params.quickSearch, quickColumns(spec, params.quickSearch));
    found.set(quickKey(params.quickSearch), await read(spec.quickSearchIndex, phrase));
  }
  for (const item of params.search) {
    const field = spec.fields[item.field];
    if (item.operator !== 'LIKE' || typeof item.val !== 'string' || !field) continue;
    const search = likeSearch(field, item.val, dialect);
    if (search) found.set(likeKey(field, item.val), await read(search.index, search.phrase));
  }
  return found;
}

/** The rows whose `column` is one of an index's matches: one JSON parameter, however many. */
export function amongMatches(column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * The page and total of a list whose only condition is one text search an FTS index serves
 * (the quick search, or a LIKE filter on an indexed column), in primary-key order, from one
 * read of the index; null otherwise (other conditions, a scope, a joins that may filter, another
 * order). The index reads its matches in rowid order and stops at the count cap, so the cost
 * follows the matches read, wherever in the table they lie: walking the rows instead read 800,000
 * members before a stretch of matches joined years ago.
 */
export async function pageFromSearchIndex(
  db: Kysely<Database>,
  dialect: ListDialect,
  spec: ListSpec,
  params: ListParams,
  base: AnySelect,
): Promise<({ rows: Record<string, unknown>[] } & ListTotal) | null> {
  const pk = spec.fields[spec.pk];
  if (!pk || params.initValue.length > 0 || params.order.field !== spec.pk) return null;
  const search = onlySearch(spec, params, dialect);
  if (!search) return null;
  const node = base.toOperationNode();
  if (node.where || node.groupBy || !joinsOnlyLookUp(node)) return null;
  const offset = (params.page - 1) * params.limit;
  // A page past the counted matches is read by the general query.
  if (offset + params.limit > COUNT_CAP) return null;

  const ids = await firstMatches(db, search, params.order.direction);
  if (params.order.direction === 'desc') ids.reverse();
  const total: ListTotal =
    ids.length > COUNT_CAP ? { total: COUNT_CAP, totalKind: 'atLeast' } : { total: ids.length };
  const pageIds = ids.slice(offset, offset + params.limit);
  if (pageIds.length === 0) return { rows: [], ...total };
  const rows = await pageQuery(db, base, pk.column, params.order.direction)(JSON.stringify(pageIds));
  return { rows, ...total };
}

/** Matches a descending list reads ascending first, to turn round when they are all of them. */
const FEW_MATCHES = 2_000;

/**
 * The ids of the first matches in the list's order, one past the count cap at most, ascending.
 * FTS5 reads a phrase in descending rowid order by loading each trigram's whole doclist, where
 * ascending it skips through them, so a descending list first reads up to FEW_MATCHES
 * ascending: when that is all of them, they are the answer. More, and that read is lost; it
 * is kept short because a broad search's ascending read costs about what its descending one
 * does (ten million log entries, `data import-run`: 10,001 matches 4.2 ms ascending, 5.5
 * descending; the first 2,000 ascending 1.0). Measured, one read: `user12` among 10,000
 * administrators 234 → 85 µs; an IP's 1,039 matches among a million members 16.1 → 9.7 ms.
 */
async function firstMatches(
  db: Kysely<Database>,
  search: { index: string; phrase: string },
  direction: 'asc' | 'desc',
): Promise<number[]> {
  // The set is the first matches in the list's order; an aggregate promises no order of its own.
  const read = async (order: 'asc' | 'desc', limit: number) => {
    const [matched] = await matchQuery(db, search.index, order, limit)(search.phrase);
    return (JSON.parse(matched?.ids ?? '[]') as number[]).sort((a, b) => a - b);
  };
  if (direction === 'desc') {
    const few = await read('asc', FEW_MATCHES);
    if (few.length < FEW_MATCHES) return few;
  }
  return read(direction, COUNT_CAP + 1);
}

/** The index and phrase of the list's only condition, when it is one text search an index serves. */
function onlySearch(
  spec: ListSpec,
  params: ListParams,
  dialect: ListDialect,
): { index: string; phrase: string } | null {
  if (params.quickSearch) {
    if (params.search.length > 0 || !usesSearchIndex(spec, params.quickSearch, dialect)) return null;
    return {
      index: spec.quickSearchIndex,
      phrase: searchPhrase(params.quickSearch, quickColumns(spec, params.quickSearch)),
    };
  }
  const [item, ...others] = params.search;
  const field = item && spec.fields[item.field];
  if (!item || others.length > 0 || item.operator !== 'LIKE' || typeof item.val !== 'string' || !field)
    return null;
  return likeSearch(field, item.val, dialect);
}

interface MatchRow {
  ids: string;
}
type MatchQuery = (phrase: string) => Promise<MatchRow[]>;

const matchQueries = new WeakMap<Kysely<Database>, Map<string, MatchQuery>>();

/**
 * The first `limit` ids matching a phrase in rowid order `direction`, compiled once per
 * database, index, direction and limit. They come back as one JSON array: a row per match
 * would cost more than the match.
 */
function matchQuery(
  db: Kysely<Database>,
  index: string,
  direction: 'asc' | 'desc',
  limit: number,
): MatchQuery {
  const kept = matchQueries.get(db) ?? new Map<string, MatchQuery>();
  matchQueries.set(db, kept);
  const key = `${index} ${direction} ${limit}`;
  let query = kept.get(key);
  if (!query) {
    const table = sql.table(index);
    const order = sql.raw(direction);
    const match = (phrase: string) =>
      sql<MatchRow>`select json_group_array(rowid) as ids from (select rowid from ${table} where ${table} match ${phrase} order by rowid ${order} limit ${sql.lit(limit)})`;
    // Raw SQL is compiled against a database (for its dialect and table prefix).
    query = preparedQuery(db, 1, (phrase: string) => ({ compile: () => match(phrase).compile(db) }));
    kept.set(key, query);
  }
  return query;
}

type PageQuery = (ids: string) => Promise<Record<string, unknown>[]>;

/**
 * The page's rows by their ids (a JSON array), compiled once for each list query a
 * resource keeps (builders are immutable, so auth.Admin reuses its base query).
 */
const pageQueries = new WeakMap<AnySelect, Partial<Record<'asc' | 'desc', PageQuery>>>();

function pageQuery(db: Kysely<Database>, base: AnySelect, pk: string, direction: 'asc' | 'desc') {
  const kept = pageQueries.get(base) ?? {};
  pageQueries.set(base, kept);
  kept[direction] ??= preparedQuery(db, 1, (ids: string) =>
    base.where(sql.ref(pk), 'in', sql`(select value from json_each(${ids}))`).orderBy(sql.ref(pk), direction),
  ) as PageQuery;
  return kept[direction];
}
