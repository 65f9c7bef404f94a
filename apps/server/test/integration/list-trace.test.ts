/**
 * The list trace (crud/list-trace.ts): a server started without PORTICO_LIST_TRACE never
 * answers the trace header, even to a request asking for it; one started with it answers the
 * paths the list took and the statements it ran to a request that asks, and to no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeListTrace, LIST_TRACE_HEADER } from '../../src/crud/list-trace.js';
import { loginSuper, startTestApp, type TestApp } from '../support/test-app.js';

async function adminLog(t: TestApp, token: string, query: string, asks: boolean) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/admin/auth.AdminLog/index?${query}`,
    headers: { batoken: token, 'think-lang': 'en', ...(asks ? { [LIST_TRACE_HEADER]: '1' } : {}) },
  });
  const body = response.json() as { code: number; data: { list: unknown[]; total: number } };
  expect(body.code).toBe(1);
  return { body, header: response.headers[LIST_TRACE_HEADER] };
}

describe('the list trace, off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('answers no trace header, even when the request asks for one', async () => {
    const { token } = await loginSuper(t);
    const { body, header } = await adminLog(t, token, 'page=1&limit=10', true);
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(header).toBeUndefined();
  });
});

describe('the list trace, on (PORTICO_LIST_TRACE=1)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { listTrace: true });
    ({ token } = await loginSuper(t));
  });
  afterAll(async () => t?.close());

  it('traces only a request that asks for it', async () => {
    const { header } = await adminLog(t, token, 'page=1&limit=10', false);
    expect(header).toBeUndefined();
  });

  it("answers the unfiltered list's paths and its statements with their parameters", async () => {
    const { body, header } = await adminLog(t, token, 'page=1&limit=10', true);
    expect(typeof header).toBe('string');
    const trace = decodeListTrace(String(header));
    // The admin log keeps its row count (0016): the total is read from it, the page by offset.
    expect(trace.total).toEqual(['kept-count']);
    expect(trace.page).toEqual(['offset(0)']);
    expect(body.data.total).toBeGreaterThan(0);
    const page = trace.statements.find((s) => /from "ba_admin_log"/.test(s.sql) && /limit/i.test(s.sql));
    expect(page?.parameters).toContain(10);
    expect(trace.statements.some((s) => /"ba_row_count"/.test(s.sql))).toBe(true);
    // Only the list's own statements: not the sign-in's token check nor the permission lookups.
    expect(trace.statements.every((s) => /"ba_(admin_log|row_count)"/.test(s.sql))).toBe(true);
  });

  it("keeps each request's statements to its own trace when requests run at once", async () => {
    const searches = ['login', 'edit', 'index', 'user'];
    const answers = await Promise.all(
      searches.map((text) => adminLog(t, token, `page=1&limit=10&quickSearch=${text}`, true)),
    );
    answers.forEach(({ header }, i) => {
      const parameters = decodeListTrace(String(header)).statements.flatMap((s) => s.parameters);
      const texts = parameters.filter((p): p is string => typeof p === 'string' && p.includes('"'));
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain(`"${searches[i]}"`);
    });
  });

  it("answers a quick search's path through SQLite's search index", async () => {
    const { header } = await adminLog(t, token, 'page=1&limit=10&quickSearch=login', true);
    const trace = decodeListTrace(String(header));
    expect(trace.page).toEqual(['fts-order']);
    expect(trace.total).toEqual(['fts-count']);
    const match = trace.statements.find((s) => /match/i.test(s.sql));
    expect(match?.parameters.join(' ')).toContain('login');
  });
});
