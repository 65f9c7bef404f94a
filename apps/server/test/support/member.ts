/** Members and their verification channels, for the member-centre suites. */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/auth/passwords.js';
import type { AppContext } from '../../src/context.js';
import { insertId } from '../../src/db/insert-id.js';
import type { Mailbox } from './mailbox.js';
import { call, type TestApp } from './test-app.js';

export async function createMember(
  ctx: AppContext,
  username: string,
  password: string,
  extra: Record<string, string | number> = {},
): Promise<number> {
  return insertId(
    ctx.db,
    ctx.db.kysely.insertInto('user').values({
      username,
      nickname: username,
      password: await hashPassword(password),
      group_id: 1,
      status: 'enable',
      ...extra,
    }),
  );
}

/**
 * `count` members without passwords, inserted in order 500 at a time (so their ids follow
 * `i`), as the list-path suites need them: `member(i)` gives each one's user name, and its
 * nickname when not `Member i`.
 */
export async function insertMembers(
  ctx: AppContext,
  count: number,
  member: (i: number) => { username: string; nickname?: string },
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    nickname: `Member ${i}`,
    ...member(i),
    email: `m${i}@example.com`,
    mobile: '',
    group_id: 1,
    password: '',
    salt: '',
    create_time: 1_700_000_000 + i,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db.kysely
      .insertInto('user')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function loginMember(t: TestApp, username: string, password: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/user/checkIn', { body: { tab: 'login', username, password } });
  if (res.code !== 1) throw new Error(`member login of ${username} failed: ${res.msg}`);
  return res.data.userInfo.token as string;
}

export async function setSettings(t: TestApp, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    await t.ctx.db.kysely.updateTable('config').set({ value }).where('name', '=', name).execute();
  }
  await t.ctx.caches.changed('settings');
}

/** Points the site's mail settings at the test mailbox (plain SMTP with a password). */
export function useMailbox(t: TestApp, mailbox: Mailbox): Promise<void> {
  return setSettings(t, {
    smtp_server: '127.0.0.1',
    smtp_port: String(mailbox.port),
    smtp_user: 'mailer',
    smtp_pass: mailbox.password,
    smtp_verification: '',
    smtp_sender_mail: 'noreply@example.com',
  });
}

/** A solved image captcha, as the send forms post it. */
export async function solvedCaptcha(t: TestApp): Promise<{ captchaId: string; captcha: string }> {
  const captchaId = randomUUID();
  return { captchaId, captcha: await t.ctx.captcha.issue(captchaId) };
}

/** The latest SMS code the development provider recorded for `mobile`. */
export function smsCodeFor(t: TestApp, mobile: string): string | undefined {
  return t.ctx.sms.outbox.findLast((m) => m.mobile === mobile)?.code;
}
