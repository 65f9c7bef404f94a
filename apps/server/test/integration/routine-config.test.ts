/** routine.Config: groups, typed values, secrets never sent back, add/delete, and a real test mail. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { call, createAdmin, forEachDatabase, loginSuper } from '../support/test-app.js';

let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox('mail-secret');
});
afterAll(() => mailbox.close());

forEachDatabase('routine.Config', (get) => {
  it('lists config groups and never sends the SMTP password back', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    await t.ctx.db.kysely
      .updateTable('config')
      .set({ value: 'very-secret' })
      .where('name', '=', 'smtp_pass')
      .execute();
    const res = await call(t.app, 'GET', '/admin/routine.Config/index', { token });
    expect(res.code).toBe(1);
    expect(Object.keys(res.data.list)).toEqual(['basics', 'mail', 'config_quick_entrance', 'sms']);
    expect(JSON.stringify(res)).not.toContain('very-secret');
    const pass = res.data.list.mail.list.find((row: { name: string }) => row.name === 'smtp_pass');
    expect(pass).toMatchObject({ value: '', secret: true, hasValue: true });
    const open = res.data.list.basics.list.find((row: { name: string }) => row.name === 'open_member_center');
    expect(open.value).toBe(true);
    // Strangers get nothing.
    expect((await call(t.app, 'GET', '/admin/routine.Config/index')).code).toBe(303);
  });

  it('saves typed values, keeps a secret left blank, and refuses wrong types changing nothing', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const saved = await call(t.app, 'POST', '/admin/routine.Config/edit', {
      token,
      body: { site_name: 'Renamed', open_member_center: false, smtp_pass: '', smtp_verification: 'TLS' },
    });
    expect(saved).toMatchObject({ code: 1 });
    const values = Object.fromEntries(
      (await t.ctx.db.kysely.selectFrom('config').select(['name', 'value']).execute()).map((r) => [
        r.name,
        r.value,
      ]),
    );
    expect(values).toMatchObject({
      site_name: 'Renamed',
      open_member_center: '0',
      smtp_pass: 'very-secret',
      smtp_verification: 'TLS',
    });

    const cases: [Record<string, unknown>, string][] = [
      [{ site_name: '', version: 'v2' }, 'The value of config item Site name is invalid'],
      [{ smtp_verification: 'SSH' }, 'The value of config item SMTP verification is invalid'],
      [{ open_member_center: 'maybe' }, 'The value of config item Open member center is invalid'],
      [{ smtp_sender_mail: 'not-mail' }, 'The value of config item SMTP sender e-mail is invalid'],
      [{ config_group: 'text' }, 'The value of config item Config group is invalid'],
      [{ nope: 1 }, 'Config item nope does not exist'],
      [{ backend_entrance: '/other' }, 'The back-office entrance is fixed at /admin'],
    ];
    for (const [body, msg] of cases) {
      expect(
        await call(t.app, 'POST', '/admin/routine.Config/edit', { token, body }),
        JSON.stringify(body),
      ).toMatchObject({ code: 0, msg });
    }
    const after = await t.ctx.db.kysely
      .selectFrom('config')
      .select(['name', 'value'])
      .where('name', '=', 'version')
      .executeTakeFirst();
    expect(after?.value).toBe('v1.0.0');
  });

  it('adds items and deletes only those added', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const added = await call(t.app, 'POST', '/admin/routine.Config/add', {
      token,
      body: {
        group: 'basics',
        name: 'support_level',
        title: 'Support level',
        type: 'select',
        content: 'low=Low\nhigh=High',
      },
    });
    expect(added.code).toBe(1);
    expect(
      (
        await call(t.app, 'POST', '/admin/routine.Config/add', {
          token,
          body: { group: 'basics', name: 'support_level', title: 'x', type: 'string' },
        })
      ).msg,
    ).toBe('Variable name already exists');
    expect(
      (
        await call(t.app, 'POST', '/admin/routine.Config/add', {
          token,
          body: { group: 'nope', name: 'a_b', title: 'x', type: 'string' },
        })
      ).msg,
    ).toBe('The config group does not exist');
    expect(
      (await call(t.app, 'POST', '/admin/routine.Config/edit', { token, body: { support_level: 'high' } }))
        .code,
    ).toBe(1);
    const row = await t.ctx.db.kysely
      .selectFrom('config')
      .select(['id', 'value'])
      .where('name', '=', 'support_level')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('high');
    const siteName = await t.ctx.db.kysely
      .selectFrom('config')
      .select('id')
      .where('name', '=', 'site_name')
      .executeTakeFirstOrThrow();
    expect(
      (await call(t.app, 'POST', '/admin/routine.Config/del', { token, body: { ids: [siteName.id] } })).msg,
    ).toBe('This config item cannot be deleted');
    expect(
      (await call(t.app, 'POST', '/admin/routine.Config/del', { token, body: { ids: [row.id] } })).code,
    ).toBe(1);
  });

  it('saves the SMS provider, refusing an unknown one and a gateway that is not a URL', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const edit = (body: object) => call(t.app, 'POST', '/admin/routine.Config/edit', { token, body });
    expect((await edit({ sms_provider: 'log' })).code).toBe(1);
    expect(await t.ctx.settings.get('sms_provider')).toBe('log');
    expect((await edit({ sms_provider: 'carrier-pigeon' })).code).toBe(0);
    expect((await edit({ sms_http_url: 'not a url' })).code).toBe(0);
    expect(
      (await edit({ sms_provider: '', sms_http_url: 'https://sms.example.com/send?to={mobile}' })).code,
    ).toBe(1);
    expect(await t.ctx.settings.get('sms_provider')).toBe('');
  });

  it('sends a test mail through SMTP, and refuses a bad recipient or an incomplete setup', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const form = {
      smtp_server: '127.0.0.1',
      smtp_port: String(mailbox.port),
      smtp_user: 'mailer',
      smtp_pass: 'mail-secret',
      smtp_verification: '',
      smtp_sender_mail: 'noreply@example.com',
    };
    const before = mailbox.received.length;
    const sent = await call(t.app, 'POST', '/admin/routine.Config/sendTestMail', {
      token,
      body: { ...form, testMail: 'boss@example.com' },
    });
    expect(sent).toMatchObject({ code: 1, msg: 'Test mail sent successfully~' });
    expect(mailbox.received.slice(before).map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: ['boss@example.com'], subject: expect.stringMatching(/^This is a test email-/) },
    ]);

    const badReceiver = await call(t.app, 'POST', '/admin/routine.Config/sendTestMail', {
      token,
      body: { ...form, testMail: 'boss' },
    });
    expect(badReceiver).toMatchObject({ code: 0, msg: 'Please enter the correct email address' });
    const incomplete = await call(t.app, 'POST', '/admin/routine.Config/sendTestMail', {
      token,
      body: { ...form, smtp_server: ' ', testMail: 'boss@example.com' },
    });
    expect(incomplete).toMatchObject({ code: 0, msg: 'Please complete the mail configuration first' });
    const wrongPassword = await call(t.app, 'POST', '/admin/routine.Config/sendTestMail', {
      token,
      body: { ...form, smtp_pass: 'wrong', testMail: 'boss@example.com' },
    });
    expect(wrongPassword.code).toBe(0);
    expect(wrongPassword.msg).toMatch(/^Mail sending failed: /);
    expect(mailbox.received.length).toBe(before + 1);
  });

  it('shows the administrator why a test mail failed, but never the SMTP password', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const careless = await startMailbox('right-secret', { refusal: (tried) => `password ${tried} rejected` });
    try {
      const failed = await call(t.app, 'POST', '/admin/routine.Config/sendTestMail', {
        token,
        body: {
          smtp_server: '127.0.0.1',
          smtp_port: String(careless.port),
          smtp_user: 'mailer',
          smtp_pass: 'Leaky-Secret-42',
          smtp_verification: '',
          smtp_sender_mail: 'noreply@example.com',
          testMail: 'boss@example.com',
        },
      });
      expect(failed.code).toBe(0);
      expect(failed.msg).toMatch(/^Mail sending failed: .*rejected/);
      expect(failed.msg).not.toContain('Leaky-Secret-42');
    } finally {
      await careless.close();
    }
  });

  it('reads date texts in datetime searches in the time_zone setting, as strtotime does', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    const id = await createAdmin(t.ctx, 'zoned', 'zoned-pass', []);
    // 2024-01-02 00:00:00 in Asia/Shanghai (UTC+8) is 2024-01-01 16:00:00 UTC.
    await t.ctx.db.kysely
      .updateTable('admin')
      .set({ create_time: 1704124800 })
      .where('id', '=', id)
      .execute();
    const setZone = async (value: string) => {
      await t.ctx.db.kysely.updateTable('config').set({ value }).where('name', '=', 'time_zone').execute();
      await t.ctx.caches.changed('settings');
    };
    const found = async (val: string, operator = '=') => {
      const res = await call(t.app, 'GET', '/admin/auth.Admin/index', {
        token,
        query: `search[0][field]=create_time&search[0][val]=${encodeURIComponent(val)}&search[0][operator]=${operator}&search[0][render]=datetime&search[1][field]=username&search[1][val]=zoned&search[1][operator]==`,
      });
      expect(res.code).toBe(1);
      return res.data.list.map((row: { id: number }) => row.id);
    };
    try {
      expect(await found('2024-01-02 00:00:00')).toEqual([id]);
      expect(await found('2024-01-01 23:00:00,2024-01-02 01:00', 'RANGE')).toEqual([id]);
      // Unix seconds need no zone.
      expect(await found('1704124800')).toEqual([id]);
      await setZone('UTC');
      expect(await found('2024-01-02 00:00:00')).toEqual([]);
      expect(await found('2024-01-01 16:00:00')).toEqual([id]);
      // An unknown zone reads as UTC, and the start-up payloads do not mind it.
      await setZone('Not/A_Zone');
      expect(await found('2024-01-01 16:00:00')).toEqual([id]);
      const admin = await call(t.app, 'GET', '/admin/index/index', { token });
      expect(admin.code).toBe(1);
      expect(admin.data.siteConfig).not.toHaveProperty('timezone');
      expect((await call(t.app, 'GET', '/api/index/index')).code).toBe(1);
    } finally {
      await setZone('Asia/Shanghai');
    }
  });
});
