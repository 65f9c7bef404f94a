/**
 * The original client's (BuildAdmin v2) requests, as its axios and baTable send them: the
 * `batoken` / `ba-user-token` headers with `server: true` and `think-lang`, a table's index query
 * (page, limit, order, quickSearch, search[]) in axios's bracket notation, the edit's `GET ?id=`,
 * the form's POST, and the delete's `DELETE ?ids[]=`. For the suites that replay its screens.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './test-app.js';

/** One comSearch filter as baTable's getComSearchData writes it. */
export interface ComSearch {
  field: string;
  val: string;
  operator: string;
}

export interface TableQuery {
  page?: number;
  limit?: number;
  order?: string;
  quickSearch?: string;
  search?: ComSearch[];
  /** A remote select's load of its current value. */
  select?: boolean;
  initKey?: string;
  initValue?: string | number;
}

/** baTable's `filter` serialised as axios does: brackets kept, values URI-encoded. */
export function tableQuery(filter: TableQuery): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => parts.push(`${key}=${encodeURIComponent(String(value))}`);
  add('page', filter.page ?? 1);
  add('limit', filter.limit ?? 10);
  if (filter.order) add('order', filter.order);
  if (filter.quickSearch !== undefined) add('quickSearch', filter.quickSearch);
  (filter.search ?? []).forEach((s, i) => {
    add(`search[${i}][field]`, s.field);
    add(`search[${i}][val]`, s.val);
    add(`search[${i}][operator]`, s.operator);
    add(`search[${i}][render]`, '');
  });
  if (filter.select) add('select', 'true');
  if (filter.initKey) add('initKey', filter.initKey);
  if (filter.initValue !== undefined) add('initValue', filter.initValue);
  return parts.join('&');
}

/** `ids[]=1&ids[]=2`, as axios writes baTable's delete params. */
export const idsQuery = (ids: Array<number | string>) =>
  ids.map((id) => `ids[]=${encodeURIComponent(String(id))}`).join('&');

export type Send = ReturnType<typeof originalClient>;

/** The original client's requests to the back-office (`batoken`) or the member centre (`ba-user-token`). */
export function originalClient(app: FastifyInstance, tokens: { admin?: string; member?: string }) {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, query = '', body?: unknown) =>
    call(app, method, url, {
      token: tokens.admin,
      userToken: tokens.member,
      query,
      body,
      lang: 'zh-cn',
      headers: { server: 'true' },
    });
  /** `/admin/<controller>/<action>` */
  const at = (controller: string, action: string) => `/admin/${controller}/${action}`;
  return {
    tokens,
    send,
    index: (controller: string, filter: TableQuery = {}) =>
      send('GET', at(controller, 'index'), tableQuery(filter)),
    add: (controller: string, body: unknown) => send('POST', at(controller, 'add'), '', body),
    /** The edit form's load: `GET edit?id=`, answering `row`. */
    editRow: async (controller: string, id: number | string) => {
      const res = await send('GET', at(controller, 'edit'), `id=${id}`);
      expect(res.code, `${controller} edit ${id}: ${res.msg}`).toBe(1);
      return res.data.row as Record<string, any>;
    },
    save: (controller: string, body: unknown) => send('POST', at(controller, 'edit'), '', body),
    del: (controller: string, ids: Array<number | string>) =>
      send('DELETE', at(controller, 'del'), idsQuery(ids)),
  };
}

/** A list answer's rows, flattened when the list is a tree (rules, groups); `any` as a test reads whatever it asserts on. */
export function rowsOf(list: Array<Record<string, any>>): any[] {
  return list.flatMap((row) => [row, ...rowsOf(row.children ?? [])]);
}

/** Every `.vue` page of the original client's back-office (src/views/backend), as data. */
export const ORIGINAL_BACKEND_PAGES = [
  'dashboard.vue',
  'login.vue',
  'auth/admin/index.vue',
  'auth/adminLog/index.vue',
  'auth/group/index.vue',
  'auth/rule/index.vue',
  'crud/index.vue',
  'module/index.vue',
  'routine/adminInfo.vue',
  'routine/attachment/index.vue',
  'routine/config/index.vue',
  'security/dataRecycle/index.vue',
  'security/dataRecycleLog/index.vue',
  'security/sensitiveData/index.vue',
  'security/sensitiveDataLog/index.vue',
  'user/group/index.vue',
  'user/moneyLog/index.vue',
  'user/rule/index.vue',
  'user/scoreLog/index.vue',
  'user/user/index.vue',
].map((page) => `/src/views/backend/${page}`);
