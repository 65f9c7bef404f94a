/**
 * The admin log keeps no secret in clear: not in the request data (at any depth, whatever
 * the key's spelling), not in the logged URL's query string, not in rows written before the
 * masking existed. A refused sign-in is logged as a failed attempt, not as a login.
 */
import type { Selectable } from 'kysely';
import { expect, it } from 'vitest';
import { maskAdminLogSecretsMigration } from '../../src/db/migrations/0006-mask-admin-log-secrets.js';
import type { AdminLogTable } from '../../src/db/schema.js';
import { solvedCaptcha } from '../support/member.js';
import { call, createAdmin, forEachDatabase, loginSuper, type TestApp } from '../support/test-app.js';

type LogRow = Selectable<AdminLogTable>;

async function latestEntry(t: TestApp, url: string): Promise<LogRow> {
  const row = await t.ctx.db.kysely
    .selectFrom('admin_log')
    .selectAll()
    .where('url', 'like', `${url}%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`no admin log entry for ${url}`);
  return row;
}

/** Every value that must never reach the log carries this marker. */
const LEAK = 'leak-';

forEachDatabase('admin log secrets', (get) => {
  it('saving the mail settings leaves no clear SMTP password in the admin log', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const saved = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { smtp_server: 'smtp.example.com', smtp_user: 'mailer', smtp_pass: `${LEAK}smtp-42` },
    });
    expect(saved.code).toBe(1);
    const entry = await latestEntry(t, '/admin/routine.Config/edit');
    expect(JSON.stringify(entry)).not.toContain(LEAK);
    expect(JSON.parse(entry.data ?? '')).toEqual({
      smtp_server: 'smtp.example.com',
      smtp_user: 'mailer',
      smtp_pass: '***',
    });
  });

  it('keeps only the SMS gateway URL origin, whatever part carries its credentials', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const gateway = `https://acct:${LEAK}pw@sms.example.com/v1/${LEAK}path/send?apikey=${LEAK}k&sig=${LEAK}s&to={mobile}`;
    const saved = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { sms_provider: 'http', sms_http_url: gateway },
    });
    expect(saved.code).toBe(1);
    const entry = await latestEntry(t, '/admin/routine.Config/edit');
    expect(JSON.stringify(entry)).not.toContain(LEAK);
    expect(JSON.parse(entry.data ?? '')).toEqual({
      sms_provider: 'http',
      sms_http_url: 'https://sms.example.com/***',
    });
  });

  it('masks every secret-bearing key at any depth and keeps harmless keys readable', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const body = {
      username: 'kept-name',
      password: `${LEAK}1`,
      nickname: 'kept-nick',
      extra: {
        pass: `${LEAK}2`,
        pwd: `${LEAK}3`,
        secret: `${LEAK}4`,
        token: `${LEAK}5`,
        apiKey: `${LEAK}6`,
        access_key_secret: `${LEAK}7`,
        accessKeyId: `${LEAK}8`,
        salt: `${LEAK}9`,
        captchaId: `${LEAK}10`,
        captchaInfo: `${LEAK}11`,
        'row[smtp_pass]': `${LEAK}12`,
        list: [{ refresh_token: `${LEAK}13` }, { AccessKeySecret: `${LEAK}14` }, 'kept-item'],
        // A secret key whose value is itself structured is masked whole.
        credentials: { user: `${LEAK}15`, password: `${LEAK}16` },
        tokens: [`${LEAK}17`, `${LEAK}18`],
        'x-api-key': `${LEAK}19`,
        sms_code: `${LEAK}20`,
        signature: `${LEAK}21`,
        APP_SECRET: `${LEAK}22`,
        // A labelled pair masks its value when the label names a secret.
        settings: [
          { key: 'smtp_pass', value: `${LEAK}23` },
          { key: 'site_name', value: 'kept-site' },
        ],
        callback: `https://user:${LEAK}24@hook.example.com/cb?token=${LEAK}25&lang=en`,
        // Harmless keys that merely contain the letters.
        keyword: 'kept-keyword',
        monkey: 'kept-monkey',
        passage: 'kept-passage',
        sortKey: 'kept-sort',
        primary_key: 'id',
        keepalive: 1,
        template_code: 'user_register',
        area_code: 'zh-cn',
        code: 'kept code',
      },
      // A verification code is recognised by its shape even under a bare `code`.
      code: '482913',
    };
    const res = await call(t.app, 'POST', '/admin/auth.Admin/add', { token, body });
    expect(res.code).toBe(0);
    const entry = await latestEntry(t, '/admin/auth.Admin/add');
    expect(entry.data).not.toContain(LEAK);
    const data = JSON.parse(entry.data ?? '');
    expect(data.password).toBe('***');
    expect(data.code).toBe('***');
    expect(data.extra.credentials).toBe('***');
    expect(data.extra.tokens).toBe('***');
    expect(data.extra.list).toEqual([{ refresh_token: '***' }, { AccessKeySecret: '***' }, 'kept-item']);
    expect(data.extra.settings).toEqual([
      { key: 'smtp_pass', value: '***' },
      { key: 'site_name', value: 'kept-site' },
    ]);
    expect(data.extra.callback).toBe('https://***@hook.example.com/cb?token=***&lang=en');
    expect(data).toMatchObject({
      username: 'kept-name',
      nickname: 'kept-nick',
      extra: {
        keyword: 'kept-keyword',
        monkey: 'kept-monkey',
        passage: 'kept-passage',
        sortKey: 'kept-sort',
        primary_key: 'id',
        keepalive: 1,
        template_code: 'user_register',
        area_code: 'zh-cn',
        code: 'kept code',
      },
    });
  });

  it('masks secrets in PHP bracket form bodies', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const form = [
      `row[smtp_pass]=${LEAK}30`,
      `row[items][0][api_key]=${LEAK}31`,
      `row[items][0][name]=kept-name`,
      `row[password][]=${LEAK}32`,
      `row[keyword]=kept-keyword`,
    ].join('&');
    await t.app.inject({
      method: 'POST',
      url: '/admin/auth.Admin/add',
      headers: { batoken: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    const entry = await latestEntry(t, '/admin/auth.Admin/add');
    expect(entry.data).not.toContain(LEAK);
    expect(JSON.parse(entry.data ?? '')).toEqual({
      row: {
        smtp_pass: '***',
        items: [{ api_key: '***', name: 'kept-name' }],
        password: '***',
        keyword: 'kept-keyword',
      },
    });
  });

  it("masks the logged URL's query string and keeps the other parameters", async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const query = `password=${LEAK}40&lang=en&token=${LEAK}41&page=2&row%5Bsmtp_pass%5D=${LEAK}42&keyword=a%20b`;
    await call(t.app, 'POST', '/admin/auth.Admin/add', { token, query, body: {} });
    const entry = await latestEntry(t, '/admin/auth.Admin/add');
    expect(entry.url).toBe(
      '/admin/auth.Admin/add?password=***&lang=en&token=***&page=2&row%5Bsmtp_pass%5D=***&keyword=a%20b',
    );
    expect(entry.data).not.toContain(LEAK);
  });

  it('masks rows written before the masking existed, in batches, rewriting only rows that change', async () => {
    const t = get();
    const { kysely } = t.ctx.db;
    const raw = (url: string, data: string | null) => ({
      admin_id: 1,
      username: 'admin',
      url,
      title: 'raw',
      data,
      ip: '127.0.0.1',
      useragent: 'test',
      create_time: 1,
    });
    // Written the way an older recorder (or the original product) wrote them.
    const rows = [
      raw('/admin/routine.Config/edit', JSON.stringify({ smtp_pass: `${LEAK}50`, smtp_user: 'mailer' })),
      raw(
        `/admin/index/login?password=${LEAK}51&lang=en`,
        JSON.stringify({ username: 'a', captcha: `${LEAK}52` }),
      ),
      // PHP-style escapes: a clean row must come back byte for byte.
      raw('/admin/auth.Admin/edit', '{"nickname":"\\u7ba1\\u7406\\/x"}'),
      raw('/admin/auth.Admin/edit', `not json but password=${LEAK}53`),
      raw('/admin/auth.Admin/edit', 'not json, nothing secret'),
      raw('/admin/auth.Admin/edit', `{"nested":{"token":"${LEAK}54"`),
      raw('/admin/auth.Admin/edit', null),
    ];
    const before = await kysely.selectFrom('admin_log').select('id').orderBy('id', 'desc').executeTakeFirst();
    for (const row of rows) await kysely.insertInto('admin_log').values(row).execute();
    const fresh = () =>
      kysely
        .selectFrom('admin_log')
        .selectAll()
        .where('id', '>', before?.id ?? 0)
        .orderBy('id')
        .execute();
    const inserted = await fresh();
    expect(inserted).toHaveLength(rows.length);

    // A batch of 2 makes the migration walk several batches.
    await maskAdminLogSecretsMigration(2).up(kysely);
    const masked = await fresh();
    for (const row of masked) expect(JSON.stringify(row)).not.toContain(LEAK);
    expect(JSON.parse(masked[0]?.data ?? '')).toEqual({ smtp_pass: '***', smtp_user: 'mailer' });
    expect(masked[1]?.url).toBe('/admin/index/login?password=***&lang=en');
    expect(JSON.parse(masked[1]?.data ?? '')).toEqual({ username: 'a', captcha: '***' });
    expect(masked[2]?.data).toBe('{"nickname":"\\u7ba1\\u7406\\/x"}');
    expect(masked[3]?.data).toBe('***');
    expect(masked[4]?.data).toBe('not json, nothing secret');
    expect(masked[5]?.data).toBe('***');
    expect(masked[6]?.data).toBeNull();

    // Running it again finds nothing left to change.
    await maskAdminLogSecretsMigration(3).up(kysely);
    expect(await fresh()).toEqual(masked);
  });
});

forEachDatabase(
  'admin log of sign-in attempts',
  (get) => {
    const loginEntries = (t: TestApp, after: number) =>
      t.ctx.db.kysely
        .selectFrom('admin_log')
        .selectAll()
        .where('url', '=', '/admin/index/login')
        .where('id', '>', after)
        .orderBy('id')
        .execute();
    const lastId = async (t: TestApp) =>
      (await t.ctx.db.kysely.selectFrom('admin_log').select('id').orderBy('id', 'desc').executeTakeFirst())
        ?.id ?? 0;

    it('logs a login refused by the captcha as a failed attempt on the targeted account', async () => {
      const t = get();
      const daveId = await createAdmin(t.ctx, 'dave_log', 'dave-pass-1');
      const after = await lastId(t);
      const base = { username: 'dave_log', password: 'dave-pass-1', captchaId: 'log-captcha-1' };
      const refused = await call(t.app, 'POST', '/admin/index/login', { body: { ...base, captcha: 'ZZZZ' } });
      expect(refused.msg).toBe('Captcha error');
      const refusedZh = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...base, captcha: 'ZZZZ' },
        lang: 'zh-cn',
      });
      expect(refusedZh.code).toBe(0);
      const unknown = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...base, username: 'ghost_user', ...(await solvedCaptcha(t)) },
      });
      expect(unknown.code).toBe(0);
      const wrongPassword = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...base, password: 'wrong-pass-1', ...(await solvedCaptcha(t)) },
      });
      expect(wrongPassword.code).toBe(0);
      const success = await call(t.app, 'POST', '/admin/index/login', {
        body: { ...base, ...(await solvedCaptcha(t)) },
      });
      expect(success.code).toBe(1);

      const entries = await loginEntries(t, after);
      expect(entries.map((e) => [e.title, e.username, e.admin_id])).toEqual([
        ['Login failed: Captcha error', 'dave_log', daveId],
        ['登录失败：验证码错误', 'dave_log', daveId],
        ['Login failed: Incorrect user name or password!', 'ghost_user', 0],
        ['Login failed: Incorrect user name or password!', 'dave_log', daveId],
        ['Login', 'dave_log', daveId],
      ]);
      for (const entry of entries) {
        expect(entry.data).not.toContain('dave-pass-1');
        expect(JSON.parse(entry.data ?? '')).toMatchObject({
          password: '***',
          captcha: '***',
          captchaId: '***',
        });
      }
    });

    it('logs a refused login whose input is malformed with the username tried', async () => {
      const t = get();
      const after = await lastId(t);
      await call(t.app, 'POST', '/admin/index/login', { body: { username: 'admin', password: 'x' } });
      const [entry] = await loginEntries(t, after);
      expect(entry?.title).toMatch(/^Login failed: /);
      expect(entry?.username).toBe('admin');
    });
  },
  { adminLoginCaptcha: true },
);
