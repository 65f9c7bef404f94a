/**
 * Exporting a list: the whole filtered, sorted list as the administrator sees it,
 * in CSV and Excel, with its own permission and an audit entry; secrets never leave.
 */
import type { ExportColumn } from '@portico/shared';
import { expect, it } from 'vitest';
import { now } from '../../src/clock.js';
import { parseCsv, sheetRows, zipEntries } from '../support/spreadsheets.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  type TestApp,
} from '../support/test-app.js';

/** More than two export batches (1,000 rows each), so the walk from batch to batch is exercised. */
const MEMBERS = 2_600;
const BASE_TIME = 1_767_225_600; // 2026-01-01 00:00:00 UTC = 08:00 in Asia/Shanghai

const COLUMNS: ExportColumn[] = [
  { prop: 'id', title: 'ID' },
  { prop: 'username', title: 'Username' },
  { prop: 'nickname', title: 'Nickname' },
  { prop: 'money', title: 'Balance' },
  { prop: 'status', title: 'State', render: 'tag', values: { enable: 'Enabled', disable: 'Disabled' } },
  { prop: 'create_time', title: 'Created', render: 'datetime' },
];

async function seedMembers(t: TestApp): Promise<void> {
  const rows = Array.from({ length: MEMBERS }, (_, i) => ({
    username: `exp${String(i).padStart(5, '0')}`,
    // Some nicknames need quoting, one looks like a formula; create times repeat (ties by id).
    nickname: i === 1007 ? '=HYPERLINK("http://evil")' : i % 10 === 3 ? `Li, "the" ${i}` : `Member ${i}`,
    password: 'not-a-real-hash',
    salt: 'not-a-real-salt',
    group_id: 1,
    money: i * 105,
    status: i % 4 === 0 ? 'disable' : 'enable',
    create_time: BASE_TIME + Math.floor(i / 3) * 60,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await t.ctx.db.kysely
      .insertInto('user')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await t.ctx.caches.changed('rules');
}

const LIST_QUERY = {
  'search[0][field]': 'username',
  'search[0][val]': 'exp01',
  'search[0][operator]': 'LIKE',
  order: 'create_time,desc',
};

async function exportFile(t: TestApp, token: string, format: 'csv' | 'xlsx', columns = COLUMNS) {
  return t.app.inject({
    method: 'GET',
    url: '/admin/user.User/export',
    query: { ...LIST_QUERY, format, columns: JSON.stringify(columns) },
    headers: { batoken: token, 'think-lang': 'en', server: 'true' },
  });
}

/** The list as its index answers it, page after page: what the export must equal. */
async function listedRows(t: TestApp, token: string) {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await call(t.app, 'GET', '/admin/user.User/index', {
      token,
      query: { ...LIST_QUERY, page: String(page), limit: '1000' },
    });
    rows.push(...res.data.list);
    if (res.data.list.length < 1000) return rows;
  }
}

function expectedCells(row: Record<string, unknown>): string[] {
  const created = new Date((Number(row.create_time) + 8 * 3600) * 1000).toISOString();
  const nickname = String(row.nickname);
  return [
    String(row.id),
    String(row.username),
    nickname.startsWith('=') ? `'${nickname}` : nickname,
    String(row.money),
    row.status === 'enable' ? 'Enabled' : 'Disabled',
    `${created.slice(0, 10)} ${created.slice(11, 19)}`,
  ];
}

forEachDatabase('list export', (get) => {
  it('exports the whole filtered, sorted list as CSV, cells as the list shows them', async () => {
    const t = get();
    await seedMembers(t);
    const { token } = await loginSuper(t);
    const listed = await listedRows(t, token);
    expect(listed.length).toBe(1000);

    const res = await exportFile(t, token, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-export-rows']).toBe('1000');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-user-\d{8}-\d{6}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(COLUMNS.map((c) => c.title));
    expect(rows).toEqual(listed.map(expectedCells));
    // The money of member 1002 (105,210 cents) reads as a decimal; the formula is defused.
    expect(rows.find((r) => r[1] === 'exp01002')?.[3]).toBe('1052.10');
    expect(rows.find((r) => r[1] === 'exp01007')?.[2]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it('exports the same rows as an Excel workbook whose sheet comes first', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const listed = await listedRows(t, token);
    const res = await exportFile(t, token, 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const entries = await zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'xl/worksheets/sheet1.xml',
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
    ]);
    const [header, ...rows] = sheetRows(entries[0]?.text ?? '');
    expect(header).toEqual(COLUMNS.map((c) => c.title));
    expect(rows).toEqual(listed.map(expectedCells));
  });

  it('walks a list sorted by text in batches without losing or repeating rows', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/user.User/export',
      query: {
        order: 'username,desc',
        format: 'csv',
        columns: JSON.stringify([{ prop: 'username', title: 'U' }]),
      },
      headers: { batoken: token, server: 'true' },
    });
    const names = parseCsv(res.body)
      .slice(1)
      .map((r) => r[0]);
    const expected = Array.from({ length: MEMBERS }, (_, i) => `exp${String(i).padStart(5, '0')}`).reverse();
    expect(names.filter((n) => n?.startsWith('exp'))).toEqual(expected);
  });

  it('exports what a quick search finds, and a tree list in its order', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const columns = JSON.stringify([{ prop: 'username', title: 'U' }]);
    const found = await t.app.inject({
      method: 'GET',
      url: '/admin/user.User/export',
      query: { quickSearch: 'exp0250', format: 'csv', columns },
      headers: { batoken: token, server: 'true' },
    });
    expect(parseCsv(found.body).slice(1)).toEqual([
      ['exp02509'],
      ['exp02508'],
      ['exp02507'],
      ['exp02506'],
      ['exp02505'],
      ['exp02504'],
      ['exp02503'],
      ['exp02502'],
      ['exp02501'],
      ['exp02500'],
    ]);
    const rules = await t.app.inject({
      method: 'GET',
      url: '/admin/auth.Rule/export',
      query: { format: 'csv', columns: JSON.stringify([{ prop: 'name', title: 'Name' }]) },
      headers: { batoken: token, server: 'true' },
    });
    const names = parseCsv(rules.body)
      .slice(1)
      .map(([name]) => name);
    const listed = await call(t.app, 'GET', '/admin/auth.Rule/index', { token, query: { isTree: '0' } });
    expect(names).toEqual(listed.data.list.map((rule: { name: string }) => rule.name));
    expect(names).toContain('user/user/export');
  });

  it('never exports a secret nor a column the list does not show', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    for (const prop of ['password', 'salt', 'login_failure', 'token']) {
      const res = await exportFile(t, token, 'csv', [{ prop, title: prop }]);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 0, msg: `Column ${prop} cannot be exported` });
    }
    const admins = await t.app.inject({
      method: 'GET',
      url: '/admin/auth.Admin/export',
      query: {
        format: 'csv',
        columns: JSON.stringify([
          { prop: 'username', title: 'U' },
          { prop: 'salt', title: 'S' },
        ]),
      },
      headers: { batoken: token, server: 'true', 'think-lang': 'zh-cn' },
    });
    expect(admins.json()).toMatchObject({ code: 0, msg: '列 salt 不能导出' });
  });

  it('exports a deleted member from the recycle log without its password hash', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const member = await t.ctx.db.kysely
      .selectFrom('user')
      .select(['id', 'password'])
      .where('username', '=', 'exp00042')
      .executeTakeFirstOrThrow();
    const deleted = await call(t.app, 'POST', '/admin/user.User/del', { token, body: { ids: [member.id] } });
    expect(deleted.code).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/security.DataRecycleLog/export',
      query: { format: 'csv', columns: JSON.stringify([{ prop: 'data', title: 'Data' }]) },
      headers: { batoken: token, server: 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('exp00042');
    expect(res.body).not.toContain(member.password);
    expect(res.body).not.toContain('not-a-real-salt');
  });

  it('needs the list’s own export permission, and leaves an entry in the admin log', async () => {
    const t = get();
    const viewers = await createGroup(t.ctx, 'Member viewers', ['user', 'user/user', 'user/user/index']);
    await createAdmin(t.ctx, 'viewer', 'Viewer-pass1', [viewers]);
    const viewer = await loginAdmin(t.app, 'viewer', 'Viewer-pass1');
    const refused = await exportFile(t, viewer.token, 'csv');
    expect(refused.json()).toMatchObject({ code: 401, msg: 'You have no permission' });

    const exporters = await createGroup(t.ctx, 'Member exporters', [
      'user',
      'user/user',
      'user/user/index',
      'user/user/export',
    ]);
    await createAdmin(t.ctx, 'exporter', 'Exporter-pass1', [exporters]);
    const exporter = await loginAdmin(t.app, 'exporter', 'Exporter-pass1');
    const before = now();
    const allowed = await exportFile(t, exporter.token, 'csv');
    expect(allowed.statusCode).toBe(200);
    expect(parseCsv(allowed.body)).toHaveLength(1001);
    const entry = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select(['username', 'url', 'title', 'data'])
      .where('username', '=', 'exporter')
      .where('url', 'like', '%/export%')
      .where('create_time', '>=', before)
      .executeTakeFirstOrThrow();
    expect(entry.url).toContain('/admin/user.User/export');
    expect(entry.title).toContain('导出');
    expect(JSON.parse(String(entry.data))).toMatchObject({ format: 'csv', order: 'create_time,desc' });
  });
});
