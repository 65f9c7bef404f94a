/**
 * Guessing the second factor: five wrong codes end a pending sign-in even when the codes
 * arrive all at once (each is counted before it is checked), and wrong codes across sign-ins
 * lock the administrator's second factor for a while, with an entry in the admin log.
 */
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import {
  ACCOUNT_CODE_FAILURE_LIMIT,
  CODE_FAILURE_LIMIT,
} from '../../../src/features/two-factor/two-factor.js';
import { call, createAdmin, forEachDatabase, type TestApp } from '../../support/test-app.js';

const PASSWORD = 'Secret-pass1';
const WRONG = 'The code is not correct';

function codeAt(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A code that is not `right`, nor any code of the steps around it. */
function wrongCode(secret: string, i: number): string {
  const taken = new Set([-1, 0, 1, 2].map((step) => codeAt(secret, step)));
  let code = (100_000 + i * 7919) % 1_000_000;
  while (taken.has(String(code).padStart(6, '0'))) code = (code + 1) % 1_000_000;
  return String(code).padStart(6, '0');
}

async function ticketFor(t: TestApp, username: string): Promise<string> {
  const login = await call(t.app, 'POST', '/admin/index/login', { body: { username, password: PASSWORD } });
  expect(login.data.twoFactor.step).toBe('verify');
  return login.data.twoFactor.ticket as string;
}

function secondStep(t: TestApp, ticket: string, code: string) {
  return call(t.app, 'POST', '/admin/index/twoFactor', { body: { ticket, code } });
}

/** An administrator with the second factor on; answers its secret. */
async function enrolled(t: TestApp, username: string): Promise<{ id: number; secret: string }> {
  const id = await createAdmin(t.ctx, username, PASSWORD, [1]);
  const login = await call(t.app, 'POST', '/admin/index/login', { body: { username, password: PASSWORD } });
  const token = login.data.userInfo.token as string;
  const setup = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorSetup', { token });
  const secret = setup.data.secret as string;
  const enabled = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorEnable', {
    token,
    body: { code: codeAt(secret) },
  });
  expect(enabled.code).toBe(1);
  return { id, secret };
}

forEachDatabase('two-factor guesses', (get) => {
  it('checks at most five codes of one sign-in sent at once: the right one after them is refused', async () => {
    const t = get();
    const { secret } = await enrolled(t, 'tfg_many');
    const ticket = await ticketFor(t, 'tfg_many');
    // 39 wrong codes and then the right one, all in flight together.
    const codes = Array.from({ length: 39 }, (_, i) => wrongCode(secret, i));
    const answers = await Promise.all(
      [...codes, codeAt(secret, 1)].map((code) => secondStep(t, ticket, code)),
    );

    const checked = answers.filter((answer) => answer.msg === WRONG || answer.code === 1);
    expect(checked.length, answers.map((a) => a.msg).join(' | ')).toBeLessThanOrEqual(CODE_FAILURE_LIMIT);
    // Each of the others is told the sign-in is over (too many codes, or the ticket gone).
    expect(answers.at(-1)?.code).toBe(303);
    for (const answer of answers) expect(answer.msg === WRONG || answer.code === 303).toBe(true);
    // The sign-in is over: the right code needs the password again.
    expect((await secondStep(t, ticket, codeAt(secret, 1))).code).toBe(303);
  });

  it('locks the second factor after too many wrong codes across sign-ins, and says so in the admin log', async () => {
    const t = get();
    const { id, secret } = await enrolled(t, 'tfg_lock');
    let sent = 0;
    while (sent < ACCOUNT_CODE_FAILURE_LIMIT) {
      const ticket = await ticketFor(t, 'tfg_lock');
      for (let i = 0; i < CODE_FAILURE_LIMIT && sent < ACCOUNT_CODE_FAILURE_LIMIT; i++, sent++) {
        const answer = await secondStep(t, ticket, wrongCode(secret, sent));
        expect(answer.code).not.toBe(1);
      }
    }
    // The right code of a new sign-in is refused while the lock lasts.
    const ticket = await ticketFor(t, 'tfg_lock');
    const locked = await secondStep(t, ticket, codeAt(secret, 1));
    expect(locked).toMatchObject({
      code: 0,
      msg: 'Too many wrong codes: two-factor sign-in is locked for 60 minutes',
    });
    const zh = await call(t.app, 'POST', '/admin/index/twoFactor', {
      body: { ticket, code: codeAt(secret, 1) },
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('验证码错误次数过多，两步验证已锁定 60 分钟');

    const entries = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select(['title', 'admin_id'])
      .where('admin_id', '=', id)
      .where('title', '=', 'Two-factor sign-in locked: too many wrong codes')
      .execute();
    expect(entries).toHaveLength(1);

    // Once the lock has run out (moved into the past here), the right code signs in.
    await t.ctx.db.kysely
      .updateTable('admin_two_factor')
      .set({ locked_until: 1 } as never)
      .where('admin_id', '=', id)
      .execute();
    const again = await ticketFor(t, 'tfg_lock');
    expect((await secondStep(t, again, codeAt(secret, 1))).code).toBe(1);
  });
});
