/**
 * Verification codes by e-mail (through a real SMTP server) and SMS (the development
 * provider), registration with them, and password retrieval.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { createMember, setSettings, smsCodeFor, solvedCaptcha, useMailbox } from '../support/member.js';
import { call, forEachDatabase, type TestApp } from '../support/test-app.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox('member-mail-secret');
});
afterAll(() => mailbox.close());

const sendEmailCode = async (t: TestApp, email: string, event: string, extra: object = {}) =>
  call(t.app, 'POST', '/api/ems/send', { body: { email, event, ...(await solvedCaptcha(t)), ...extra } });
const sendSmsCode = async (t: TestApp, mobile: string, templateCode: string) =>
  call(t.app, 'POST', '/api/Sms/send', {
    body: { mobile, template_code: templateCode, ...(await solvedCaptcha(t)) },
  });
const register = (t: TestApp, body: object) =>
  call(t.app, 'POST', '/api/user/checkIn', { body: { tab: 'register', password: 'new-pass-1', ...body } });
const SEND_FAILED = 'Failed to send the verification code, please try again later';
const memberCount = async (t: TestApp, username: string) =>
  (await t.ctx.db.kysely.selectFrom('user').select('id').where('username', '=', username).execute()).length;

forEachDatabase(
  'member registration and codes',
  (get) => {
    beforeAll(async () => {
      await useMailbox(get(), mailbox);
      await setSettings(get(), { sms_provider: 'log' });
    });

    it('offers the channels that can deliver a code', async () => {
      const t = get();
      expect((await call(t.app, 'GET', '/api/user/checkIn')).data.accountVerificationType).toEqual([
        'email',
        'mobile',
      ]);
      await setSettings(t, { sms_provider: '' });
      expect((await call(t.app, 'GET', '/api/user/checkIn')).data.accountVerificationType).toEqual(['email']);
      expect((await sendSmsCode(t, '13900000001', 'user_register')).msg).toBe(
        'SMS sending service unavailable',
      );
      await setSettings(t, { sms_provider: 'log' });
    });

    it('registers by e-mail with the code from the mail, once per address', async () => {
      const t = get();
      const sent = await sendEmailCode(t, 'reg@example.com', 'user_register');
      expect(sent).toMatchObject({ code: 1, msg: 'Mail sent successfully~' });
      const mail = mailbox.received.at(-1);
      expect(mail?.to).toEqual(['reg@example.com']);
      expect(mail?.subject).toBe('Member registration-Portico');
      const code = mailbox.codeFor('reg@example.com') ?? '';
      expect(code).toMatch(/^\d{6}$/);

      // A second code within a minute is refused, and the first stays valid.
      expect((await sendEmailCode(t, 'reg@example.com', 'user_register')).msg).toBe('Frequent email sending');

      const done = await register(t, {
        username: 'newcomer',
        registerType: 'email',
        email: 'reg@example.com',
        captcha: code,
      });
      // A new member is told they registered (and are signed in), not that they signed in.
      expect(done).toMatchObject({ code: 1, msg: 'Registered successfully, you are signed in' });
      expect(done.data.userInfo).toMatchObject({
        username: 'newcomer',
        email: 'reg@example.com',
        mobile: '',
      });
      const profile = await call(t.app, 'GET', '/api/account/profile', {
        userToken: done.data.userInfo.token,
      });
      expect(profile.code).toBe(1);

      // The code is spent, and the address now belongs to someone.
      const again = await register(t, {
        username: 'newcomer2',
        registerType: 'email',
        email: 'reg@example.com',
        captcha: code,
      });
      expect(again).toMatchObject({ code: 0, msg: 'Email already exists' });
      expect((await sendEmailCode(t, 'reg@example.com', 'user_register')).msg).toBe(
        'Email has been registered, please log in directly',
      );
      expect(await memberCount(t, 'newcomer2')).toBe(0);
    });

    it('needs a solved captcha before sending, and a known event', async () => {
      const t = get();
      const before = mailbox.received.length;
      const noCaptcha = await call(t.app, 'POST', '/api/ems/send', {
        body: {
          email: 'cap@example.com',
          event: 'user_register',
          captchaId: 'abcdefgh1234',
          captcha: 'ZZZZ',
        },
      });
      expect(noCaptcha).toMatchObject({ code: 0, msg: 'Captcha error' });
      expect((await sendEmailCode(t, 'cap@example.com', 'delete_everything')).msg).toBe(
        'Parameter event has an unsupported value',
      );
      expect((await sendEmailCode(t, 'not-an-address', 'user_register')).msg).toBe(
        'Please enter the correct email address',
      );
      expect(mailbox.received.length).toBe(before);
    });

    it('registers by mobile, and refuses the sixth check of a code even when it is right', async () => {
      const t = get();
      expect(await sendSmsCode(t, '13900000002', 'user_register')).toMatchObject({
        code: 1,
        msg: 'SMS sent successfully~',
      });
      const code = smsCodeFor(t, '13900000002') ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      // A taken username is refused before the code is checked, so it costs no attempt.
      await createMember(t.ctx, 'takenname', 'whatever-1');
      const taken = await register(t, {
        username: 'takenname',
        registerType: 'mobile',
        mobile: '13900000002',
        captcha: wrong,
      });
      expect(taken.msg).toBe('Username already exists');
      for (let i = 0; i < 5; i++) {
        const res = await register(t, {
          username: 'mobileguy',
          registerType: 'mobile',
          mobile: '13900000002',
          captcha: wrong,
        });
        expect(res.msg).toBe('Please enter the correct verification code');
      }
      const sixth = await register(t, {
        username: 'mobileguy',
        registerType: 'mobile',
        mobile: '13900000002',
        captcha: code,
      });
      expect(sixth).toMatchObject({ code: 0, msg: 'Please enter the correct verification code' });
      expect(await memberCount(t, 'mobileguy')).toBe(0);

      // A fresh code (after the minute has passed) works at the first try.
      await t.ctx.db.kysely.updateTable('captcha').set({ create_time: 0 }).execute();
      await sendSmsCode(t, '13900000002', 'user_register');
      const fresh = smsCodeFor(t, '13900000002') ?? '';
      const ok = await register(t, {
        username: 'mobileguy',
        registerType: 'mobile',
        mobile: '13900000002',
        captcha: fresh,
      });
      expect(ok.data.userInfo).toMatchObject({ username: 'mobileguy', mobile: '13900000002', email: '' });
    });

    it('sends through an HTTP gateway by URL template, and reports its failure', async () => {
      const t = get();
      const hits: string[] = [];
      let status = 200;
      const gateway = createServer((request, response) => {
        hits.push(request.url ?? '');
        response.statusCode = status;
        response.end('ok');
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const { port } = gateway.address() as { port: number };
      await setSettings(t, {
        sms_provider: 'http',
        sms_http_url: `http://127.0.0.1:${port}/send?to={mobile}&text={code}&tpl={template}`,
      });
      try {
        expect((await sendSmsCode(t, '13900000009', 'user_register')).code).toBe(1);
        expect(hits).toHaveLength(1);
        expect(hits[0]).toMatch(/^\/send\?to=13900000009&text=\d{6}&tpl=user_register$/);
        // A refused message frees the address at once, so the member may try again.
        status = 500;
        await createMember(t.ctx, 'gatewayed', 'whatever-1', { mobile: '13900000010' });
        const failed = await sendSmsCode(t, '13900000010', 'user_retrieve_pwd');
        expect(failed).toMatchObject({ code: 0, msg: SEND_FAILED });
        status = 200;
        expect((await sendSmsCode(t, '13900000010', 'user_retrieve_pwd')).code).toBe(1);
      } finally {
        await setSettings(t, { sms_provider: 'log', sms_http_url: '' });
        await new Promise<void>((resolve) => gateway.close(() => resolve()));
      }
    });

    it('refuses an expired code', async () => {
      const t = get();
      await sendSmsCode(t, '13900000003', 'user_register');
      const code = smsCodeFor(t, '13900000003') ?? '';
      await t.ctx.db.kysely.updateTable('captcha').set({ expire_time: 1 }).execute();
      const res = await register(t, {
        username: 'lateguy',
        registerType: 'mobile',
        mobile: '13900000003',
        captcha: code,
      });
      expect(res.msg).toBe('Please enter the correct verification code');
    });

    it('checks the registration fields', async () => {
      const t = get();
      expect(
        (await register(t, { username: '1bad', registerType: 'email', email: 'x@example.com', captcha: '1' }))
          .msg,
      ).toBe('Please input correct account name');
      expect(
        (
          await register(t, {
            username: 'goodname',
            password: '123',
            registerType: 'email',
            email: 'x@example.com',
            captcha: '1',
          })
        ).msg,
      ).toBe('Please input correct password');
      expect(
        (await register(t, { username: 'goodname', registerType: 'email', email: 'nope', captcha: '1' })).msg,
      ).toBe('Please enter the correct email address');
      expect((await register(t, { username: 'goodname', registerType: 'fax', captcha: '1' })).msg).toBe(
        'Parameter registerType has an unsupported value',
      );
      expect(await memberCount(t, 'goodname')).toBe(0);
    });

    it('retrieves a password with a code, signing the member out everywhere', async () => {
      const t = get();
      await createMember(t.ctx, 'forgetful', 'old-pass-1', { email: 'forgetful@example.com' });
      const login = await call(t.app, 'POST', '/api/user/checkIn', {
        body: { tab: 'login', username: 'forgetful', password: 'old-pass-1', ...(await solvedCaptcha(t)) },
      });
      const token = login.data.userInfo.token;
      expect((await sendEmailCode(t, 'stranger@example.com', 'user_retrieve_pwd')).msg).toBe(
        'Email not registered',
      );
      expect((await sendEmailCode(t, 'forgetful@example.com', 'user_retrieve_pwd')).code).toBe(1);
      const code = mailbox.codeFor('forgetful@example.com') ?? '';
      const retrieve = (body: object) =>
        call(t.app, 'POST', '/api/account/retrievePassword', {
          body: {
            type: 'email',
            account: 'forgetful@example.com',
            password: 'new-pass-2',
            captcha: code,
            ...body,
          },
        });
      expect((await retrieve({ account: 'nobody@example.com' })).msg).toBe('Account does not exist~');
      expect((await retrieve({ password: 'x' })).msg).toBe('Please input correct password');
      expect((await retrieve({ captcha: '999999' === code ? '888888' : '999999' })).msg).toBe(
        'Please enter the correct verification code',
      );
      expect(await retrieve({})).toMatchObject({ code: 1 });
      expect((await call(t.app, 'GET', '/api/account/overview', { userToken: token })).code).toBe(303);
      const relogin = await call(t.app, 'POST', '/api/user/checkIn', {
        body: {
          tab: 'login',
          username: 'forgetful@example.com',
          password: 'new-pass-2',
          ...(await solvedCaptcha(t)),
        },
      });
      expect(relogin.code).toBe(1);
    });
  },
  // Codes need a captcha here as in production (test apps turn member captchas off by default).
  { userLoginCaptcha: true },
);

/** What the server logs, one JSON line each, for the suite below. */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };

forEachDatabase(
  'code sending failures',
  (get) => {
    it('answers a generic message when the mail server refuses, logs why, and allows a retry at once', async () => {
      const t = get();
      await useMailbox(t, mailbox);
      await setSettings(t, { smtp_pass: 'not-the-password' });
      logLines.length = 0;
      for (const lang of ['en', 'zh-cn'] as const) {
        const failed = await call(t.app, 'POST', '/api/ems/send', {
          lang,
          body: { email: 'late@example.com', event: 'user_register', ...(await solvedCaptcha(t)) },
        });
        expect(failed.code).toBe(0);
        expect(failed.msg).toBe(lang === 'en' ? SEND_FAILED : '验证码发送失败，请稍后再试');
        expect(failed.msg).not.toMatch(
          new RegExp(`127\\.0\\.0\\.1|${mailbox.port}|535|login|auth|smtp`, 'i'),
        );
      }
      const logged = logLines.join('');
      expect(logged).toContain('Invalid login');
      expect(logged).not.toContain('not-the-password');
      // The failed code was never delivered, so it does not hold the address for a minute.
      await useMailbox(t, mailbox);
      expect(await sendEmailCode(t, 'late@example.com', 'user_register')).toMatchObject({
        code: 1,
        msg: 'Mail sent successfully~',
      });
    });

    it('answers a generic message when the SMS gateway cannot be reached, logging why but not the code', async () => {
      const t = get();
      // A port that was free a moment ago: nothing answers there.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as { port: number };
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      await setSettings(t, {
        sms_provider: 'http',
        sms_http_url: `http://127.0.0.1:${port}/send?code={code}`,
      });
      logLines.length = 0;
      try {
        const failed = await sendSmsCode(t, '13900000077', 'user_register');
        expect(failed).toMatchObject({ code: 0, msg: SEND_FAILED });
        const logged = logLines.join('');
        expect(logged).toContain('ECONNREFUSED');
        expect(logged).not.toMatch(/code=\d{6}/);
      } finally {
        await setSettings(t, { sms_provider: 'log', sms_http_url: '' });
      }
      expect((await sendSmsCode(t, '13900000077', 'user_register')).code).toBe(1);
    });
  },
  { logLevel: 'error' },
  { logStream },
);
