/**
 * The original client's back-office calls beyond a table's list and form: the remote selects
 * (with initKey / initValue), the balance form's member lookup, an upload edited and deleted on
 * the attachment screen, the data-recycle rules and the recycle bin's restore, the dashboard, and
 * the CRUD designer's calls. Shared by a fresh database of every dialect and a taken-over one.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createMember } from './member.js';
import { multipart } from './multipart.js';
import { rowsOf } from './original-client.js';
import { adminSession, type ScreensSite } from './original-screens.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

export function originalScreenForms(get: () => ScreensSite): void {
  const { signedIn, found } = adminSession(get);

  it("remote selects: the admin form's group tree, the balance forms' member select and lookup", async () => {
    const s = get();
    const send = await signedIn();
    // getSelectData: select, quickSearch, then the component's params, page, initKey, initValue.
    const groups = await send.send(
      'GET',
      '/admin/auth.Group/index',
      'select=true&quickSearch=&isTree=true&absoluteAuth=1&page=1&initKey=id&initValue=&uuid=x1',
    );
    expect(groups.code, groups.msg).toBe(1);
    expect(rowsOf(groups.data.options ?? groups.data.list).map((g) => g.id)).toContain(1);

    const memberId = await createMember(s.ctx, 'select_member', 'Select_pass1');
    const members = await send.send(
      'GET',
      '/admin/user.User/index',
      `select=true&quickSearch=&page=1&initKey=user.id&initValue=${memberId}&uuid=x2`,
    );
    expect(members.code, members.msg).toBe(1);
    expect(members.data.list).toEqual([
      expect.objectContaining({ id: memberId, nickname_text: `select_member(ID:${memberId})` }),
    ]);
    const searched = await send.send(
      'GET',
      '/admin/user.User/index',
      'select=true&quickSearch=select_mem&page=1',
    );
    expect(searched.data.list.map((m: { id: number }) => m.id)).toEqual([memberId]);
    // The form's onChange: the member's name and current balance / points beside the amount.
    for (const controller of ['user.MoneyLog', 'user.ScoreLog']) {
      const lookup = await send.send('GET', `/admin/${controller}/add`, `userId=${memberId}`);
      expect(lookup.code, `${controller}: ${lookup.msg}`).toBe(1);
      expect(lookup.data.user).toMatchObject({
        id: memberId,
        username: 'select_member',
        nickname: 'select_member',
      });
    }
    expect((await send.del('user.User', [memberId])).code).toBe(1);
  });

  it('routine/attachment: an upload listed, renamed and deleted', async () => {
    const s = get();
    const send = await signedIn();
    const body = multipart({ name: 'screens-shot.png', type: 'image/png', bytes: PNG });
    const uploaded = await s.app.inject({
      method: 'POST',
      url: '/admin/ajax/upload',
      headers: { ...body.headers, batoken: send.tokens.admin ?? '', server: 'true', 'think-lang': 'zh-cn' },
      payload: body.payload,
    });
    const file = uploaded.json().data.file;
    expect(file).toMatchObject({ suffix: 'png', full_url: expect.any(String) });
    const [row] = (
      await send.index('routine.Attachment', { order: 'last_upload_time,desc', quickSearch: 'screens-shot' })
    ).data.list;
    expect(row).toMatchObject({ id: file.id, admin: { nickname: expect.any(String) }, suffix: 'png' });
    const edit = await send.editRow('routine.Attachment', file.id);
    const saved = await send.save('routine.Attachment', { ...edit, name: 'screens-renamed.png' });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('routine.Attachment', 'screens-renamed')).map((a) => a.id)).toEqual([file.id]);
    expect((await send.del('routine.Attachment', [file.id])).code).toBe(1);
    expect(await found('routine.Attachment', 'screens-renamed')).toEqual([]);
  });

  it('security/dataRecycle: a rule added, edited, deleted; a deletion restored from the recycle bin', async () => {
    const s = get();
    const send = await signedIn();
    const form = await send.send('GET', '/admin/security.DataRecycle/add');
    expect(Object.keys(form.data.controllers)).toContain('user/Group');
    const added = await send.add('security.DataRecycle', {
      status: '1',
      name: 'Screens recycle',
      controller: 'user/Group',
      connection: '',
      data_table: 'user_group',
      primary_key: 'id',
    });
    expect(added.code, added.msg).toBe(1);
    const [rule] = await found('security.DataRecycle', 'Screens recycle');
    expect(rule).toMatchObject({
      name: 'Screens recycle',
      controller: 'user/Group',
      data_table: 'user_group',
    });
    const row = await send.editRow('security.DataRecycle', rule.id);
    const saved = await send.save('security.DataRecycle', { ...row, name: 'Screens recycle renamed' });
    expect(saved.code, saved.msg).toBe(1);
    expect((await found('security.DataRecycle', 'Screens recycle renamed')).map((r) => r.id)).toEqual([
      rule.id,
    ]);

    // A member deleted goes to the bin (the seeded rule for user/User); the bin's restore brings it back.
    const memberId = await createMember(s.ctx, 'recycled_member', 'Recycled_pass1');
    expect((await send.del('user.User', [memberId])).code).toBe(1);
    const bin = await send.index('security.DataRecycleLog', {
      quickSearch: '',
      search: [{ field: 'data_table', val: 'user', operator: 'eq' }],
    });
    const entry = bin.data.list.find((e: { data: string }) => String(e.data).includes('recycled_member'));
    expect(entry).toMatchObject({
      recycle: { controller_as: 'user/user' },
      admin: { nickname: expect.any(String) },
    });
    const info = await send.send('GET', '/admin/security.DataRecycleLog/info', `id=${entry.id}`);
    expect(info.data.row).toMatchObject({ id: entry.id, data_table: 'user' });
    const restored = await send.send('POST', '/admin/security.DataRecycleLog/restore', '', {
      ids: [entry.id],
    });
    expect(restored.code, restored.msg).toBe(1);
    expect((await found('user.User', 'recycled_member')).map((m) => m.id)).toEqual([memberId]);

    expect((await send.del('security.DataRecycle', [rule.id])).code).toBe(1);
    expect(await found('security.DataRecycle', 'Screens recycle renamed')).toEqual([]);
  });

  it('dashboard: its one call answers the remark it shows', async () => {
    const send = await signedIn();
    const res = await send.send('GET', '/admin/Dashboard/index');
    expect(res.code, res.msg).toBe(1);
    expect(res.data.remark).toEqual(expect.any(String));
  });

  it("crud: the designer's field parse, file paths, conflict check and a record's start", async () => {
    const s = get();
    const send = await signedIn();
    // A table the site made itself under the configured prefix (raw SQL: not through the prefixing builder).
    const autoId = {
      sqlite: 'integer primary key autoincrement',
      mysql: 'int not null auto_increment primary key',
      postgres: 'serial primary key',
    }[s.ctx.db.dialect];
    await sql
      .raw(
        `create table ${s.ctx.db.prefix}screens_table (id ${autoId}, title varchar(50) not null default '')`,
      )
      .execute(s.ctx.db.kysely);
    // Starting from a table of the site's own (the core's tables are refused, as docs/crud-generator.md says).
    const parsed = await send.send('POST', '/admin/crud.Crud/parseFieldData', '', {
      type: 'db',
      table: 'screens_table',
      sql: '',
      connection: '',
    });
    expect(parsed.code, parsed.msg).toBe(1);
    const columns = Object.values(parsed.data.columns) as Array<{ name: string; designType: string }>;
    expect(columns.find((c) => c.name === 'id')).toMatchObject({ designType: 'pk' });
    expect(columns.map((c) => c.name)).toContain('title');
    const paths = await send.send('GET', '/admin/crud.Crud/getFileData', 'table=screens_new&commonModel=0');
    expect(paths.code, paths.msg).toBe(1);
    expect(paths.data).toMatchObject({
      modelFile: expect.any(String),
      controllerFile: expect.any(String),
      validateFile: expect.any(String),
      webViewsDir: expect.any(String),
    });
    const check = await send.send('POST', '/admin/crud.Crud/generateCheck', '', {
      table: 'screens_new',
      connection: '',
      controllerFile: paths.data.controllerFile,
    });
    expect(check.code, check.msg).toBe(1);
    // A record on the log screen opens in the designer with its table and fields: one as the
    // original's generator writes it (the fixture's own is cut short, its fields without designType).
    await s.ctx.db.kysely
      .withTables<{ crud_log: Record<string, string | number> }>()
      .insertInto('crud_log')
      .values({
        table_name: 'screens_table',
        table: JSON.stringify({ name: 'screens_table', comment: 'Screens', isCommonModel: 0 }),
        fields: JSON.stringify([
          { name: 'id', designType: 'pk', type: 'int' },
          { name: 'title', designType: 'string', type: 'varchar' },
        ]),
        status: 'success',
        connection: '',
        create_time: Math.floor(Date.now() / 1000),
      })
      .execute();
    const [record] = (await send.index('crud.Log', { quickSearch: 'screens_table' })).data.list;
    expect(record).toMatchObject({ table_name: 'screens_table', status: 'success' });
    const started = await send.send('POST', '/admin/crud.Crud/logStart', '', { id: record.id });
    expect(started.code, started.msg).toBe(1);
    expect(started.data.table).toMatchObject({ name: 'screens_table', empty: true });
    expect(started.data.fields.map((f: { designType: string }) => f.designType)).toEqual(['pk', 'string']);
  });
}
