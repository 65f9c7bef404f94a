/**
 * Every list query an administrator can make from the member list
 * (apps/web/src/views/backend/user/user/index.tsx) and the admin log
 * (apps/web/src/views/backend/auth/adminLog/index.tsx): the first page, quick searches, each
 * common-search column with the operator its screen gives it, each sortable column both ways,
 * a deep page and the last page. Each names what its rows must look like, so a fast wrong
 * answer is caught: the seed (seed-rows.ts) is the same on every dialect, so are the totals.
 */
import type { ListRequest, SearchCondition } from './list-request.js';
import { PAGE_SIZE } from './list-request.js';
import {
  LONE_NICKNAME,
  LONE_TITLE,
  LONE_USERNAME_STEM,
  logStretch,
  loneLogId,
  loneMemberId,
  memberStretch,
  STRETCH_TITLE,
  STRETCH_WORD,
  type Stretch,
} from './match-shapes.js';
import { HISTORY_END, YEAR_SECONDS } from './seed-rows.js';

export type Row = Record<string, unknown>;

export interface ListQuery {
  screen: 'members' | 'admin log' | 'products';
  label: string;
  api: string;
  request: ListRequest;
  /** Every row of the page must pass. */
  row?: (row: Row) => boolean;
  /** The page must be in this order (null values, whose place differs between dialects, are skipped). */
  sorted?: { field: string; direction: 'asc' | 'desc' };
  /** The exact total when it is known without asking the database. */
  total?: number;
  /** The id the page must start with, when known. */
  firstId?: number;
}

const MEMBERS_API = '/admin/user.User/';
const LOG_API = '/admin/auth.AdminLog/';

const text = (value: unknown) => String(value ?? '').toLowerCase();
export const contains = (field: string, needle: string) => (row: Row) =>
  text(row[field]).includes(needle.toLowerCase());
const anyContains = (fields: string[], needle: string) => (row: Row) =>
  fields.some((field) => contains(field, needle)(row));
export const equals = (field: string, value: string) => (row: Row) => String(row[field]) === value;
export const between = (field: string, from: number, to: number) => (row: Row) =>
  Number(row[field]) >= from && Number(row[field]) <= to;
export const both = (a: (row: Row) => boolean, b: (row: Row) => boolean) => (row: Row) => a(row) && b(row);

export const like = (field: string, val: string): SearchCondition => ({ field, operator: 'LIKE', val });
export const equal = (field: string, val: string): SearchCondition => ({ field, operator: '=', val });
export const range = (field: string, from: number, to: number): SearchCondition => ({
  field,
  operator: 'RANGE',
  val: `${from},${to}`,
  render: 'datetime',
});

/** A month two years before the history's end, and a day in it. */
export const MONTH_FROM = HISTORY_END - 2 * YEAR_SECONDS;
export const MONTH_TO = MONTH_FROM + 30 * 86_400 - 1;
const DAY_TO = MONTH_FROM + 86_400 - 1;

const DEEP_PAGE = 20_000;

/** Signing in is an audited action: the run's own sign-in adds one entry to the seeded log. */
const LOGGED_BY_THE_RUN = 1;

/** The page-depth queries of a table: page 20,000 (or the middle page of a smaller table) and the last one. */
export function deepPages(screen: ListQuery['screen'], api: string, rows: number): ListQuery[] {
  const last = Math.ceil(rows / PAGE_SIZE);
  const deep = Math.min(DEEP_PAGE, Math.ceil(last / 2));
  return [
    {
      screen,
      label: `page ${deep.toLocaleString('en')}`,
      api,
      request: { page: deep },
      total: rows,
      firstId: rows - (deep - 1) * PAGE_SIZE,
    },
    {
      screen,
      label: `last page (${last.toLocaleString('en')})`,
      api,
      request: { page: last },
      total: rows,
      firstId: rows - (last - 1) * PAGE_SIZE,
    },
  ];
}

export function sortings(screen: ListQuery['screen'], api: string, fields: string[]): ListQuery[] {
  return fields.flatMap((field) =>
    (['desc', 'asc'] as const).map((direction) => ({
      screen,
      label: `sorted by ${field} ${direction}`,
      api,
      request: { order: `${field},${direction}` },
      sorted: { field, direction },
    })),
  );
}

export function memberQueries(members: number): ListQuery[] {
  const q = (label: string, request: ListRequest, extra: Partial<ListQuery> = {}): ListQuery => ({
    screen: 'members',
    label,
    api: MEMBERS_API,
    request,
    ...extra,
  });
  const quick = (label: string, needle: string) =>
    q(
      `quick search, ${label} (${needle})`,
      { quickSearch: needle },
      { row: anyContains(['username', 'nickname'], needle) },
    );
  const middle = Math.ceil(members / 2);
  return [
    q('first page, no filter', {}, { total: members, firstId: members }),
    quick('broad', 'ser9'),
    quick('nickname phrase', 'quiet harbor'),
    quick('Chinese nickname phrase', '快乐的 熊猫'),
    quick('two letters', 'li'),
    q('id =', { search: [equal('id', String(middle))] }, { total: 1, firstId: middle }),
    q('username LIKE', { search: [like('username', 'alice12')] }, { row: contains('username', 'alice12') }),
    q('nickname LIKE', { search: [like('nickname', 'falcon')] }, { row: contains('nickname', 'falcon') }),
    q('gender = (select)', { search: [equal('gender', '2')] }, { row: equals('gender', '2') }),
    q('mobile LIKE', { search: [like('mobile', '13888')] }, { row: contains('mobile', '13888') }),
    q('e-mail LIKE (API only)', { search: [like('email', 'bob77@')] }, { row: contains('email', 'bob77@') }),
    q(
      'last login IP LIKE',
      { search: [like('last_login_ip', '10.17.2')] },
      { row: contains('last_login_ip', '10.17.2') },
    ),
    q(
      'last login RANGE (a month)',
      { search: [range('last_login_time', MONTH_FROM, MONTH_TO)] },
      { row: between('last_login_time', MONTH_FROM, MONTH_TO) },
    ),
    q(
      'create time RANGE (a month)',
      { search: [range('create_time', MONTH_FROM, MONTH_TO)] },
      { row: between('create_time', MONTH_FROM, MONTH_TO) },
    ),
    q('status = (select)', { search: [equal('status', 'disable')] }, { row: equals('status', 'disable') }),
    ...sortings('members', MEMBERS_API, ['last_login_time', 'create_time']),
    q(
      'quick search + sorted by last login desc',
      { quickSearch: 'ser9', order: 'last_login_time,desc' },
      {
        row: anyContains(['username', 'nickname'], 'ser9'),
        sorted: { field: 'last_login_time', direction: 'desc' },
      },
    ),
    q(
      'status + create time RANGE, sorted by create time',
      {
        search: [equal('status', 'enable'), range('create_time', MONTH_FROM, MONTH_TO)],
        order: 'create_time,desc',
      },
      {
        row: both(equals('status', 'enable'), between('create_time', MONTH_FROM, MONTH_TO)),
        sorted: { field: 'create_time', direction: 'desc' },
      },
    ),
    ...deepPages('members', MEMBERS_API, members),
    ...memberShapes(members),
  ];
}

/** The ids a search of the stretch must show first, in each direction. */
export const stretchEnd = (stretch: Stretch, direction: 'asc' | 'desc') =>
  direction === 'desc' ? stretch.last : stretch.first;
/** A shape's label and request in one direction of the id order (desc: the lists' default). */
export const shaped = (label: string, direction: 'asc' | 'desc') =>
  `${label}${direction === 'asc' ? ', id asc' : ''}`;
export const orderBy = (direction: 'asc' | 'desc') => (direction === 'asc' ? { order: 'id,asc' } : {});

/**
 * Searches whose matches lie in one stretch far from the end, in one row, or nowhere
 * (match-shapes.ts), in both directions of the id order.
 */
function memberShapes(members: number): ListQuery[] {
  const stretch = memberStretch(members);
  const lone = loneMemberId(members);
  const loneName = `${LONE_USERNAME_STEM}${lone}`;
  const word = STRETCH_WORD.toLowerCase();
  const q = (label: string, request: ListRequest, extra: Partial<ListQuery>): ListQuery => ({
    screen: 'members',
    label,
    api: MEMBERS_API,
    request,
    ...extra,
  });
  return (['desc', 'asc'] as const).flatMap((direction) => [
    q(
      shaped(`quick search, a stretch of 10% (${word})`, direction),
      { quickSearch: word, ...orderBy(direction) },
      { row: anyContains(['username', 'nickname'], word), firstId: stretchEnd(stretch, direction) },
    ),
    q(
      shaped(`quick search, a phrase within the stretch (quiet harbor ${word})`, direction),
      { quickSearch: `quiet harbor ${word}`, ...orderBy(direction) },
      { row: contains('nickname', `quiet harbor ${word}`) },
    ),
    q(
      shaped(`nickname LIKE, a stretch of 10% (${word})`, direction),
      { search: [like('nickname', word)], ...orderBy(direction) },
      { row: contains('nickname', word), firstId: stretchEnd(stretch, direction) },
    ),
    q(
      shaped(`quick search, one row (${LONE_NICKNAME.toLowerCase()})`, direction),
      { quickSearch: LONE_NICKNAME.toLowerCase(), ...orderBy(direction) },
      { total: 1, firstId: lone },
    ),
    q(
      shaped(`quick search, one user name (${loneName})`, direction),
      { quickSearch: loneName, ...orderBy(direction) },
      { total: 1, firstId: lone },
    ),
    q(
      shaped(`username LIKE, one row (${loneName})`, direction),
      { search: [like('username', loneName)], ...orderBy(direction) },
      { total: 1, firstId: lone },
    ),
    q(
      shaped('quick search, no row (zebra crossing)', direction),
      { quickSearch: 'zebra crossing', ...orderBy(direction) },
      { total: 0 },
    ),
  ]);
}

/** `seeded`: the entries the seed made; `signIns`: those earlier runs on the same database added. */
export function logQueries(seeded: number, signIns = 0): ListQuery[] {
  const logs = seeded + signIns + LOGGED_BY_THE_RUN;
  const q = (label: string, request: ListRequest, extra: Partial<ListQuery> = {}): ListQuery => ({
    screen: 'admin log',
    label,
    api: LOG_API,
    request,
    ...extra,
  });
  const quick = (label: string, needle: string) =>
    q(`quick search, ${label} (${needle})`, { quickSearch: needle }, { row: contains('title', needle) });
  const middle = Math.ceil(logs / 2);
  return [
    q('first page, no filter', {}, { total: logs, firstId: logs }),
    quick('broad', 'edit'),
    quick('phrase', 'system configuration'),
    quick('Chinese', '会员管理'),
    quick('two characters', '登录'),
    q('id =', { search: [equal('id', String(middle))] }, { total: 1, firstId: middle }),
    q('admin id LIKE', { search: [like('admin_id', '3')] }, { row: contains('admin_id', '3') }),
    q('username LIKE', { search: [like('username', 'support')] }, { row: contains('username', 'support') }),
    q('title LIKE', { search: [like('title', '删除')] }, { row: contains('title', '删除') }),
    q('url LIKE', { search: [like('url', 'routine.Config')] }, { row: contains('url', 'routine.config') }),
    q('ip LIKE', { search: [like('ip', '172.16.99.')] }, { row: contains('ip', '172.16.99.') }),
    q(
      'create time RANGE (a day)',
      { search: [range('create_time', MONTH_FROM, DAY_TO)] },
      { row: between('create_time', MONTH_FROM, DAY_TO) },
    ),
    ...sortings('admin log', LOG_API, ['create_time']),
    q(
      'quick search + create time RANGE (a month)',
      { quickSearch: 'edit', search: [range('create_time', MONTH_FROM, MONTH_TO)] },
      { row: both(contains('title', 'edit'), between('create_time', MONTH_FROM, MONTH_TO)) },
    ),
    ...deepPages('admin log', LOG_API, logs),
    ...logShapes(seeded),
  ];
}

/** The admin log's searches of a stretch, of one row and of none, both ways (match-shapes.ts). */
function logShapes(seeded: number): ListQuery[] {
  const stretch = logStretch(seeded);
  const lone = loneLogId(seeded);
  const q = (label: string, request: ListRequest, extra: Partial<ListQuery>): ListQuery => ({
    screen: 'admin log',
    label,
    api: LOG_API,
    request,
    ...extra,
  });
  const phrase = STRETCH_TITLE.toLowerCase();
  const loneTitle = LONE_TITLE.toLowerCase();
  return (['desc', 'asc'] as const).flatMap((direction) => [
    q(
      shaped(`quick search, a stretch of 1% (${phrase})`, direction),
      { quickSearch: phrase, ...orderBy(direction) },
      { row: contains('title', phrase), firstId: stretchEnd(stretch, direction) },
    ),
    q(
      shaped(`title LIKE, a stretch of 1% (${phrase})`, direction),
      { search: [like('title', phrase)], ...orderBy(direction) },
      { row: contains('title', phrase), firstId: stretchEnd(stretch, direction) },
    ),
    q(
      shaped(`quick search, one row (${loneTitle})`, direction),
      { quickSearch: loneTitle, ...orderBy(direction) },
      { total: 1, firstId: lone },
    ),
    q(
      shaped('quick search, no row (zebra crossing)', direction),
      { quickSearch: 'zebra crossing', ...orderBy(direction) },
      { total: 0 },
    ),
  ]);
}
