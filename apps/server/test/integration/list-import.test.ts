/**
 * Importing rows into a list: a preview with a guessed mapping, every row checked by
 * the add form's rules, all rows saved or none, refusals named by line, its own permission and
 * an entry in the admin log.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
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
    expect(res.data.refused).toEqual([
      { line: 4, field: 'username', message: expect.stringMatching(/exist/i) },
    ]);
    expect(await memberCount(t)).toBe(before);

    // An e-mail another member already has: the save names that field too.
    const taken = csv([
      'username,nickname,password,group_id,email',
      'imp_mail,Mail,Mail-pass-1,1,taken@example.com',
    ]);
    const first = await send(t, token, 'import', taken, {
      mapping: JSON.stringify(['username', 'nickname', 'password', 'group_id', 'email']),
    });
    expect(first.code).toBe(1);
    const again = csv([
      'username,nickname,password,group_id,email',
      'imp_mail2,Mail,Mail-pass-1,1,taken@example.com',
    ]);
    const second = await send(t, token, 'import', again, {
      mapping: JSON.stringify(['username', 'nickname', 'password', 'group_id', 'email']),
    });
    expect(second.data.refused).toEqual([{ line: 2, field: 'email', message: 'Email already exists' }]);
    const badNickname = csv(['username,nickname,password,group_id', 'imp_nick,Bad<nick>,Nick-pass-1,1']);
    const nick = await send(t, token, 'import', badNickname, {
      mapping: JSON.stringify(['username', 'nickname', 'password', 'group_id']),
    });
    expect(nick.data.refused).toEqual([{ line: 2, field: 'nickname', message: expect.any(String) }]);
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
    if (t.ctx.db.dialect === 'mysql') {
      // The members' search segments took the rows in as the import committed (segment-merge.ts).
      const { rows } = await sql<{ n: number | string }>`select count(*) as n
        from ${sql.table('user_tpending')}`.execute(t.ctx.db.kysely);
      expect(Number(rows[0]?.n)).toBe(0);
    }
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

  it('takes groups by their names, as an export writes them, and a value for every row where no column gives one', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const rule = await t.ctx.db.kysely.selectFrom('user_rule').select('id').executeTakeFirstOrThrow();
    const added = await call(t.app, 'POST', '/admin/user.Group/add', {
      token,
      body: { name: 'Imported VIPs', rules: [rule.id], status: '1' },
    });
    expect(added.code).toBe(1);
    const vips = await t.ctx.db.kysely
      .selectFrom('user_group')
      .select('id')
      .where('name', '=', 'Imported VIPs')
      .executeTakeFirstOrThrow();
    const groupOf = async (username: string) =>
      (
        await t.ctx.db.kysely
          .selectFrom('user')
          .select('group_id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).group_id;

    // The preview offers the groups by name, the seeded one in the reader's language.
    const named = csv(['username,nickname,password,group', 'imp_vip,Vip,Vip-pass-12,imported vips']);
    const preview = await send(t, token, 'importPreview', named);
    const groupField = preview.data.fields.find((f: { name: string }) => f.name === 'group_id');
    expect(groupField.choices).toEqual(
      expect.arrayContaining([
        { value: '1', label: 'Default group' },
        { value: String(vips.id), label: 'Imported VIPs' },
      ]),
    );
    const mapping = JSON.stringify(['username', 'nickname', 'password', 'group_id']);
    expect((await send(t, token, 'import', named, { mapping })).code).toBe(1);
    expect(await groupOf('imp_vip')).toBe(vips.id);

    // A name no group has is that line's refusal, and nothing is saved.
    const before = await memberCount(t);
    const unknown = csv([
      'username,nickname,password,group',
      'imp_ok,Ok,Ok-pass-123,Default group',
      'imp_nope,Nope,Nope-pass-12,Gold members',
    ]);
    const refused = await send(t, token, 'import', unknown, { mapping });
    expect(refused.data.refused).toEqual([
      { line: 3, field: 'group_id', message: 'Unknown value: Gold members' },
    ]);
    expect(await memberCount(t)).toBe(before);

    // A file without a group column: one group for all its rows, and one password, which the
    // admin log does not keep.
    const bare = csv(['username,nickname', 'imp_one,One', 'imp_two,Two']);
    const bareMapping = JSON.stringify(['username', 'nickname']);
    const started = now();
    const shared = await send(t, token, 'import', bare, {
      mapping: bareMapping,
      values: JSON.stringify({ group_id: 'Imported VIPs', password: 'Shared-pass-1' }),
    });
    expect(shared).toMatchObject({ code: 1, data: { imported: 2 } });
    expect([await groupOf('imp_one'), await groupOf('imp_two')]).toEqual([vips.id, vips.id]);
    const login = await call(t.app, 'POST', '/api/user/checkIn', {
      body: { tab: 'login', username: 'imp_two', password: 'Shared-pass-1' },
    });
    expect(login.code).toBe(1);
    const entry = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select('data')
      .where('url', 'like', '%/user.User/import')
      .where('create_time', '>=', started)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(entry.data))).toMatchObject({ valuesFor: ['group_id', 'password'] });
    expect(String(entry.data)).not.toContain('Shared-pass-1');

    // A value for a field a column already fills, or naming nothing, is refused before any row.
    const again = csv(['username,nickname', 'imp_three,Three']);
    const clash = await send(t, token, 'import', again, {
      mapping: bareMapping,
      values: JSON.stringify({ nickname: 'Everyone', password: 'Shared-pass-1', group_id: '1' }),
    });
    expect(clash).toMatchObject({ code: 0, msg: 'Parameter values is invalid' });
    const nothing = await send(t, token, 'import', again, {
      mapping: bareMapping,
      values: JSON.stringify({ password: 'Shared-pass-1', group_id: 'Gold members' }),
    });
    expect(nothing).toMatchObject({ code: 0, msg: 'Unknown value: Gold members' });
    expect(await memberCount(t)).toBe(before + 2);
  });

  it('reads values as the list labels them, with the labels the screen sends', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // As the member list's export writes them, in English.
    const file = csv([
      'Username,Nickname,Password,Group,Gender,State',
      'imp_lab,Labelled,Label-pass-1,Default group,female,Disable',
    ]);
    const mapping = JSON.stringify(['username', 'nickname', 'password', 'group_id', 'gender', 'status']);
    const labels = {
      gender: [
        { value: '0', label: 'Secrecy' },
        { value: '1', label: 'Male' },
        { value: '2', label: 'Female' },
      ],
      status: [
        { value: 'enable', label: 'Enable' },
        { value: 'disable', label: 'Disable' },
      ],
      // The server's own names for groups stand: a label cannot point a name elsewhere.
      group_id: [{ value: '999', label: 'Default group' }],
    };
    const res = await send(t, token, 'import', file, { mapping, labels: JSON.stringify(labels) });
    expect(res.code).toBe(1);
    const member = await t.ctx.db.kysely
      .selectFrom('user')
      .select(['gender', 'status', 'group_id'])
      .where('username', '=', 'imp_lab')
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ gender: 2, status: 'disable', group_id: 1 });

    const bad = await send(t, token, 'import', file, {
      mapping,
      labels: JSON.stringify({ no_such_field: [{ value: '1', label: 'One' }] }),
    });
    expect(bad).toMatchObject({ code: 0, msg: 'Parameter labels is invalid' });
  });

  it('takes an administrator’s groups by their names, several in one cell', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const editors = await createGroup(t.ctx, 'Import editors', []);
    const file = csv([
      'username,nickname,password,groups',
      `imp_multi,Multi,Multi-pass-1,"Import editors, ${editors}"`,
    ]);
    const res = await send(
      t,
      token,
      'import',
      file,
      { mapping: JSON.stringify(['username', 'nickname', 'password', 'group_arr']) },
      'auth.Admin',
    );
    expect(res.code).toBe(1);
    const groups = await t.ctx.db.kysely
      .selectFrom('admin_group_access')
      .innerJoin('admin', 'admin.id', 'admin_group_access.uid')
      .select('admin_group_access.group_id')
      .where('admin.username', '=', 'imp_multi')
      .execute();
    expect(groups.map((g) => g.group_id)).toEqual([editors]);
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
