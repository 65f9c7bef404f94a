/**
 * Importing rows into a list (issue 21): a preview with a guessed mapping, every row checked by
 * the add form's rules, all rows saved or none, refusals named by line, its own permission and
 * an entry in the admin log.
 */
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { now } from '../../src/clock.js';
import { xlsxStream } from '../../src/crud/export/xlsx.js';
import { multipart } from '../support/multipart.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginAdmin,
  loginSuper,
  type TestApp,
} from '../support/test-app.js';

const CSV = 'text/csv';

async function send(
  t: TestApp,
  token: string,
  action: 'importPreview' | 'import',
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
  controller = 'user.User',
  lang: 'en' | 'zh-cn' = 'en',
) {
  const { payload, headers } = multipart({ type: CSV, ...file }, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/${controller}/${action}`,
    payload,
    headers: { ...headers, batoken: token, server: 'true', 'think-lang': lang },
  });
  return res.json();
}

const csv = (lines: string[]) => ({ name: 'members.csv', bytes: Buffer.from(`${lines.join('\r\n')}\r\n`) });

async function memberCount(t: TestApp): Promise<number> {
  const row = await t.ctx.db.kysely
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const MEMBERS = csv([
  'Username,Nickname,Password,E-mail,Group_ID,Notes',
  'imp_ann,Ann,Ann-pass-1,ann@example.com,1,first',
  'imp_bob,Bob the builder,"Bob,pass-1",not-an-email,1,second',
  'imp_cat,Cat,Cat-pass-1,,1,third',
]);
const MAPPING = JSON.stringify(['username', 'nickname', 'password', 'email', 'group_id', null]);

forEachDatabase('list import', (get) => {
  it('previews the file with the mapping guessed from its header', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const res = await send(t, token, 'importPreview', MEMBERS);
    expect(res.code).toBe(1);
    expect(res.data.columns).toEqual(['Username', 'Nickname', 'Password', 'E-mail', 'Group_ID', 'Notes']);
    expect(res.data.total).toBe(3);
    expect(res.data.rows[1]).toEqual([
      'imp_bob',
      'Bob the builder',
      'Bob,pass-1',
      'not-an-email',
      '1',
      'second',
    ]);
    expect(res.data.mapping).toEqual(['username', 'nickname', 'password', 'email', 'group_id', null]);
    expect(res.data.fields).toContainEqual({ name: 'username', required: true });
    expect(res.data.fields).toContainEqual({ name: 'email', required: false });
  });

  it('refuses the whole file when one row is bad, naming the line, and saves nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const before = await memberCount(t);
    const res = await send(t, token, 'import', MEMBERS, { mapping: MAPPING });
    expect(res).toMatchObject({ code: 0, msg: '1 of 3 rows were refused; nothing was imported' });
    expect(res.data.refused).toEqual([{ line: 3, field: 'email', message: expect.stringContaining('mail') }]);
    expect(await memberCount(t)).toBe(before);
  });

  it('undoes the rows already added when a later one is refused by the save', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const before = await memberCount(t);
    const file = csv([
      'username,nickname,password,group_id',
      'imp_dup,First,Dup-pass-1,1',
      'imp_other,Other,Other-pass-1,1',
      'imp_dup,Second,Dup-pass-2,1',
    ]);
    const res = await send(t, token, 'import', file, {
      mapping: JSON.stringify(['username', 'nickname', 'password', 'group_id']),
    });
    expect(res.code).toBe(0);
    expect(res.data.refused).toEqual([{ line: 4, field: null, message: expect.stringMatching(/exist/i) }]);
    expect(await memberCount(t)).toBe(before);
  });

  it('imports every row in one go, as the add form saves them, and logs it', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const before = await memberCount(t);
    const fixed = {
      ...MEMBERS,
      bytes: Buffer.from(MEMBERS.bytes.toString().replace('not-an-email', 'bob@example.com')),
    };
    const started = now();
    const res = await send(t, token, 'import', fixed, { mapping: MAPPING });
    expect(res).toMatchObject({ code: 1, msg: 'Imported 3 rows', data: { imported: 3 } });
    expect(await memberCount(t)).toBe(before + 3);
    const bob = await t.ctx.db.kysely
      .selectFrom('user')
      .select(['nickname', 'email', 'status', 'password'])
      .where('username', '=', 'imp_bob')
      .executeTakeFirstOrThrow();
    // The form's defaults applied and the password hashed, as an add through the form would.
    expect(bob).toMatchObject({ nickname: 'Bob the builder', email: 'bob@example.com', status: 'enable' });
    expect(bob.password).toMatch(/^\$argon2id\$/);
    const login = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'imp_bob', password: 'Bob,pass-1' },
    });
    expect(login.code).toBe(1);
    const entry = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select(['title', 'data'])
      .where('url', 'like', '%/user.User/import')
      .where('create_time', '>=', started)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.title).toContain('导入');
    expect(JSON.parse(String(entry.data))).toMatchObject({ file: 'members.csv', rows: 3 });
    expect(String(entry.data)).not.toContain('Bob,pass-1');
  });

  it('reads Excel workbooks and CSV saved by Chinese Excel (GB18030)', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const titles = ['username', 'nickname', 'password', 'group_id'];
    const batches = Readable.from([[['imp_xl', '表格导入', 'Xl-pass-12', 1]]]);
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream(titles, batches, 'members')) chunks.push(chunk);
    const workbook = { name: 'members.xlsx', bytes: Buffer.concat(chunks), type: 'application/octet-stream' };
    const preview = await send(t, token, 'importPreview', workbook);
    expect(preview.data).toMatchObject({
      columns: titles,
      rows: [['imp_xl', '表格导入', 'Xl-pass-12', '1']],
    });
    const imported = await send(t, token, 'import', workbook, {
      mapping: JSON.stringify(preview.data.mapping),
    });
    expect(imported.code).toBe(1);

    const gb = new Uint8Array(
      Buffer.from('username,nickname,password\r\nimp_gb,\xd5\xc5\xc8\xfd,Gb-pass-123\r\n', 'latin1'),
    );
    const gbPreview = await send(t, token, 'importPreview', { name: 'gb.csv', bytes: Buffer.from(gb) });
    expect(gbPreview.data.rows).toEqual([['imp_gb', '张三', 'Gb-pass-123']]);
  });

  it('imports administrators and content through their own forms', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const admins = csv(['username,nickname,password,group_arr', 'imp_admin,Imported,Admin-pass-1,2']);
    const admin = await send(
      t,
      token,
      'import',
      admins,
      { mapping: JSON.stringify(['username', 'nickname', 'password', 'group_arr']) },
      'auth.Admin',
    );
    expect(admin.code).toBe(1);
    expect((await loginAdmin(t.app, 'imp_admin', 'Admin-pass-1')).token).toBeTruthy();

    const pages = csv(['kind,title,body', 'article,Imported <b>news</b>,<p onclick="x()">Hi</p>']);
    const content = await send(
      t,
      token,
      'import',
      pages,
      { mapping: JSON.stringify(['kind', 'title', 'body']) },
      'content.Content',
    );
    expect(content.code).toBe(1);
    const stored = await t.ctx.db.kysely
      .selectFrom('content')
      .select('body')
      .where('title', '=', 'Imported <b>news</b>')
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe('<p>Hi</p>');
  });

  it('needs the list’s import permission and refuses what is not a table', async () => {
    const t = get();
    const viewers = await createGroup(t.ctx, 'Member adders', [
      'user',
      'user/user',
      'user/user/index',
      'user/user/add',
    ]);
    await createAdmin(t.ctx, 'adder', 'Adder-pass-1', [viewers]);
    const adder = await loginAdmin(t.app, 'adder', 'Adder-pass-1');
    expect(await send(t, adder.token, 'importPreview', MEMBERS)).toMatchObject({ code: 401 });
    expect(await send(t, adder.token, 'import', MEMBERS, { mapping: MAPPING })).toMatchObject({ code: 401 });

    const { token } = await loginSuper(t);
    const empty = await send(t, token, 'importPreview', csv(['username,nickname']), {}, 'user.User', 'zh-cn');
    expect(empty).toMatchObject({ code: 0, msg: '文件中没有可导入的行' });
    const badZip = { name: 'x.xlsx', bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]) };
    expect(await send(t, token, 'importPreview', badZip)).toMatchObject({
      code: 0,
      msg: 'The file could not be read as CSV or Excel',
    });
    const wrongMapping = await send(t, token, 'import', MEMBERS, {
      mapping: JSON.stringify(['username', 'username', null, null, null, null]),
    });
    expect(wrongMapping).toMatchObject({ code: 0, msg: 'Parameter mapping is invalid' });
  });
});
