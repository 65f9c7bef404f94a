/**
 * The export and import calls against a real local HTTP server: the export is a fetch with the
 * list's parameters serialised as every call's (PHP brackets), the admin token and language,
 * read as it streams and counted; an expired token is refreshed and the export replayed; a
 * refusal's message is shown. The import sends its mapping before the file.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportList, runImport } from '../src/api/backend/list-transfer';
import { notifier } from '../src/api/notifier';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { initI18n } from '../src/lang';
import { useAdminInfo } from '../src/stores/admin-info';
import { type LocalServer, listenLocally } from './support/local-server';

let server: LocalServer;
let baseUrl = '';
const exports: { query: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
let importBody = '';
const envelope = (code: number, data: unknown = {}, msg = '') => ({ code, msg, time: 1700000000, data });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 25 rows, one field of which holds a quoted line end, sent in pieces. */
const CSV_LINES = [
  '\uFEFFID,Name\r\n',
  ...Array.from({ length: 25 }, (_, i) => `${i + 1},"Row\r\n${i + 1}"\r\n`),
];

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Expose-Headers', 'content-disposition, x-export-rows');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  const url = new URL(req.url ?? '/', 'http://x');
  const json = (payload: unknown) =>
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
  if (url.pathname === '/api/common/refreshToken') {
    return void json(envelope(1, { type: 'admin-refresh', token: 'fresh', refresh_token: 'r2' }));
  }
  if (url.pathname === '/admin/user.User/export') {
    exports.push({ query: url.searchParams, headers: req.headers });
    if (req.headers.batoken !== 'fresh') return void json(envelope(409, {}, 'Token expiration'));
    if (url.searchParams.get('format') === 'xlsx')
      return void json(envelope(0, {}, 'Column x cannot be exported'));
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="members.csv"; filename*=UTF-8''%E4%BC%9A%E5%91%98.csv`,
      'x-export-rows': '25',
    });
    for (const line of CSV_LINES) {
      res.write(line);
      await sleep(2);
    }
    return void res.end();
  }
  if (url.pathname === '/admin/user.User/import') {
    for await (const chunk of req) importBody += chunk;
    return void json(
      envelope(0, { refused: [{ line: 3, field: 'username', message: 'Bad name' }] }, 'Refused'),
    );
  }
  res.writeHead(404).end();
}

beforeAll(async () => {
  await initI18n('en');
  server = await listenLocally(handle);
  baseUrl = server.url;
});

afterAll(async () => {
  await server.close();
});

let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setBaseUrl(baseUrl);
  resetRequestState();
  useAdminInfo.getState().clear();
  exports.length = 0;
  importBody = '';
  errorSpy = vi.spyOn(notifier, 'error').mockImplementation((() => {}) as never);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const PARAMS = {
  quickSearch: 'bulk',
  order: 'id,desc',
  search: [{ field: 'status', val: 'enable', operator: '=' }],
};
const COLUMNS = [{ prop: 'id', title: 'ID' }];

describe('exportList', () => {
  it('sends the list’s parameters as every call does, refreshes an expired token and counts the rows as they come', async () => {
    useAdminInfo.getState().setToken('stale', 'auth');
    useAdminInfo.getState().setToken('r1', 'refresh');
    const heard: { rows: number; total: number }[] = [];
    const file = await exportList('/admin/user.User/', PARAMS, 'csv', COLUMNS, (p) => heard.push(p));

    // Refused once with 409, replayed with the new token.
    expect(exports.map((e) => e.headers.batoken)).toEqual(['stale', 'fresh']);
    const { query, headers } = exports[1] ?? { query: new URLSearchParams(), headers: {} };
    // The interface's language (the stored setting's default here), as every call sends it.
    expect(headers['think-lang']).toBe('zh-cn');
    expect(headers.server).toBe('true');
    expect(Object.fromEntries(query)).toEqual({
      quickSearch: 'bulk',
      order: 'id,desc',
      'search[0][field]': 'status',
      'search[0][val]': 'enable',
      'search[0][operator]': '=',
      format: 'csv',
      columns: JSON.stringify(COLUMNS),
    });

    expect(file.rows).toBe(25);
    expect(file.filename).toBe('会员.csv');
    // The file as sent, byte for byte (its BOM included, for Excel).
    expect(Buffer.from(await file.blob.arrayBuffer()).equals(Buffer.from(CSV_LINES.join('')))).toBe(true);
    expect(heard[0]).toEqual({ rows: 0, total: 25 });
    expect(heard.at(-1)).toEqual({ rows: 25, total: 25 });
    // Counted as the rows arrived, not once at the end.
    expect(heard.filter((p) => p.rows > 0 && p.rows < 25).length).toBeGreaterThan(0);
  });

  it('shows a refusal’s message and rejects with its envelope', async () => {
    useAdminInfo.getState().setToken('fresh', 'auth');
    await expect(exportList('/admin/user.User/', PARAMS, 'xlsx', COLUMNS, () => {})).rejects.toMatchObject({
      code: 0,
      msg: 'Column x cannot be exported',
    });
    expect(errorSpy).toHaveBeenCalledWith('Column x cannot be exported');
  });

  it('stops when cancelled, without a word', async () => {
    useAdminInfo.getState().setToken('fresh', 'auth');
    const cancel = new AbortController();
    const running = exportList(
      '/admin/user.User/',
      PARAMS,
      'csv',
      COLUMNS,
      (p) => p.rows > 2 && cancel.abort(),
      cancel.signal,
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(errorSpy).not.toHaveBeenCalled();
  });
});

describe('runImport', () => {
  it('sends the mapping and shared values before the file and answers the refused lines without showing the message', async () => {
    useAdminInfo.getState().setToken('fresh', 'auth');
    const file = new File(['username\r\nx\r\n'], 'members.csv', { type: 'text/csv' });
    const answer = await runImport('/admin/user.User/', file, {
      mapping: ['username', null],
      values: { group_id: '1' },
      labels: { gender: [{ value: '1', label: 'Male' }] },
    });
    expect(answer).toMatchObject({ code: 0, data: { refused: [{ line: 3, field: 'username' }] } });
    expect(importBody.indexOf('name="mapping"')).toBeGreaterThan(-1);
    expect(importBody.indexOf('name="mapping"')).toBeLessThan(importBody.indexOf('name="file"'));
    expect(importBody).toContain('["username",null]');
    expect(importBody.indexOf('name="values"')).toBeLessThan(importBody.indexOf('name="file"'));
    expect(importBody).toContain('{"group_id":"1"}');
    expect(importBody.indexOf('name="labels"')).toBeLessThan(importBody.indexOf('name="file"'));
    expect(importBody).toContain('{"gender":[{"value":"1","label":"Male"}]}');
    expect(errorSpy).not.toHaveBeenCalled();
  });
});
