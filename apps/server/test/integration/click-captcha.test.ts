/**
 * The original product's click captcha (`/api/common/clickCaptcha`, `checkClickCaptcha`) and the
 * forms of the original client that send its answer (`captchaId` + `captchaInfo`): the
 * administrator and member sign-in, and the e-mail and SMS code forms.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clickCaptchaKey } from '../../src/auth/captcha.js';
import type { ClickChallenge } from '../../src/auth/click-captcha.js';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { createMember, setSettings, smsCodeFor, useMailbox } from '../support/member.js';
import { call, forEachDatabase, type TestApp } from '../support/test-app.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox('click-captcha-mail-secret');
});
afterAll(() => mailbox.close());

const storedRow = (t: TestApp, id: string) =>
  t.ctx.db.kysely
    .selectFrom('captcha')
    .selectAll()
    .where('key', '=', clickCaptchaKey(t.ctx.config.appSecret, id))
    .executeTakeFirst();

/** The challenge kept for `id`, read from its row. */
async function stored(t: TestApp, id: string): Promise<ClickChallenge> {
  const row = await storedRow(t, id);
  if (!row?.captcha) throw new Error(`no click captcha stored for ${id}`);
  return JSON.parse(row.captcha) as ClickChallenge;
}

/** Clicks at the middle of each target (or of `boxes`), measured on the picture shown at `shown`. */
function clicksOn(
  challenge: ClickChallenge,
  shown = { width: 350, height: 200 },
  boxes = challenge.text,
): string {
  const sx = shown.width / challenge.width;
  const sy = shown.height / challenge.height;
  const clicks = boxes.map(
    (b) => `${Math.round((b.x + b.width / 2) * sx)},${Math.round((b.y + b.height / 2) * sy)}`,
  );
  return `${clicks.join('-')};${shown.width};${shown.height}`;
}

async function fetchChallenge(t: TestApp, lang: 'en' | 'zh-cn' = 'en') {
  const id = randomUUID();
  const res = await call(t.app, 'GET', '/api/common/clickCaptcha', { query: { id }, lang });
  expect(res.code).toBe(1);
  return { id, res, challenge: await stored(t, id) };
}

/** A solved click captcha as the original client posts it with its forms. */
async function solved(t: TestApp): Promise<{ captchaId: string; captchaInfo: string }> {
  const { id, challenge } = await fetchChallenge(t);
  return { captchaId: id, captchaInfo: clicksOn(challenge) };
}

const check = (t: TestApp, id: string, info: string, unset?: unknown) =>
  call(t.app, 'POST', '/api/common/checkClickCaptcha', {
    body: { id, info, ...(unset === undefined ? {} : { unset }) },
  });

forEachDatabase(
  'click captcha',
  (get) => {
    it('answers the picture and the labels the original client reads, in the caller language', async () => {
      const t = get();
      const seen = { en: new Set<string>(), 'zh-cn': new Set<string>() };
      for (let round = 0; round < 12; round++) {
        for (const lang of ['en', 'zh-cn'] as const) {
          const { id, res, challenge } = await fetchChallenge(t, lang);
          const data = res.data as {
            id: string;
            text: string[];
            base64: string;
            width: number;
            height: number;
          };
          expect(Object.keys(data).sort()).toEqual(['base64', 'height', 'id', 'text', 'width']);
          expect(data.id).toBe(id);
          expect(data.width).toBe(350);
          expect(data.height).toBe(200);
          expect(data.text).toHaveLength(2);
          expect(data.base64.startsWith('data:image/png;base64,')).toBe(true);
          const png = Buffer.from(data.base64.slice('data:image/png;base64,'.length), 'base64');
          expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
          expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([350, 200]);
          // What is stored: the targets in the order of the labels, each box inside the picture.
          expect(challenge.text.map((target) => target.text)).toEqual(data.text);
          for (const box of challenge.text) {
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.y).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(350);
            expect(box.y + box.height).toBeLessThanOrEqual(200);
          }
          const [a, b] = challenge.text;
          if (!a || !b) throw new Error('two targets expected');
          const apart =
            a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart).toBe(true);
          for (const label of data.text) {
            if (label.startsWith('<')) seen[lang].add(label);
            else expect(label).toMatch(/^[2-9A-Z]$/);
          }
        }
      }
      // Icons are named in the caller's language.
      expect(seen.en.size).toBeGreaterThan(0);
      expect(seen['zh-cn'].size).toBeGreaterThan(0);
      for (const label of seen.en) expect(label).toMatch(/^<[a-z ]+>$/);
      for (const label of seen['zh-cn']) expect(label).toMatch(/^<[\u4e00-\u9fff]+>$/);
    });

    it('answers POST too, the id in the body or the query, and a new challenge replaces the old', async () => {
      const t = get();
      const id = randomUUID();
      const byBody = await call(t.app, 'POST', '/api/common/clickCaptcha', { body: { id } });
      expect(byBody).toMatchObject({ code: 1, data: { id, width: 350, height: 200 } });
      const first = await stored(t, id);
      const byQuery = await call(t.app, 'POST', '/api/common/clickCaptcha', { query: { id } });
      expect(byQuery).toMatchObject({ code: 1, data: { id } });
      const second = await stored(t, id);
      expect(second).not.toEqual(first);
      expect((await check(t, id, clicksOn(second))).code).toBe(1);
      const none = await call(t.app, 'POST', '/api/common/clickCaptcha', {});
      expect(none).toMatchObject({ code: 0, msg: 'Parameter id can not be empty' });
      const bad = await call(t.app, 'GET', '/api/common/clickCaptcha', { query: { id: 'x' } });
      expect(bad.code).toBe(0);
    });

    it('accepts the clicks on the targets in order, scaled from the size shown', async () => {
      const t = get();
      const { id, challenge } = await fetchChallenge(t);
      // unset false (the default, as the original client's check before it sends the form): kept.
      expect(await check(t, id, clicksOn(challenge, { width: 175, height: 100 }))).toMatchObject({ code: 1 });
      expect((await check(t, id, clicksOn(challenge), false)).code).toBe(1);
      expect((await check(t, id, clicksOn(challenge, { width: 700, height: 400 }), 'false')).code).toBe(1);
      // unset true: used up by the right answer.
      expect((await check(t, id, clicksOn(challenge), true)).code).toBe(1);
      expect(await storedRow(t, id)).toBeUndefined();
      expect(await check(t, id, clicksOn(challenge))).toMatchObject({ code: 0, msg: 'Captcha error' });
    });

    it('refuses the targets clicked in the wrong order, or a click beside a target, and spends the challenge', async () => {
      const t = get();
      const swapped = await fetchChallenge(t);
      const [a, b] = swapped.challenge.text;
      if (!a || !b) throw new Error('two targets expected');
      expect((await check(t, swapped.id, clicksOn(swapped.challenge, undefined, [b, a]))).code).toBe(0);
      expect(await storedRow(t, swapped.id)).toBeUndefined();
      expect((await check(t, swapped.id, clicksOn(swapped.challenge))).code).toBe(0);

      const beside = await fetchChallenge(t);
      const [first, second] = beside.challenge.text;
      if (!first || !second) throw new Error('two targets expected');
      const outside = { ...first, x: first.x + first.width + 2, width: 0 }; // just right of it
      expect((await check(t, beside.id, clicksOn(beside.challenge, undefined, [outside, second]))).code).toBe(
        0,
      );
      expect((await check(t, beside.id, clicksOn(beside.challenge))).code).toBe(0);
    });

    it('refuses fewer clicks than targets, and more', async () => {
      const t = get();
      const fewer = await fetchChallenge(t);
      const [a, b] = fewer.challenge.text;
      if (!a || !b) throw new Error('two targets expected');
      expect((await check(t, fewer.id, clicksOn(fewer.challenge, undefined, [a]))).code).toBe(0);

      const more = await fetchChallenge(t);
      const [c, d] = more.challenge.text;
      if (!c || !d) throw new Error('two targets expected');
      expect((await check(t, more.id, clicksOn(more.challenge, undefined, [c, d, d]))).code).toBe(0);
      // A wrong answer spends the challenge: the right clicks no longer sign in.
      const login = await call(t.app, 'POST', '/admin/index/login', {
        body: {
          username: 'admin',
          password: t.superPassword,
          captchaId: more.id,
          captchaInfo: clicksOn(more.challenge),
        },
      });
      expect(login.msg).toBe('Captcha error');
    });

    it('refuses malformed answers and unknown ids', async () => {
      const t = get();
      const { id, challenge } = await fetchChallenge(t);
      const right = clicksOn(challenge);
      for (const info of [
        '',
        right.split(';')[0] ?? '',
        `${right};1`,
        right.replace(';350;', ';0;'),
        'a,b-c,d;350;200',
      ]) {
        const again = await fetchChallenge(t);
        expect((await check(t, again.id, info)).code).toBe(0);
      }
      expect((await check(t, randomUUID(), right)).code).toBe(0);
      expect((await check(t, id, right)).code).toBe(1);
    });

    it('refuses and forgets an expired challenge', async () => {
      const t = get();
      const { id, challenge } = await fetchChallenge(t);
      await t.ctx.db.kysely
        .updateTable('captcha')
        .set({ expire_time: 1 })
        .where('key', '=', clickCaptchaKey(t.ctx.config.appSecret, id))
        .execute();
      expect((await check(t, id, clicksOn(challenge))).code).toBe(0);
      expect(await storedRow(t, id)).toBeUndefined();
    });

    it('signs an administrator in with a solved click captcha, once', async () => {
      const t = get();
      expect((await call(t.app, 'GET', '/admin/index/login')).data).toEqual({ captcha: true });
      const answer = await solved(t);
      // The original client checks first without using the captcha up, then sends the form.
      expect((await check(t, answer.captchaId, answer.captchaInfo, false)).code).toBe(1);
      const body = { username: 'admin', password: t.superPassword, keep: false, ...answer };
      const res = await call(t.app, 'POST', '/admin/index/login', { body });
      expect(res).toMatchObject({ code: 1, msg: 'Login succeeded!' });
      const reused = await call(t.app, 'POST', '/admin/index/login', { body });
      expect(reused).toMatchObject({ code: 0, msg: 'Captcha error' });
      // Portico's own typed image captcha still works on the same form.
      const typedId = randomUUID();
      const typed = await call(t.app, 'POST', '/admin/index/login', {
        body: {
          username: 'admin',
          password: t.superPassword,
          captchaId: typedId,
          captcha: await t.ctx.captcha.issue(typedId),
        },
      });
      expect(typed.code).toBe(1);
    });

    it('signs a member in with a solved click captcha, the form as the original sends it', async () => {
      const t = get();
      await createMember(t.ctx, 'click_member', 'click-pass-1');
      expect((await call(t.app, 'GET', '/api/user/checkIn')).data.userLoginCaptchaSwitch).toBe(true);
      const form = {
        tab: 'login',
        username: 'click_member',
        password: 'click-pass-1',
        keep: false,
        captcha: '',
      };
      const wrong = await call(t.app, 'POST', '/api/user/checkIn', {
        body: { ...form, captchaId: randomUUID(), captchaInfo: '10,10-20,20;350;200' },
      });
      expect(wrong).toMatchObject({ code: 0, msg: 'Captcha error' });
      const res = await call(t.app, 'POST', '/api/user/checkIn', { body: { ...form, ...(await solved(t)) } });
      expect(res).toMatchObject({ code: 1, data: { userInfo: { username: 'click_member' } } });
    });

    it('sends e-mail and SMS codes after a solved click captcha only', async () => {
      const t = get();
      await useMailbox(t, mailbox);
      await setSettings(t, { sms_provider: 'log' });
      const refusedMail = await call(t.app, 'POST', '/api/ems/send', {
        body: {
          email: 'click@example.com',
          event: 'user_register',
          captchaId: randomUUID(),
          captchaInfo: '1,1-2,2;350;200',
        },
      });
      expect(refusedMail.msg).toBe('Captcha error');
      const mail = await call(t.app, 'POST', '/api/ems/send', {
        body: { email: 'click@example.com', event: 'user_register', ...(await solved(t)) },
      });
      expect(mail.code).toBe(1);
      const sms = await call(t.app, 'POST', '/api/Sms/send', {
        body: { mobile: '13800138111', template_code: 'user_register', ...(await solved(t)) },
      });
      expect(sms.code).toBe(1);
      expect(smsCodeFor(t, '13800138111')).toMatch(/^\d{6}$/);
    });
  },
  { adminLoginCaptcha: true, userLoginCaptcha: true },
);
