/**
 * The list-query compiler: turns parsed list parameters into Kysely where / order / limit
 * clauses that mean the same on SQLite, MySQL/MariaDB and PostgreSQL. Columns come only
 * from the resource's whitelist; every client value is a bound parameter.
 */
import { INTEGER_COLUMN, inIntegerRange, zonedToInstant } from '@portico/shared';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isDottedColumn, leadsListIndex } from '../db/search-registry.js';
import { fail } from '../http/errors.js';
import type { Lang } from '../i18n/index.js';
import { escapeLike } from './like-pattern.js';
import type { ListDialect } from './list-dialect.js';
import type { ListField, ListParams, ListSpec, SearchItem } from './list-params.js';
import type { AnySelect } from './query-types.js';
import { quickFieldsFor } from './quick-fields.js';
import {
  amongMatches,
  type IndexMatch,
  type IndexMatches,
  likeFromSearchIndex,
  likeKey,
  NO_INDEX_MATCHES,
  quickColumns,
  quickKey,
  searchPhrase,
  usesSearchIndex,
} from './search-index.js';
import { coveringTable, NO_TRIGRAMS, type TrigramLookups, trigramCandidates } from './trigram-search.js';

export { escapeLike } from './like-pattern.js';
export * from './list-params.js';

type Condition = RawBuilder<SqlBool>;

export interface FilterOptions {
  /** The `time_zone` setting: how date texts in datetime searches are read (UTC if unset). */
  timeZone?: string;
  /** The reader's language: English quick searches also match seeded labels' English. */
  lang?: Lang;
  /** MySQL: the trigram side tables and the trigrams to read (crud/trigram-search.ts). */
  trigrams?: TrigramLookups;
  /** SQLite: what each search found in its FTS index (crud/search-index.ts searchIndexMatches). */
  matches?: IndexMatches;
  /**
   * PostgreSQL: the query walks rows along the order rather than reading a text index, so an
   * IP column's LIKE is the plain one (`likeDotted` costs every row it checks twice as much).
   */
  walked?: boolean;
}

export function applyListFilters<Q extends AnySelect>(
  qb: Q,
  spec: ListSpec,
  params: ListParams,
  dialect: ListDialect,
  {
    timeZone = 'UTC',
    lang = 'zh-cn',
    trigrams = NO_TRIGRAMS,
    matches = NO_INDEX_MATCHES,
    walked = false,
  }: FilterOptions = {},
): Q {
  const conditions: Condition[] = [];
  if (params.quickSearch && spec.quickSearch.length > 0) {
    // A range drives the page (list-seek.ts), or the search is broad: rows are checked one by
    // one as they are walked, where SQLite's `id in (FTS match)` would first gather every match
    // of the whole table.
    const match = matches.get(quickKey(params.quickSearch));
    const walked = (params.order.field === spec.pk && rangeDriven(spec, params)) || match === 'broad';
    conditions.push(quickSearch(spec, params.quickSearch, dialect, lang, trigrams, walked ? 'broad' : match));
  }
  for (const item of params.search) {
    const field = spec.fields[item.field] as ListField;
    const condition = searchCondition(field, item, dialect, { timeZone, walked });
    if (condition && item.operator === 'LIKE' && typeof item.val === 'string') {
      const covering = coveringTable([field], trigrams.tables);
      const match = matches.get(likeKey(field, item.val));
      const candidates =
        (covering && trigramCandidates(covering, item.val, trigrams)) ||
        (match === 'broad' ? null : likeFromSearchIndex(field, item.val, dialect, match));
      if (candidates) conditions.push(candidates);
    }
    if (condition) conditions.push(condition);
  }
  if (params.initValue.length > 0) {
    const key = spec.fields[params.initKey] as ListField;
    conditions.push(
      sql<SqlBool>`${sql.ref(key.column)} in (${sql.join(params.initValue.map((v) => typed(key, v)))})`,
    );
  }
  return conditions.reduce((query, condition) => query.where(condition) as Q, qb);
}

/**
 * Whether `walked` changes the filters: PostgreSQL, with a LIKE on an IP column (which reads its
 * index through `likeDotted`). Elsewhere the walked and the indexed queries are the same.
 */
export function walkedFormDiffers(spec: ListSpec, params: ListParams, dialect: ListDialect): boolean {
  return (
    !!dialect.likeDotted &&
    params.search.some((item) => {
      const field = spec.fields[item.field];
      return item.operator === 'LIKE' && !!field && isDottedColumn(field.column);
    })
  );
}

export function applyListOrder<Q extends AnySelect>(qb: Q, spec: ListSpec, params: ListParams): Q {
  const { field, direction } = params.order;
  const orderField = spec.fields[field] ?? spec.fields[spec.defaultOrder.field];
  let query = qb.orderBy(sql.ref(orderField?.column ?? spec.pk), direction) as Q;
  // The primary key breaks ties so pages never repeat or skip rows.
  const pk = spec.fields[spec.pk];
  if (pk && field !== spec.pk) query = query.orderBy(sql.ref(pk.column), direction) as Q;
  return query;
}

function quickSearch(
  spec: ListSpec,
  text: string,
  dialect: ListDialect,
  lang: Lang,
  trigrams: TrigramLookups,
  match: IndexMatch | undefined,
): Condition {
  // SQLite, not broad: the index's matches (read once by searchIndexMatches, or here).
  if (match !== 'broad' && usesSearchIndex(spec, text, dialect)) {
    const pk = column(spec, spec.pk);
    if (match) return amongMatches(pk.column, match);
    const index = sql.table(spec.quickSearchIndex);
    return sql<SqlBool>`${sql.ref(pk.column)} in (select rowid from ${index} where ${index} match ${searchPhrase(text, quickColumns(spec, text))})`;
  }
  const pattern = `%${escapeLike(text)}%`;
  const fields = quickFieldsFor(spec, text).map((name) => column(spec, name));
  const parts = fields.map((field) => dialect.like(asText(field, dialect), pattern));
  const seeded = lang !== 'zh-cn' ? seededLabelMatch(spec, text) : [];
  // Only number fields, and a text that no number holds: nothing matches.
  if (parts.length + seeded.length === 0) return sql<SqlBool>`1 = 0`;
  const matched = sql<SqlBool>`(${sql.join([...parts, ...seeded], sql` or `)})`;
  // Seeded labels match by their English, which no index holds: those lists scan.
  const covering = seeded.length === 0 ? coveringTable(fields, trigrams.tables) : null;
  const candidates = covering && trigramCandidates(covering, text, trigrams);
  return candidates ? sql<SqlBool>`(${candidates} and ${matched})` : matched;
}

/** Rows still holding a seeded label whose English contains the text: `key = k and label = seeded`. */
function seededLabelMatch(spec: ListSpec, text: string): Condition[] {
  if (!spec.seededLabel) return [];
  const key = column(spec, spec.seededLabel.key);
  const label = column(spec, spec.seededLabel.field);
  return spec.seededLabel.titles
    .matching(text)
    .map(
      (seeded) =>
        sql<SqlBool>`(${sql.ref(key.column)} = ${seeded.key} and ${sql.ref(label.column)} = ${seeded.zh})`,
    );
}

function column(spec: ListSpec, name: string): ListField {
  const found = spec.fields[name];
  if (!found) throw new Error(`quickSearch field ${name} is not declared in fields`);
  return found;
}

/** The field's column as text, for LIKE: a text column as it is, another cast by the database. */
function asText(field: ListField, dialect: ListDialect): Expression<unknown> {
  const ref = sql.ref(field.column);
  return field.type === 'string' ? ref : dialect.asText(ref);
}

/**
 * A client value as the column's type. Number fields are integer columns: PostgreSQL
 * compares strictly and fails on a decimal or on a value past its 32-bit type, so such
 * values are refused here, the same on every dialect.
 */
function typed(field: ListField, value: string): string | number {
  if (field.type === 'string') return value;
  const name = field.column.split('.').pop() ?? '';
  if (!/^-?\d{1,15}(\.\d+)?$/.test(value)) fail('The value of %s must be a number', name);
  const number = Number(value);
  if (!inIntegerRange(number)) {
    fail(
      'The value of %s must be an integer between %s and %s',
      name,
      INTEGER_COLUMN.min,
      INTEGER_COLUMN.max,
    );
  }
  return number;
}

/**
 * '2024-01-02 03:04:05', '2024-01-02' (wall time in `timeZone`) or unix seconds → unix
 * seconds; undefined when unreadable.
 */
export function toUnixSeconds(value: string, timeZone = 'UTC'): number | undefined {
  const trimmed = value.trim();
  if (/^\d{1,12}$/.test(trimmed)) return Number(trimmed);
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(trimmed);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(utc) ? undefined : Math.floor(zonedToInstant(utc, timeZone) / 1000);
}

function searchCondition(
  field: ListField,
  item: SearchItem,
  dialect: ListDialect,
  { timeZone, walked }: { timeZone: string; walked: boolean },
): Condition | null {
  const ref = sql.ref(field.column);
  const scalar = Array.isArray(item.val) ? '' : item.val;
  const datetime = item.render === 'datetime' || field.type === 'time';
  const value = (v: string) => {
    if (!datetime) return typed(field, v);
    const seconds = toUnixSeconds(v, timeZone);
    if (seconds === undefined)
      fail('The value of %s must be a date and time', field.column.split('.').pop() ?? '');
    return seconds;
  };
  switch (item.operator) {
    case '=':
    case '<>':
    case '>':
    case '>=':
    case '<':
    case '<=':
      if (scalar === '') return null;
      return sql<SqlBool>`${ref} ${sql.raw(item.operator)} ${value(scalar)}`;
    case 'LIKE':
    case 'NOT LIKE': {
      if (scalar === '') return null;
      const pattern = `%${escapeLike(scalar)}%`;
      const negate = item.operator === 'NOT LIKE';
      if (!negate && !walked && dialect.likeDotted && isDottedColumn(field.column))
        return dialect.likeDotted(ref, pattern);
      return dialect.like(asText(field, dialect), pattern, negate);
    }
    case 'IN':
    case 'NOT IN': {
      const values = (item.val as string[]).filter((v) => v !== '');
      if (values.length === 0) return null;
      const op = sql.raw(item.operator === 'IN' ? 'in' : 'not in');
      return sql<SqlBool>`${ref} ${op} (${sql.join(values.map((v) => typed(field, v)))})`;
    }
    case 'RANGE':
    case 'NOT RANGE':
      return range(ref, scalar, item.operator === 'NOT RANGE', (v) =>
        datetime ? toUnixSeconds(v, timeZone) : typed(field, v),
      );
    case 'NULL':
      return sql<SqlBool>`${ref} is null`;
    case 'NOT NULL':
      return sql<SqlBool>`${ref} is not null`;
    case 'FIND_IN_SET': {
      const values = (item.val as string[]).filter((v) => v !== '');
      if (values.length === 0) return null;
      const parts = values.map((v) => dialect.inSet(v, ref, asText(field, dialect)));
      return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
  }
}

/** A RANGE value 'a,b' as its two ends, converted; an empty or unreadable end is undefined. */
export function rangeEnds<T>(
  text: string,
  convert: (v: string) => T | undefined,
): [T | undefined, T | undefined] {
  const [left = '', right = ''] = text.split(',').map((p) => p.trim());
  return [left === '' ? undefined : convert(left), right === '' ? undefined : convert(right)];
}

/** 'a,b' → between; only a → >= (or < when negated); only b → <= (or >). Unreadable parts are dropped. */
function range(
  ref: Expression<unknown>,
  text: string,
  negate: boolean,
  convert: (v: string) => string | number | undefined,
): Condition | null {
  const [a, b] = rangeEnds(text, convert);
  if (a !== undefined && b !== undefined) {
    return negate
      ? sql<SqlBool>`${ref} not between ${a} and ${b}`
      : sql<SqlBool>`${ref} between ${a} and ${b}`;
  }
  if (a !== undefined) return negate ? sql<SqlBool>`${ref} < ${a}` : sql<SqlBool>`${ref} >= ${a}`;
  if (b !== undefined) return negate ? sql<SqlBool>`${ref} > ${b}` : sql<SqlBool>`${ref} <= ${b}`;
  return null;
}

const RANGES = new Set(['RANGE', '>', '>=', '<', '<=']);

/**
 * A list in primary-key order, filtered by a range of a column that has an index: left to
 * itself, the database walks the primary key from the newest row testing each, as it assumes
 * the matches are spread evenly, but a time range's rows lie together, maybe at the far end
 * (a day two years back in ten million log rows took 24 s). The page's ids are taken from
 * the column's index instead: its matches' ids, of which the page is kept (`id + 0` keeps the
 * database off the primary key's order), then those rows are read. The cost follows the
 * number of matches, not the distance to them. PostgreSQL makes the same choice for a text
 * search it expects to match few rows, which `narrowed` says (crud/few-matches.ts).
 */
function rangeDriven(spec: ListSpec, params: ListParams): boolean {
  return params.search.some((item) => {
    const field = spec.fields[item.field];
    return RANGES.has(item.operator) && !!field && leadsAnIndex(field.column);
  });
}

/**
 * `table.column` is the first column of one of the list indexes: the core's
 * (db/migrations/0012-list-indexes.ts) or a module's declared ones (db/search-registry.ts).
 */
function leadsAnIndex(reference: string): boolean {
  const [table = '', column = ''] = reference.split('.');
  return leadsListIndex(table, column);
}

/**
 * The page's ids come from another index than the order's: a range's (above) or, with
 * `narrowed`, a text search's few matches in PostgreSQL's trigram index (crud/few-matches.ts).
 * Otherwise the page is read along the list's order, as it is when a creation-time range is
 * `spanned`: its rows lie in a known stretch of ids (crud/id-span.ts).
 */
export function pageFromOtherIndex(
  spec: ListSpec,
  params: ListParams,
  { narrowed, spanned }: { narrowed: boolean; spanned: boolean },
): boolean {
  return params.order.field === spec.pk && (narrowed || (!spanned && rangeDriven(spec, params)));
}
