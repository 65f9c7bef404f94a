/**
 * Two-factor sign-in for administrators: enrolment from the profile with a code
 * from the new secret, sign-in with and without the code, a code and a recovery code each
 * good once, a group that requires it (enrolment at sign-in), the secret sealed in the
 * table, the codes kept out of the admin log, a super administrator's reset, and the console's
 * password reset taking the second factor away.
 */
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { removeTwoFactor } from '../../../src/features/two-factor/index.js';
import { resetPassword } from '../../../src/setup/super-admin.js';
import {
  call,
  createAdmin,
  createGroup,
  forEachDatabase,
  loginSuper,
  type TestApp,
} from '../../support/test-app.js';

const PASSWORD = 'Secret-pass1';

function codeAt(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function passwordStep(t: TestApp, username: string, keep = false) {
  return call(t.app, 'POST', '/admin/index/login', { body: { username, password: PASSWORD, keep } });
}

async function secondStep(t: TestApp, ticket: string, code: string, keep = false) {
  return call(t.app, 'POST', '/admin/index/twoFactor', { body: { ticket, code, keep } });
}

/** Signs in with the password alone (no second factor yet) and turns the second factor on. */
async function enrol(t: TestApp, username: string) {
  const login = await passwordStep(t, username);
  const token = login.data.userInfo.token as string;
  const setup = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorSetup', { token });
  expect(setup.code).toBe(1);
  const { secret, uri } = setup.data as { secret: string; uri: string };
  expect(uri).toMatch(new RegExp(`^otpauth://totp/.+:${username}\\?.*secret=${secret}`));
  const wrong = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorEnable', {
    token,
    body: { code: codeAt(secret, 5) },
  });
  expect(wrong).toMatchObject({ code: 0, msg: 'The code is not correct' });
  const enrolCode = codeAt(secret);
  const enabled = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorEnable', {
    token,
    body: { code: enrolCode },
  });
  expect(enabled.code).toBe(1);
  const recoveryCodes = enabled.data.recoveryCodes as string[];
  expect(new Set(recoveryCodes).size).toBe(10);
  return { secret, recoveryCodes, token, enrolCode };
}

forEachDatabase('two-factor sign-in', (get) => {
  it('enrols from the profile, then asks every sign-in for a code and takes each code once', async () => {
    const t = get();
    const id = await createAdmin(t.ctx, 'tf_alice', PASSWORD, [1]);
    const { secret, token, enrolCode } = await enrol(t, 'tf_alice');
    const status = await call(t.app, 'GET', '/admin/routine.AdminInfo/twoFactor', { token });
    expect(status.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // The secret is sealed: the table alone does not give it away.
    const row = await t.ctx.db.kysely
      .selectFrom('admin_two_factor')
      .selectAll()
      .where('admin_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.secret.startsWith('v1.')).toBe(true);

    // The password alone opens nothing: the answer is a ticket, which is no token, and it is
    // not the administrator's last sign-in (from an address that may be an attacker's).
    const lastSignIn = () =>
      t.ctx.db.kysely
        .selectFrom('admin')
        .select(['last_login_time', 'last_login_ip'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    await t.ctx.db.kysely
      .updateTable('admin')
      .set({ last_login_time: 1, last_login_ip: '' })
      .where('id', '=', id)
      .execute();
    const first = await passwordStep(t, 'tf_alice');
    expect(await lastSignIn()).toEqual({ last_login_time: 1, last_login_ip: '' });
    expect(first.code).toBe(1);
    expect(first.data.userInfo).toBeUndefined();
    expect(first.data.twoFactor.step).toBe('verify');
    const ticket = first.data.twoFactor.ticket as string;
    const asToken = await call(t.app, 'GET', '/admin/index/index', { token: ticket });
    expect(asToken.code).toBe(303);

    expect(await secondStep(t, ticket, '000000')).toMatchObject({ code: 0, msg: 'The code is not correct' });
    // The code that confirmed the enrolment was used there. (That very code: the code of the
    // present step is another one once a 30-second step has ended since.)
    expect((await secondStep(t, ticket, enrolCode)).code).toBe(0);
    const next = codeAt(secret, 1);
    const signedIn = await secondStep(t, ticket, next, true);
    expect(signedIn.code).toBe(1);
    expect(Number((await lastSignIn()).last_login_time)).toBeGreaterThan(1);
    expect((await lastSignIn()).last_login_ip).toBe('127.0.0.1');
    expect(signedIn.data.userInfo.refresh_token).not.toBe('');
    const index = await call(t.app, 'GET', '/admin/index/index', { token: signedIn.data.userInfo.token });
    expect(index.code).toBe(1);
    // The ticket opened its one session; the code is spent for a fresh sign-in too.
    expect((await secondStep(t, ticket, next)).code).toBe(303);
    const again = await passwordStep(t, 'tf_alice');
    expect((await secondStep(t, again.data.twoFactor.ticket, next)).msg).toBe('The code is not correct');

    // The admin log keeps neither the ticket nor the code.
    const logged = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select('data')
      .where('url', 'like', '%twoFactor%')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    for (const entry of logged) {
      expect(entry.data).not.toContain(next);
      expect(entry.data).not.toContain(ticket);
    }
  });

  it('takes a recovery code once, renews the codes with a code, and ends the pending sign-in after five wrong codes', async () => {
    const t = get();
    await createAdmin(t.ctx, 'tf_bob', PASSWORD, [1]);
    const { recoveryCodes, secret, token } = await enrol(t, 'tf_bob');
    const [code] = recoveryCodes as [string];
    const login = await passwordStep(t, 'tf_bob');
    const used = await secondStep(t, login.data.twoFactor.ticket, code.toUpperCase().replace('-', ' '));
    expect(used.code).toBe(1);
    const status = await call(t.app, 'GET', '/admin/routine.AdminInfo/twoFactor', { token });
    expect(status.data.recoveryCodesLeft).toBe(9);
    const reuse = await passwordStep(t, 'tf_bob');
    expect((await secondStep(t, reuse.data.twoFactor.ticket, code)).msg).toBe('The code is not correct');

    // New codes, confirmed with a code from the app: the old ones stop working.
    const renewed = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorRecoveryCodes', {
      token,
      body: { code: codeAt(secret, 1) },
    });
    expect(renewed.code).toBe(1);
    const [fresh] = renewed.data.recoveryCodes as [string];
    expect(renewed.data.recoveryCodes).not.toContain(recoveryCodes[1]);
    const old = await passwordStep(t, 'tf_bob');
    expect((await secondStep(t, old.data.twoFactor.ticket, recoveryCodes[1] as string)).code).toBe(0);
    expect((await secondStep(t, old.data.twoFactor.ticket, fresh)).code).toBe(1);

    // Wrong codes count since the last right one, across tickets.
    const guess = await passwordStep(t, 'tf_bob');
    const ticket = guess.data.twoFactor.ticket as string;
    for (let i = 0; i < 4; i++) expect((await secondStep(t, ticket, '123456')).code).toBe(0);
    const fifth = await secondStep(t, ticket, '123456');
    expect(fifth).toMatchObject({ code: 303, msg: 'Too many wrong codes: please sign in again' });
    // The ticket is gone: a right code now needs the password again.
    expect((await secondStep(t, ticket, renewed.data.recoveryCodes[1] as string)).code).toBe(303);
  });

  it('a group that requires it enrols its administrators at sign-in, and they cannot turn it off', async () => {
    const t = get();
    const group = await createGroup(t.ctx, 'tf-required', [
      'dashboard',
      'routine/adminInfo',
      'routine/adminInfo/index',
    ]);
    const superToken = (await loginSuper(t)).token;
    const edit = await call(t.app, 'GET', '/admin/auth.Group/edit', {
      token: superToken,
      query: { id: String(group) },
    });
    const flagged = await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token: superToken,
      body: { ...edit.data.row, rules: edit.data.row.rules, two_factor: '1' },
    });
    expect(flagged.code).toBe(1);
    // An edit that does not name the flag (the original's client) leaves it on.
    await call(t.app, 'POST', '/admin/auth.Group/edit', {
      token: superToken,
      body: { id: group, pid: 1, name: 'tf-required', rules: edit.data.row.rules, status: '1' },
    });
    const stored = await t.ctx.db.kysely
      .selectFrom('admin_group')
      .select('two_factor')
      .where('id', '=', group)
      .executeTakeFirstOrThrow();
    expect(stored.two_factor).toBe('1');

    await createAdmin(t.ctx, 'tf_carol', PASSWORD, [group]);
    const login = await passwordStep(t, 'tf_carol');
    expect(login.data.twoFactor.step).toBe('enrol');
    const ticket = login.data.twoFactor.ticket as string;
    const setup = await call(t.app, 'POST', '/admin/index/twoFactorEnrol', { body: { ticket } });
    expect(setup.code).toBe(1);
    const signedIn = await secondStep(t, ticket, codeAt(setup.data.secret));
    expect(signedIn.code).toBe(1);
    expect(signedIn.data.recoveryCodes).toHaveLength(10);
    const token = signedIn.data.userInfo.token as string;
    const status = await call(t.app, 'GET', '/admin/routine.AdminInfo/twoFactor', { token });
    expect(status.data).toMatchObject({ enabled: true, required: true });
    const off = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorDisable', {
      token,
      body: { code: codeAt(setup.data.secret, 1) },
    });
    expect(off).toMatchObject({ code: 0, msg: 'Your group requires two-factor sign-in' });
    expect((await passwordStep(t, 'tf_carol')).data.twoFactor.step).toBe('verify');
  });

  it("turns off with a code, and a super administrator resets another's (logged); others may not", async () => {
    const t = get();
    const daveId = await createAdmin(t.ctx, 'tf_dave', PASSWORD, [1]);
    const { secret, token } = await enrol(t, 'tf_dave');
    expect(
      (
        await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorDisable', {
          token,
          body: { code: '000000' },
        })
      ).code,
    ).toBe(0);
    const off = await call(t.app, 'POST', '/admin/routine.AdminInfo/twoFactorDisable', {
      token,
      body: { code: codeAt(secret, 1) },
    });
    expect(off.code).toBe(1);
    expect((await passwordStep(t, 'tf_dave')).data.userInfo.token).toBeTruthy();

    await enrol(t, 'tf_dave');
    const editorGroup = await createGroup(t.ctx, 'tf-editors', [
      'auth/admin',
      'auth/admin/index',
      'auth/admin/edit',
    ]);
    await createAdmin(t.ctx, 'tf_erin', PASSWORD, [editorGroup]);
    const erin = (await passwordStep(t, 'tf_erin')).data.userInfo.token as string;
    const refused = await call(t.app, 'POST', '/admin/auth.Admin/resetTwoFactor', {
      token: erin,
      body: { id: daveId },
    });
    expect(refused.code).toBe(401);

    const superToken = (await loginSuper(t)).token;
    const reset = await call(t.app, 'POST', '/admin/auth.Admin/resetTwoFactor', {
      token: superToken,
      body: { id: daveId },
    });
    expect(reset.code).toBe(1);
    expect((await passwordStep(t, 'tf_dave')).data.userInfo.token).toBeTruthy();
    // The console's password reset (npm run reset-admin-password) is the way back in without
    // phone or recovery codes: the second factor goes with the old password.
    await enrol(t, 'tf_dave');
    const fromConsole = await resetPassword(t.ctx.db, 'tf_dave');
    expect(fromConsole?.adminId).toBe(daveId);
    expect(await removeTwoFactor(t.ctx.db, daveId)).toBe(true);
    const back = await call(t.app, 'POST', '/admin/index/login', {
      body: { username: 'tf_dave', password: fromConsole?.password },
    });
    expect(back.data.userInfo.token).toBeTruthy();

    const log = await t.ctx.db.kysely
      .selectFrom('admin_log')
      .select(['title', 'data'])
      .where('url', 'like', '%resetTwoFactor%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.title).toBe('Reset two-factor sign-in');
    expect(JSON.parse(log.data ?? '{}')).toMatchObject({ id: daveId });
  });
});
