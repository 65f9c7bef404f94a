/**
 * Parsing of a list request's parameters (`page`, `limit`, `order`, `quickSearch`,
 * `search[]`, remote-select `select` / `initKey` / `initValue`) into a typed object.
 * Anything outside the resource's whitelist or of the wrong shape is refused with a
 * message naming it; nothing unchecked reaches SQL.
 */
import {
  type ListKey,
  type ListSearchItem,
  type ListSeek,
  SEARCH_OPERATORS,
  type SearchOperator,
} from '@portico/shared';
import { ApiError, fail } from '../http/errors.js';
import type { SeededTitles } from '../i18n/seeded-titles.js';

export type FieldType = 'number' | 'string' | 'time';

export interface ListField {
  /** Trusted SQL reference from code, e.g. `admin.id`. */
  column: string;
  /** 'number' is an integer column (32-bit on PostgreSQL and MariaDB); 'time' unix seconds. */
  type: FieldType;
}

export interface ListSpec {
  /** Client field name → column: the only fields a client may filter or sort on. */
  fields: Record<string, ListField>;
  /** Client field names searched by quickSearch (LIKE %q%, OR-ed). */
  quickSearch: string[];
  /**
   * The SQLite trigram index (db/migrations/0003-search-index.ts) covering exactly the
   * quickSearch fields, matched instead of scanning with LIKE. Other dialects ignore it.
   */
  quickSearchIndex?: string;
  defaultOrder: { field: string; direction: 'asc' | 'desc' };
  /** Client field name of the primary key (tie-breaker, default initKey). */
  pk: string;
  /**
   * A quick-searched label shown in English while it is still the seeded one
   * (i18n/seeded-titles.ts): English quick searches also find those rows by the English shown,
   * matched by their key field and seeded label.
   */
  seededLabel?: { field: string; key: string; titles: SeededTitles<string | number> };
}

const ALIASES: Record<string, SearchOperator> = { eq: '=', ne: '<>', gt: '>', egt: '>=', lt: '<', elt: '<=' };

/** A common-search condition as parsed: the wire's, with `render` always present ('' when none). */
export type SearchItem = ListSearchItem & { render: string };

export interface ListParams {
  page: number;
  limit: number;
  order: { field: string; direction: 'asc' | 'desc' };
  quickSearch: string;
  search: SearchItem[];
  select: boolean;
  initKey: string;
  initValue: string[];
  /** The page the client shows and its first and last rows' keys (crud/list-seek.ts). */
  seek?: ListSeek;
}

export const LIMITS = { limit: 1000, initLimit: 10_000, search: 50, values: 500, text: 100 } as const;

/**
 * `table`: the resource's own table (without the prefix), by which the original client's remote
 * selects qualify their key (`initKey=user.id`).
 */
export function parseListParams(raw: Record<string, unknown>, spec: ListSpec, table?: string): ListParams {
  const initValue = valueList(raw.initValue, 'initValue', 1000);
  const select = ['1', 'true', true, 1].includes(raw.select as string);
  return {
    page: integer(raw.page, 'page', 1, 1, 1_000_000),
    // A remote select loading its current values wants them all, within reason.
    limit: initValue.length > 0 ? LIMITS.initLimit : integer(raw.limit, 'limit', 10, 1, LIMITS.limit),
    order: parseOrder(raw.order, spec),
    quickSearch: text(raw.quickSearch ?? raw.quick_search, 'quickSearch'),
    search: parseSearch(raw.search, spec),
    select,
    initKey: parseInitKey(raw.initKey, spec, table),
    initValue,
    ...(raw.seek === undefined || raw.seek === '' ? {} : { seek: parseSeek(raw.seek) }),
  };
}

/** `seek[page]`, `seek[first][id]`, `seek[first][value]`, `seek[last][...]`; empty value is null. */
function parseSeek(value: unknown): ListSeek {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('Parameter %s is invalid', 'seek');
  const { page, first, last } = value as Record<string, unknown>;
  const key = (raw: unknown): ListKey | undefined => {
    if (raw === undefined) return undefined;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail('Parameter %s is invalid', 'seek');
    const { id, value: v } = raw as Record<string, unknown>;
    const parsed: ListKey = { id: integer(id, 'seek.id', 0, 1, Number.MAX_SAFE_INTEGER) };
    if (v === '' || v === null) parsed.value = null;
    else if (v !== undefined) parsed.value = signed(v, 'seek.value');
    return parsed;
  };
  const seek: ListSeek = { page: integer(page, 'seek.page', 0, 1, 1_000_000) };
  const firstKey = key(first);
  const lastKey = key(last);
  if (firstKey) seek.first = firstKey;
  if (lastKey) seek.last = lastKey;
  return seek;
}

/** An integer key value (ids, unix seconds, integer columns), possibly negative. */
function signed(value: unknown, name: string): number {
  const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) fail('Parameter %s must be an integer', name);
  return n;
}

function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    fail('Parameter %s must be an integer between %s and %s', name, min, max);
  }
  return n;
}

function text(value: unknown, name: string): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' && typeof value !== 'number') fail('Parameter %s must be %s', name, 'string');
  const s = String(value).trim();
  if (s.length > LIMITS.text) fail('Parameter %s must be at most %s characters', name, LIMITS.text);
  return s;
}

function field(name: unknown, spec: ListSpec, message: string): string {
  if (typeof name !== 'string' || !Object.hasOwn(spec.fields, name)) {
    throw new ApiError(message, [typeof name === 'string' ? name.slice(0, 50) : '?']);
  }
  return name;
}

function parseOrder(value: unknown, spec: ListSpec): ListParams['order'] {
  if (value === undefined || value === '') return spec.defaultOrder;
  if (typeof value !== 'string') fail('Parameter %s must be %s', 'order', 'string');
  const [name = '', direction = 'asc'] = value.split(',').map((part) => part.trim());
  const dir = direction.toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') fail('Sort direction must be asc or desc');
  return { field: field(name, spec, 'Sorting by field %s is not allowed'), direction: dir };
}

function parseInitKey(value: unknown, spec: ListSpec, table: string | undefined): string {
  if (value === undefined || value === '') return spec.pk;
  // `user.id` on the members' list is its own field `id`; any other table stays refused.
  if (table && typeof value === 'string' && value.startsWith(`${table}.`)) {
    const own = value.slice(table.length + 1);
    if (!Object.hasOwn(spec.fields, value) && Object.hasOwn(spec.fields, own)) return own;
  }
  return field(value, spec, 'Filtering by field %s is not allowed');
}

/** A list given as `a[]=1&a[]=2`, a JSON-style array, or a comma string; scalars only. */
function valueList(value: unknown, name: string, max: number): string[] {
  if (value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  if (items.length > max) fail('Parameter %s can have at most %s items', name, max);
  return items.map((item) => {
    if (typeof item !== 'string' && typeof item !== 'number')
      fail('Parameter %s must be a list of values', name);
    const s = String(item).trim();
    if (s.length > LIMITS.text) fail('Parameter %s must be at most %s characters', name, LIMITS.text);
    return s;
  });
}

function parseSearch(value: unknown, spec: ListSpec): SearchItem[] {
  if (value === undefined || value === '') return [];
  const items = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.values(value)
      : null;
  if (!items) fail('Parameter %s must be a list of conditions', 'search');
  if (items.length > LIMITS.search) fail('Parameter %s can have at most %s items', 'search', LIMITS.search);
  const parsed: SearchItem[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      fail('Parameter %s must be a list of conditions', 'search');
    const { field: name, operator, val, render } = item as Record<string, unknown>;
    // As in the original, incomplete conditions are skipped rather than refused.
    if (name === undefined || name === '' || operator === undefined || operator === '') continue;
    const op = parseOperator(operator);
    if (val === undefined && op !== 'NULL' && op !== 'NOT NULL') continue;
    const list = op === 'IN' || op === 'NOT IN' || op === 'FIND_IN_SET';
    parsed.push({
      field: field(name, spec, 'Filtering by field %s is not allowed'),
      operator: op,
      val: list ? valueList(val, 'search.val', LIMITS.values) : scalar(val),
      render: typeof render === 'string' ? render : '',
    });
  }
  return parsed;
}

function parseOperator(value: unknown): SearchOperator {
  if (typeof value !== 'string') fail('Unsupported search operator %s', '?');
  const upper = value.trim().toUpperCase();
  const op =
    ALIASES[value.trim().toLowerCase()] ?? (SEARCH_OPERATORS as readonly string[]).find((o) => o === upper);
  if (!op) fail('Unsupported search operator %s', value.slice(0, 20));
  return op as SearchOperator;
}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number')
    fail('Parameter %s must be %s', 'search.val', 'string');
  const s = String(value).trim();
  if (s.length > LIMITS.text) fail('Parameter %s must be at most %s characters', 'search.val', LIMITS.text);
  return s;
}
