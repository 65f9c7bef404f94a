/**
 * The original product's own web client (BuildAdmin v2) against Portico: each request is
 * replayed as that client sends it (the `batoken` header, `server: true`, axios's bracket
 * notation), and the answer is checked for the shape that client reads.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { maskDatabaseName } from '../../src/features/ajax/table-info.routes.js';
import { requestForLog } from '../../src/http/log-serializers.js';
import { createMember } from '../support/member.js';
import { call, createAdmin, forEachDatabase, loginSuper } from '../support/test-app.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

/** The original client's upload: multipart `file`, with the `batoken` header. */
async function uploadAs(app: FastifyInstance, token: string, name: string, bytes: Buffer, type: string) {
  const boundary = '----contract';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/admin/ajax/upload',
    headers: { batoken: token, server: 'true', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json();
}

/** The original client's axios: token header, `server: true`, language, query as a string. */
function original(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, query = '', body?: unknown) =>
    call(app, method, url, { token, query, body, headers: { server: 'true' } });
}

forEachDatabase('the original client', (get) => {
  it("remote selects: initKey qualified with the resource's own table (user.id) loads the value", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const send = original(t.app, token);
    const memberId = await createMember(t.ctx, 'contract_member', 'Member_pass1');
    // The money log's member select (pk 'user.id'), loading its current value.
    const res = await send(
      'GET',
      '/admin/user.User/index',
      `initKey=user.id&initValue=${memberId}&select=true&quickSearch=`,
    );
    expect(res.code).toBe(1);
    expect(res.data.list.map((row: { id: number }) => row.id)).toEqual([memberId]);
    // Another table's key, or an unknown field of its own, stays refused.
    for (const key of ['admin.id', 'user.password', 'user.']) {
      const refused = await send('GET', '/admin/user.User/index', `initKey=${key}&initValue=1&select=true`);
      expect(refused.code, key).toBe(0);
      expect(refused.msg).toBe(`Filtering by field ${key} is not allowed`);
    }
  });

  it('buildSuffixSvg: an <img> address with batoken in the query (that route only, GET only)', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const url = `/admin/ajax/buildSuffixSvg?batoken=${token}&suffix=zip&server=1`;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('>ZIP</text>');

    // A wrong token, a HEAD, or a token in the query of any other route: not signed in.
    const wrong = await t.app.inject({ method: 'GET', url: url.replace(token, 'x'.repeat(43)) });
    expect(wrong.json()).toMatchObject({ code: 303 });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.headers['content-type']).not.toMatch(/^image/);
    const other = await t.app.inject({
      method: 'GET',
      url: `/admin/routine.AdminInfo/index?batoken=${token}`,
    });
    expect(other.json()).toMatchObject({ code: 303 });
    const upload = await t.app.inject({ method: 'POST', url: `/admin/ajax/upload?batoken=${token}` });
    expect(upload.json()).toMatchObject({ code: 303 });

    // The request log never carries the token.
    const logged = requestForLog({ method: 'GET', url, host: 'x', ip: '127.0.0.1' } as FastifyRequest);
    expect(logged.url).not.toContain(token);
  });

  it('attachments: uploaders nested (admin.nickname, user.nickname), suffix and full_url', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const send = original(t.app, token);
    const png = await uploadAs(t.app, token, 'shot.png', PNG, 'image/png');
    expect(png.code).toBe(1);
    expect(png.data.file).toMatchObject({ suffix: 'png', full_url: png.data.file.url });
    // The table's first load (initSort) and its common search on the uploader's name.
    const list = await send(
      'GET',
      '/admin/routine.Attachment/index',
      'page=1&limit=10&order=last_upload_time%2Cdesc',
    );
    expect(list.code).toBe(1);
    const shot = list.data.list.find((row: { id: number }) => row.id === png.data.file.id);
    expect(shot).toMatchObject({
      admin: { nickname: 'Admin' },
      user: null,
      suffix: 'png',
      full_url: png.data.file.url,
      // Portico's own client reads the flat names.
      admin_nickname: 'Admin',
    });
    const searched = await send(
      'GET',
      '/admin/routine.Attachment/index',
      'page=1&limit=10&search[0][field]=admin.nickname&search[0][val]=Adm&search[0][operator]=LIKE&search[0][render]=',
    );
    expect(searched.code).toBe(1);
    expect(searched.data.list.map((row: { id: number }) => row.id)).toContain(png.data.file.id);
    // The edit form's preview.
    const edit = await send('GET', '/admin/routine.Attachment/edit', `id=${png.data.file.id}`);
    expect(edit.data.row).toMatchObject({ full_url: png.data.file.url, suffix: 'png' });
  });

  it('security logs: admin and recycle / sensitive nested, in the list and the info dialog', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const send = original(t.app, token);
    const memberId = await createMember(t.ctx, 'contract_recycled', 'Member_pass1');
    const del = await send('DELETE', '/admin/user.User/del', `ids[]=${memberId}`);
    expect(del.code).toBe(1);
    const recycled = await send('GET', '/admin/security.DataRecycleLog/index', 'page=1&limit=10');
    const [entry] = recycled.data.list;
    expect(entry).toMatchObject({
      admin: { nickname: 'Admin', username: 'admin' },
      recycle: { name: expect.any(String), controller_as: 'user/user' },
      data_table: 'user',
    });
    const recycleInfo = await send('GET', '/admin/security.DataRecycleLog/info', `id=${entry.id}`);
    expect(recycleInfo.data.row).toMatchObject({
      admin: { nickname: 'Admin', username: 'admin' },
      recycle: { controller_as: 'user/user' },
    });

    const adminId = await createAdmin(t.ctx, 'contract_watched', 'Secret123', [1]);
    const edit = await send('POST', '/admin/auth.Admin/edit', '', {
      id: adminId,
      username: 'contract_watched',
      nickname: 'Watched',
      mobile: '13800000002',
      status: '1',
      group_arr: [1],
    });
    expect(edit.code).toBe(1);
    const changed = await send('GET', '/admin/security.SensitiveDataLog/index', 'page=1&limit=10');
    const [change] = changed.data.list;
    expect(change).toMatchObject({
      admin: { nickname: 'Admin', username: 'admin' },
      sensitive: { name: expect.any(String), controller_as: 'auth/admin' },
      id_value: `id=${adminId}`,
    });
    const changeInfo = await send('GET', '/admin/security.SensitiveDataLog/info', `id=${change.id}`);
    // The original's info dialog writes `primary_key=id_value` itself: the detail carries the bare value.
    expect(changeInfo.data.row).toMatchObject({
      sensitive: { controller_as: 'auth/admin' },
      primary_key: 'id',
      id_value: adminId,
    });
  });

  it('data-security rule forms: GET add lists the controllers, the connection list answers', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const send = original(t.app, token);
    const recycle = await send('GET', '/admin/security.DataRecycle/add');
    expect(recycle.code).toBe(1);
    // `{value: label}`, as the form's select reads it.
    expect(Object.keys(recycle.data.controllers)).toContain('user/User');
    expect(Object.keys(recycle.data.controllers)).not.toContain('security/DataRecycleLog');
    expect(typeof recycle.data.controllers['user/User']).toBe('string');
    const sensitive = await send('GET', '/admin/security.SensitiveData/add');
    expect(Object.keys(sensitive.data.controllers)).toContain('auth/Admin');
    expect(Object.keys(sensitive.data.controllers)).not.toContain('routine/Config');

    const connections = await send(
      'GET',
      '/admin/ajax/getDatabaseConnectionList',
      'select=true&quickSearch=',
    );
    expect(connections.code).toBe(1);
    const [connection] = connections.data.list;
    const type = { sqlite: 'sqlite', mysql: 'mysql', postgres: 'pgsql' }[t.dialect];
    expect(connection).toMatchObject({ type, key: type, database: expect.stringContaining('****') });
    // The original's masking: the 2nd and 3rd characters, only the 2nd of a short name.
    expect([maskDatabaseName('buildadmin'), maskDatabaseName('test')]).toEqual(['b****ldadmin', 't****st']);
    const none = await send('GET', '/admin/ajax/getDatabaseConnectionList', 'select=true&quickSearch=zzz');
    expect(none.data.list).toEqual([]);

    // The form's save: the controller as offered, or as the original's rules name it (a file).
    const added = await send('POST', '/admin/security.DataRecycle/add', '', {
      status: '1',
      name: 'Contract rule',
      controller: 'routine/Attachment.php',
      connection: type,
      data_table: 'attachment',
      primary_key: 'id',
    });
    expect(added).toMatchObject({ code: 1, msg: 'Added successfully' });
    const rule = await t.ctx.db.kysely
      .selectFrom('security_data_recycle')
      .selectAll()
      .where('name', '=', 'Contract rule')
      .executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ controller: 'routine/Attachment', controller_as: 'routine/attachment' });

    // The sensitive-data form takes the controllers from its edit answer too.
    const edit = await send('GET', '/admin/security.SensitiveData/edit', 'id=1');
    expect(edit.data.row.data_fields).toBeTypeOf('object');
    expect(Object.keys(edit.data.controllers)).toContain('auth/Admin');
  });

  it('menu rules: a menu directory without a component, as the rule form posts it', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const send = original(t.app, token);
    // The form's defaults (type menu, tab...), switched to a directory: no component field shown.
    const form = { menu_type: 'tab', extend: 'none', keepalive: 0, status: '1', icon: 'fa fa-circle-o' };
    const dir = await send('POST', '/admin/auth.Rule/add', '', {
      ...form,
      type: 'menu_dir',
      title: 'Contract directory',
      name: 'contract',
      path: 'contract',
    });
    expect(dir).toMatchObject({ code: 1, msg: 'Added successfully' });
    // The parent select, cleared, sends ''; a component left blank is as good as none.
    const cleared = await send('POST', '/admin/auth.Rule/add', '', {
      ...form,
      type: 'menu_dir',
      pid: '',
      component: '',
      title: 'Contract directory 2',
      name: 'contract2',
      path: 'contract2',
    });
    expect(cleared).toMatchObject({ code: 1, msg: 'Added successfully' });
    const rows = await t.ctx.db.kysely
      .selectFrom('admin_rule')
      .select(['type', 'pid', 'component'])
      .where('name', 'in', ['contract', 'contract2'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { type: 'menu_dir', pid: 0, component: '' },
      { type: 'menu_dir', pid: 0, component: '' },
    ]);
    // A menu page still needs its component.
    const page = await send('POST', '/admin/auth.Rule/add', '', {
      ...form,
      type: 'menu',
      title: 'Contract page',
      name: 'contract/page',
      path: 'contract/page',
    });
    expect(page).toMatchObject({ code: 0, msg: 'The component path must start with /src' });
  });

  it("admin last login as the original renders it: Y-m-d H:i:s in the site's zone, or ''", async () => {
    const t = get();
    const id = await createAdmin(t.ctx, 'contract_zoned', 'Zoned_pass1', [1]);
    const setZone = async (value: string) => {
      await t.ctx.db.kysely.updateTable('config').set({ value }).where('name', '=', 'time_zone').execute();
      await t.ctx.caches.changed('settings');
    };
    const setLogin = (value: number | null) =>
      t.ctx.db.kysely.updateTable('admin').set({ last_login_time: value }).where('id', '=', id).execute();
    const zone = await t.ctx.settings.get('time_zone');
    try {
      await setZone('Asia/Shanghai');
      const login = await call(t.app, 'POST', '/admin/index/login', {
        body: { username: 'contract_zoned', password: 'Zoned_pass1', keep: false },
      });
      expect(login.data.userInfo.last_login_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      const send = original(t.app, login.data.userInfo.token);
      // 2024-01-02 00:00:00 in Asia/Shanghai (UTC+8).
      await setLogin(1704124800);
      const index = await send('GET', '/admin/index/index');
      expect(index.data.adminInfo.last_login_time).toBe('2024-01-02 00:00:00');
      const info = await send('GET', '/admin/routine.AdminInfo/index');
      expect(info.data.info.last_login_time).toBe('2024-01-02 00:00:00');
      await setLogin(null);
      expect((await send('GET', '/admin/routine.AdminInfo/index')).data.info.last_login_time).toBe('');
      // The administrators' list stays in seconds: the original's table formats them itself.
      await setLogin(1704124800);
      const list = await send('GET', '/admin/auth.Admin/index', `initKey=id&initValue=${id}&select=true`);
      expect(list.data.list[0].last_login_time).toBe(1704124800);
    } finally {
      await setZone(zone);
    }
  });
});

// The web build holds what apps/web/public holds (Vite copies it as is).
forEachDatabase(
  'the original client, default images',
  (get) => {
    // The market's card of a module without a logo shows local-module-logo.png.
    it.each(['avatar.png', 'local-module-logo.png'])(
      'serves /static/images/%s, as the original does',
      async (name) => {
        const t = get();
        const response = await t.app.inject({
          method: 'GET',
          url: `/static/images/${name}`,
          headers: { accept: 'image/avif,image/webp,image/png,image/*,*/*;q=0.8' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      },
    );
  },
  { webDist: fileURLToPath(new URL('../../../web/public', import.meta.url)) },
);
