/**
 * Uploads and attachments: what is accepted and refused by content, size and name,
 * deduplication by content, how stored files are served, and deleting record and file.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createMember, loginMember } from '../support/member.js';
import { multipart } from '../support/multipart.js';
import { call, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

async function upload(
  t: TestApp,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
  fields = {},
) {
  const { payload, headers } = multipart(file, fields);
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/ajax/upload',
    payload,
    headers: { ...headers, batoken: token, 'think-lang': 'en' },
  });
  return response.json();
}

async function memberUpload(
  t: TestApp,
  userToken: string,
  file: { name: string; type: string; bytes: Buffer },
  fields = {},
) {
  const { payload, headers } = multipart(file, fields);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ajax/upload',
    payload,
    headers: { ...headers, 'ba-user-token': userToken, 'think-lang': 'en' },
  });
  return response.json();
}

forEachDatabase('uploads and attachments', (get) => {
  it('stores an image once and counts repeated uploads of the same content', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const first = await upload(t, token, { name: 'logo shot.png', type: 'image/png', bytes: PNG });
    expect(first).toMatchObject({ code: 1, msg: 'File uploaded successfully' });
    expect(first.data.file).toMatchObject({
      name: 'logoshot.png',
      width: 1,
      height: 1,
      mimetype: 'image/png',
      topic: 'default',
    });
    expect(first.data.file.url).toMatch(/^\/storage\/default\/\d{8}\/logoshot[0-9a-f]{40}\.png$/);
    expect(existsSync(join(t.ctx.config.dataDir, first.data.file.url))).toBe(true);

    const again = await upload(t, token, { name: 'other-name.png', type: 'image/png', bytes: PNG });
    expect(again.data.file.id).toBe(first.data.file.id);
    const rows = await t.ctx.db.kysely.selectFrom('attachment').select(['id', 'quote']).execute();
    expect(rows).toEqual([{ id: first.data.file.id, quote: 2 }]);

    const served = await t.app.inject({ url: first.data.file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Other sites may show it: a module store's logos and demo QR codes appear in their markets.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('accepts PNG bytes named .jpg, refuses what is not what it claims, and active content', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    expect((await upload(t, token, { name: 'photo.jpg', type: 'image/jpeg', bytes: PNG })).code).toBe(1);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const cases: [{ name: string; type: string; bytes: Buffer }, string][] = [
      [{ name: 'evil.png', type: 'image/png', bytes: html }, 'The uploaded image file is not a valid image'],
      [{ name: 'page.html', type: 'text/html', bytes: html }, 'The uploaded file format is not allowed'],
      [
        { name: 'icon.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg/>') },
        'The uploaded file format is not allowed',
      ],
      [
        { name: 'tool.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ') },
        'The uploaded file format is not allowed',
      ],
      [
        { name: 'zip.zip', type: 'text/html', bytes: Buffer.from('PK') },
        'The uploaded file format is not allowed',
      ],
    ];
    const before = await t.ctx.db.kysely.selectFrom('attachment').select('id').execute();
    for (const [file, msg] of cases) {
      expect(await upload(t, token, file), file.name).toMatchObject({ code: 0, msg });
    }
    expect(await t.ctx.db.kysely.selectFrom('attachment').select('id').execute()).toEqual(before);
  });

  it('keeps path tricks in names and topics out of the storage folder, and refuses oversize files', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const tricky = await upload(t, token, {
      name: '../../../../etc/passwd.zip',
      type: 'application/zip',
      bytes: Buffer.from('PK\u0003\u0004x'),
    });
    expect(tricky.code).toBe(1);
    expect(tricky.data.file.url).toMatch(/^\/storage\/default\/\d{8}\/[^/]+\.zip$/);
    expect(tricky.data.file.url).not.toContain('..');
    const served = await t.app.inject({ url: tricky.data.file.url });
    expect(served.headers['content-disposition']).toBe('attachment');
    // A download is for this site's pages only.
    expect(served.headers['cross-origin-resource-policy']).toBe('same-origin');

    const badTopic = await upload(
      t,
      token,
      { name: 'a.png', type: 'image/png', bytes: PNG },
      { topic: '../x' },
    );
    expect(badTopic).toMatchObject({ code: 0, msg: 'Topic format error' });

    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: '100b' })
      .where('name', '=', 'upload_max_size')
      .execute();
    await t.ctx.caches.changed('settings');
    try {
      const big = await upload(t, token, {
        name: 'big.zip',
        type: 'application/zip',
        bytes: Buffer.alloc(500, 1),
      });
      expect(big.code).toBe(0);
      expect(big.msg).toContain('The uploaded file is too large');
    } finally {
      await t.ctx.db.kysely
        .updateTable('config')
        .set({ value: '10mb' })
        .where('name', '=', 'upload_max_size')
        .execute();
      await t.ctx.caches.changed('settings');
    }
    // Nothing outside the storage folder can be fetched through it.
    writeFileSync(join(t.ctx.config.dataDir, 'secret.txt'), 'TOP SECRET');
    for (const url of [
      '/storage/..%2Fsecret.txt',
      '/storage/%2e%2e/secret.txt',
      '/storage/../secret.txt',
      '/storage/default/..%2F..%2Fsecret.txt',
    ]) {
      expect((await t.app.inject({ url })).body, url).not.toContain('TOP SECRET');
    }
  });

  it('lists, renames and deletes attachments; deleting removes the file', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex');
    const stored = await upload(t, token, { name: 'dot.gif', type: 'image/gif', bytes: gif });
    const { id, url } = stored.data.file;
    const list = await call(t.app, 'GET', '/admin/routine.Attachment/index', {
      token,
      query: { quickSearch: 'dot' },
    });
    expect(list.data.list).toEqual([
      expect.objectContaining({ id, name: 'dot.gif', admin_nickname: 'Admin' }),
    ]);
    const renamed = await call(t.app, 'POST', '/admin/routine.Attachment/edit', {
      token,
      body: { id, name: 'Dot image' },
    });
    expect(renamed.code).toBe(1);
    const deleted = await call(t.app, 'POST', '/admin/routine.Attachment/del', {
      token,
      body: { ids: [id] },
    });
    expect(deleted.code).toBe(1);
    expect(existsSync(join(t.ctx.config.dataDir, url))).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it("deduplicates per uploader: a member uploading an administrator's bytes gets a row and name of their own", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const memberId = await createMember(t.ctx, 'uploader', 'uploader-pass');
    const userToken = await loginMember(t, 'uploader', 'uploader-pass');
    const topic = { topic: 'perowner' };
    const admins = await upload(t, token, { name: 'board plan.png', type: 'image/png', bytes: PNG }, topic);
    const mine = await memberUpload(
      t,
      userToken,
      { name: 'my photo.png', type: 'image/png', bytes: PNG },
      topic,
    );
    expect(mine).toMatchObject({
      code: 1,
      data: { file: { name: 'myphoto.png', user_id: memberId, admin_id: 0 } },
    });
    expect(mine.data.file.id).not.toBe(admins.data.file.id);
    // The member's repeat upload counts on the member's row; the administrator's is untouched.
    const again = await memberUpload(
      t,
      userToken,
      { name: 'again.png', type: 'image/png', bytes: PNG },
      topic,
    );
    expect(again.data.file).toMatchObject({ id: mine.data.file.id, name: 'myphoto.png' });
    const quotes = await t.ctx.db.kysely
      .selectFrom('attachment')
      .select(['id', 'quote'])
      .where('topic', '=', 'perowner')
      .orderBy('id')
      .execute();
    expect(quotes).toEqual([
      { id: admins.data.file.id, quote: 1 },
      { id: mine.data.file.id, quote: 2 },
    ]);
  });

  it('keeps a stored file that two uploaders share until the last of their rows is deleted', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await createMember(t.ctx, 'sharer', 'sharer-pass');
    const userToken = await loginMember(t, 'sharer', 'sharer-pass');
    const file = { name: 'same.png', type: 'image/png', bytes: PNG };
    const topic = { topic: 'shared' };
    const admins = (await upload(t, token, file, topic)).data.file;
    const members = (await memberUpload(t, userToken, file, topic)).data.file;
    expect(members.id).not.toBe(admins.id);
    // Same content, name and day: the two rows point at one stored file.
    expect(members.url).toBe(admins.url);
    const del = (id: number) =>
      call(t.app, 'POST', '/admin/routine.Attachment/del', { token, body: { ids: [id] } });
    expect((await del(admins.id)).code).toBe(1);
    expect((await t.app.inject({ url: members.url })).statusCode).toBe(200);
    expect((await del(members.id)).code).toBe(1);
    expect(existsSync(join(t.ctx.config.dataDir, members.url))).toBe(false);
  });

  it('refuses uploads from strangers', async () => {
    const t = get();
    const { payload, headers } = multipart({ name: 'a.png', type: 'image/png', bytes: PNG });
    const admin = await t.app.inject({ method: 'POST', url: '/admin/ajax/upload', payload, headers });
    expect(admin.json().code).toBe(303);
    const member = await t.app.inject({ method: 'POST', url: '/api/ajax/upload', payload, headers });
    expect(member.json().code).toBe(303);
  });

  it('draws a suffix icon, and refuses suffixes or colours that could inject markup', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const svg = await t.app.inject({
      url: '/admin/ajax/buildSuffixSvg?suffix=pdf',
      headers: { batoken: token },
    });
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toContain('>PDF</text>');
    const same = await t.app.inject({ url: '/api/ajax/buildSuffixSvg?suffix=pdf' });
    expect(same.body).toBe(svg.body);
    const bad = await call(t.app, 'GET', '/api/ajax/buildSuffixSvg', { query: { suffix: '<script>' } });
    expect(bad).toMatchObject({ code: 0, msg: 'Parameter suffix is invalid' });
    const badColour = await call(t.app, 'GET', '/api/ajax/buildSuffixSvg', {
      query: { background: 'red"/><script>' },
    });
    expect(badColour).toMatchObject({ code: 0, msg: 'Parameter background is invalid' });
  });
});
