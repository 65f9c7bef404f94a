/**
 * The API described: every route declares its schema, the OpenAPI document at
 * /api/openapi.json is valid OpenAPI 3.1 and names every registered route with its permission,
 * and input a route's schema refuses gets the code-0 envelope naming the field.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { registeredRoutes, routeCatalogue } from '../../../src/http/routes.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
} from '../../support/test-app.js';

interface Operation {
  summary?: string;
  'x-permission'?: string;
  'x-access': string;
  security: Record<string, string[]>[];
  parameters: { name?: string; in?: string }[];
  requestBody?: unknown;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

forEachDatabase('API description', (get) => {
  it('declares a schema with the answer of every registered route', () => {
    const routes = routeCatalogue.get(get().app) ?? [];
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      expect(route.schema?.data, `${route.url} declares its answer`).toBeInstanceOf(z.ZodType);
      expect(route.schema.summary, `${route.url} has a summary`).toMatch(/\w/);
    }
  });

  it('serves a valid OpenAPI 3.1 document naming every route, its permission and its token', async () => {
    const t = get();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as Document;

    const validator = new Validator();
    const verdict = await validator.validate(structuredClone(document));
    expect(verdict.errors ?? [], JSON.stringify(verdict.errors)).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const routes = routeCatalogue.get(t.app) ?? [];
    for (const route of routes) {
      for (const method of route.methods) {
        const operation = document.paths[route.url]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url} is documented`).toBeDefined();
        if (!operation) continue;
        expect(operation['x-access']).toBe(route.access);
        if (route.access === 'permission') expect(operation['x-permission']).toBe(route.permission);
        const scheme = route.ticket
          ? 'terminalTicket'
          : route.area === 'admin'
            ? 'adminToken'
            : 'memberToken';
        expect(operation.security).toEqual(
          route.access === 'public' && !route.ticket ? [] : [{ [scheme]: [] }],
        );
      }
    }

    // Every route Fastify has, save the automatic HEAD and CORS preflight and the static files.
    const served = (registeredRoutes.get(t.app) ?? []).filter(
      ({ method, url }) => method !== 'HEAD' && method !== 'OPTIONS' && !url.startsWith('/storage/'),
    );
    expect(served.length).toBeGreaterThan(150);
    for (const { method, url } of served) {
      expect(document.paths[url]?.[method.toLowerCase()], `${method} ${url} is documented`).toBeDefined();
    }
    expect(document.paths['/admin/Terminal/index']?.get?.security).toEqual([{ terminalTicket: [] }]);
    expect(document.paths['/health']?.get).toBeDefined();

    // A list's parameters, a form's body and a permission, as a client reads them.
    const list = document.paths['/admin/auth.Admin/index']?.get;
    expect(list?.['x-permission']).toBe('auth/admin/index');
    expect(list?.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'quickSearch']),
    );
    expect(document.paths['/admin/auth.Admin/add']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { username: {}, password: {} } } } },
    });
    expect(document.paths['/api/user/checkIn']?.post?.security).toEqual([]);
  });

  it('shows the reference to administrators holding its rule, enveloped, and to nobody else', async () => {
    const t = get();
    const stranger = await call(t.app, 'GET', '/admin/routine.ApiReference/index');
    expect(stranger.code).toBe(303);

    const group = await createGroup(t.ctx, 'dashboard only', ['dashboard', 'dashboard/index']);
    await createAdmin(t.ctx, 'nodocs', 'no-docs-pass-1', [group]);
    const { token: plain } = await loginAdmin(t.app, 'nodocs', 'no-docs-pass-1');
    expect((await call(t.app, 'GET', '/admin/routine.ApiReference/index', { token: plain })).code).toBe(401);

    const { token } = await loginSuper(t);
    const answer = await call<Document>(t.app, 'GET', '/admin/routine.ApiReference/index', { token });
    expect(answer.code).toBe(1);
    expect(answer.data.openapi).toBe('3.1.0');
    expect(Object.keys(answer.data.paths)).toContain('/admin/routine.ApiReference/index');

    // Its page is a menu of the back office, under Routine, in both languages.
    const menus = async (lang: 'en' | 'zh-cn') =>
      JSON.stringify((await call(t.app, 'GET', '/admin/index/index', { token, lang })).data.menus);
    expect(await menus('en')).toContain('"title":"API reference"');
    expect(await menus('zh-cn')).toContain('"title":"接口文档"');
  });

  it("gives the reference page every route's summary in the reader's language; the document stays English", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const summaries = (document: Document) =>
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => `${method} ${path}: ${operation.summary}`),
      );
    const han = /[\u4e00-\u9fff]/;
    const page = async (lang: 'zh-cn' | 'en') =>
      summaries(
        (await call<Document>(t.app, 'GET', '/admin/routine.ApiReference/index', { token, lang })).data,
      );
    const english = summaries(
      (
        await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'think-lang': 'zh-cn' } })
      ).json(),
    );
    expect(english.filter((line) => han.test(line))).toEqual([]);
    expect(await page('en')).toEqual(english);
    const chinese = await page('zh-cn');
    expect(chinese).toHaveLength(english.length);
    expect(chinese.filter((line) => !han.test(line.slice(line.indexOf(': '))))).toEqual([]);
    expect(chinese).toContain('get /admin/auth.Admin/index: 列表');
  });

  it("refuses input its route's schema does not allow with code 0 naming the field, in both languages", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const bad = { kind: 'poem', title: 'A title' };
    const en = await call(t.app, 'POST', '/admin/content.Content/add', { token, body: bad, lang: 'en' });
    expect(en).toMatchObject({ status: 200, code: 0, msg: 'Parameter kind has an unsupported value' });
    const zh = await call(t.app, 'POST', '/admin/content.Content/add', { token, body: bad, lang: 'zh-cn' });
    expect(zh).toMatchObject({ status: 200, code: 0 });
    expect(zh.msg).toContain('kind');
    expect(zh.msg).not.toBe(en.msg);
    const list = await call(t.app, 'GET', '/admin/content.Content/index', { token });
    expect(list.data.total).toBe(0);

    // A stranger hears "please log in", not what their input lacked.
    const stranger = await call(t.app, 'POST', '/admin/content.Content/add', { body: bad });
    expect(stranger.code).toBe(303);
  });

  it('takes bracket-notation forms and query strings, validated by the same schemas', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const form = (body: string) =>
      call(t.app, 'POST', '/admin/content.Content/add', {
        token,
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await form('kind=article&title=First&status=1')).code).toBe(1);
    expect((await form('kind=page&title=Second&weigh=2')).code).toBe(1);
    const rows = (await call(t.app, 'GET', '/admin/content.Content/index', { token, query: 'order=id,asc' }))
      .data.list as { id: number; title: string }[];
    expect(rows.map((row) => row.title)).toEqual(['First', 'Second']);

    const badIds = await call(t.app, 'POST', '/admin/content.Content/del', {
      token,
      body: 'ids[]=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(badIds).toMatchObject({ code: 0, msg: 'Parameter ids.0 must be a list of ids' });
    const deleted = await call(t.app, 'DELETE', '/admin/content.Content/del', {
      token,
      query: `ids[]=${rows[0]?.id}&ids[]=${rows[1]?.id}`,
    });
    expect(deleted.code).toBe(1);
    expect((await call(t.app, 'GET', '/admin/content.Content/index', { token })).data.total).toBe(0);
  });
});
