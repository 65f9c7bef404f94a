/**
 * Several server processes on one database: two real server processes,
 * A and B, share one PostgreSQL or MariaDB database and one APP_SECRET, as processes behind a
 * load balancer do. What one process changes, the other must honour: a signed-out session or
 * a changed password at once, a group's removed rule and a changed setting within a second;
 * the per-IP auth budget and the sign-in lockout count attempts on both; a captcha shown by
 * one is answered on the other, once; an upload through one is served by the other (from the
 * storage folder they share, STORAGE_DIR, while each has a data folder of its own).
 *
 * TRUST_PROXY is on, as behind a reverse proxy: each scenario speaks from an address of its
 * own (X-Forwarded-For), so the auth budget of one does not spend another's.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET } from '../../src/auth/captcha-image.js';
import { hashPassword } from '../../src/auth/passwords.js';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { insertId } from '../../src/db/insert-id.js';
import { type TestDatabase, testDatabases } from '../support/databases.js';
import { startRoundRobinProxy } from '../support/round-robin-proxy.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);
/** The per-IP auth budget both processes are started with. */
const AUTH_BUDGET = 12;
/** How soon the other process must refuse what one process revoked. */
const PROPAGATION_LIMIT_MS = 1000;

const remote = testDatabases().filter((factory) => factory.dialect !== 'sqlite');

if (remote.length === 0) {
  it.skip('needs TEST_PG_URL or TEST_MYSQL_URL (SQLite serves one process)', () => {});
}

for (const factory of remote) {
  describe(`two server processes on one database [${factory.dialect}]`, () => {
    let database: TestDatabase | undefined;
    let db: Db | undefined;
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    /** The super administrator's password, shown by whichever process created the account. */
    let superPassword = '';
    const secret = randomBytes(32).toString('hex');
    const storage = mkdtempSync(join(tmpdir(), 'portico-shared-storage-'));

    beforeAll(async () => {
      database = await factory.create();
      const env = {
        DATABASE_URL: database.url,
        APP_SECRET: secret,
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT: String(AUTH_BUDGET),
        USER_LOGIN_CAPTCHA: '1',
        STORAGE_DIR: storage,
      };
      // Both at once on the new database: they race to migrate it, create the super
      // administrator and load the area data, and both must come up.
      const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
      [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
      const failed = started.find((result) => result.status === 'rejected');
      // afterAll stops the one that did start.
      if (failed || !a || !b) throw failed?.reason;
      const shown = [a.adminPassword, b.adminPassword].filter(Boolean);
      expect(shown).toHaveLength(1);
      superPassword = shown[0] ?? '';
      db = await openDatabase(database.url, 'ba_');
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.close();
      await database?.drop();
      rmSync(storage, { recursive: true, force: true });
    });

    const both = () => {
      if (!a || !b || !db) throw new Error('not started');
      return { a, b, db };
    };

    it('refuses on B, at once, a token signed out on A', async () => {
      const { a, b } = both();
      const token = await login(a, 'admin', superPassword, '198.51.100.1');
      expect((await get(b, '/admin/auth.Admin/index', token)).code).toBe(1);
      expect((await post(a, '/admin/index/logout', token, {})).code).toBe(1);
      expect(await get(b, '/admin/auth.Admin/index', token)).toMatchObject({ code: 303 });
    });

    it('refuses on B, at once, the other sessions of a password changed on A', async () => {
      const { a, b, db } = both();
      const group = await createGroup(db, 'procs profile', [
        'routine/admininfo/index',
        'routine/admininfo/edit',
      ]);
      await createAdmin(db, 'procs-y', 'first-pass', group);
      const onA = await login(a, 'procs-y', 'first-pass', '198.51.100.2');
      const onB = await login(b, 'procs-y', 'first-pass', '198.51.100.2');
      expect((await get(b, '/admin/routine.AdminInfo/index', onB)).code).toBe(1);
      const changed = await post(a, '/admin/routine.AdminInfo/edit', onA, {
        nickname: 'procs y',
        password: 'second-pass',
      });
      expect(changed).toMatchObject({ code: 1 });
      expect(await get(b, '/admin/routine.AdminInfo/index', onB)).toMatchObject({ code: 303 });
      expect((await get(b, '/admin/routine.AdminInfo/index', onA)).code).toBe(1);
    });

    it("refuses on B, within a second, an action whose rule A removed from the caller's group", async () => {
      const { a, b, db } = both();
      const group = await createGroup(db, 'procs readers', ['auth/admin/index', 'dashboard']);
      await createAdmin(db, 'procs-x', 'reader-pass', group);
      const superToken = await login(a, 'admin', superPassword, '198.51.100.3');
      const reader = await login(b, 'procs-x', 'reader-pass', '198.51.100.3');
      // B now holds the reader's grants.
      expect((await get(b, '/admin/auth.Admin/index', reader)).code).toBe(1);
      const dashboardOnly = await ruleIds(db, ['dashboard']);
      const edited = await post(a, '/admin/auth.Group/edit', superToken, {
        id: group,
        pid: 1,
        name: 'procs readers',
        rules: dashboardOnly,
      });
      expect(edited).toMatchObject({ code: 1 });
      const refusedAfter = await msUntil(
        async () => (await get(b, '/admin/auth.Admin/index', reader)).code === 401,
      );
      expect(refusedAfter).toBeLessThanOrEqual(PROPAGATION_LIMIT_MS);
    });

    it('shows on B, within a second, a setting changed on A', async () => {
      const { a, b } = both();
      const superToken = await login(a, 'admin', superPassword, '198.51.100.4');
      const siteName = async () => (await get(b, '/api/index/index', '')).data.site.siteName as string;
      expect(await siteName()).not.toBe('Procs site');
      const saved = await post(a, '/admin/routine.Config/edit', superToken, { site_name: 'Procs site' });
      expect(saved).toMatchObject({ code: 1 });
      const shownAfter = await msUntil(async () => (await siteName()) === 'Procs site');
      expect(shownAfter).toBeLessThanOrEqual(PROPAGATION_LIMIT_MS);
    });

    it('counts auth attempts sent to A and to B in one per-IP budget', async () => {
      const { a, b } = both();
      const ip = '203.0.113.7';
      const attempt = (server: ServerProcess) =>
        post(server, '/admin/index/login', '', { username: 'nobody', password: 'wrong-pass' }, ip);
      for (let i = 0; i < AUTH_BUDGET / 2; i++) {
        expect((await attempt(a)).status).toBe(200);
        expect((await attempt(b)).status).toBe(200);
      }
      expect(await attempt(b)).toMatchObject({ status: 429, code: 0 });
      expect(await attempt(a)).toMatchObject({ status: 429, code: 0 });
      // Another address keeps its own budget.
      expect(
        (await post(b, '/admin/index/login', '', { username: 'nobody', password: 'x-wrong' }, '203.0.113.8'))
          .status,
      ).toBe(200);
    });

    it('locks a client out after ten wrong passwords, five sent to A and five to B', async () => {
      const { a, b, db } = both();
      await createAdmin(db, 'procs-z', 'right-pass', []);
      const ip = '203.0.113.9';
      const wrong = { username: 'procs-z', password: 'wrong-pass' };
      for (let i = 0; i < 5; i++) {
        expect((await post(a, '/admin/index/login', '', wrong, ip)).msg).toBe(
          'Incorrect user name or password!',
        );
        expect((await post(b, '/admin/index/login', '', wrong, ip)).msg).toBe(
          'Incorrect user name or password!',
        );
      }
      const right = await post(
        a,
        '/admin/index/login',
        '',
        { username: 'procs-z', password: 'right-pass' },
        ip,
      );
      expect(right).toMatchObject({ code: 0, msg: 'Too many wrong passwords, please try again in 24 hours' });
    });

    it('checks on B a captcha shown by A, and only once', async () => {
      const { a, b, db } = both();
      const id = `procs-${randomBytes(6).toString('hex')}`;
      const image = await fetch(`${a.baseUrl}/api/common/captcha?id=${id}`, { headers: { server: 'true' } });
      expect(image.headers.get('content-type')).toContain('image/svg+xml');
      const answer = await readCaptcha(db, secret, id);
      const signIn = {
        tab: 'login',
        username: 'nobody',
        password: 'wrong-pass',
        captchaId: id,
        captcha: answer,
      };
      // Past the captcha, the sign-in itself fails: the answer was accepted.
      const first = await post(b, '/api/user/checkIn', '', signIn, '198.51.100.5');
      expect(first).toMatchObject({ code: 0, msg: 'Incorrect user name or password!' });
      const again = await post(a, '/api/user/checkIn', '', signIn, '198.51.100.5');
      expect(again).toMatchObject({ code: 0, msg: 'Captcha error' });
    });

    it('serves one session through a round-robin proxy, whichever process answers, and ends it everywhere', async () => {
      const { a, b } = both();
      const proxy = await startRoundRobinProxy([a.baseUrl, b.baseUrl]);
      try {
        const ip = '198.51.100.7';
        const token = await login(proxy, 'admin', superPassword, ip);
        const lists = [];
        for (let i = 0; i < 4; i++) lists.push((await get(proxy, '/admin/auth.Admin/index', token, ip)).code);
        expect(lists).toEqual([1, 1, 1, 1]);
        expect((await post(proxy, '/admin/index/logout', token, {}, ip)).code).toBe(1);
        const after = [];
        for (let i = 0; i < 2; i++) after.push((await get(proxy, '/admin/auth.Admin/index', token, ip)).code);
        expect(after).toEqual([303, 303]);
        expect(proxy.served).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
      } finally {
        await proxy.close();
      }
    });

    it('serves from B a file uploaded through A', async () => {
      const { a, b } = both();
      const token = await login(a, 'admin', superPassword, '198.51.100.6');
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'shared.png');
      const response = await fetch(`${a.baseUrl}/admin/ajax/upload`, {
        method: 'POST',
        headers: headers(token, '198.51.100.6'),
        body: form,
      });
      const uploaded = (await response.json()) as { code: number; data: { file: { url: string } } };
      expect(uploaded.code).toBe(1);
      const served = await fetch(`${b.baseUrl}${uploaded.data.file.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    });
  });
}

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: any;
}

/** A server process, or the proxy in front of them. */
type Reachable = { baseUrl: string };

function headers(token: string, ip: string): Record<string, string> {
  return { batoken: token, 'think-lang': 'en', server: 'true', 'x-forwarded-for': ip };
}

async function get(server: Reachable, path: string, token: string, ip = '198.51.100.99'): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: headers(token, ip) });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

async function post(
  server: Reachable,
  path: string,
  token: string,
  body: unknown,
  ip = '198.51.100.99',
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers(token, ip), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

async function login(server: Reachable, username: string, password: string, ip: string): Promise<string> {
  const answer = await post(server, '/admin/index/login', '', { username, password }, ip);
  if (answer.code !== 1) throw new Error(`login of ${username} failed: ${answer.msg}`);
  return answer.data.userInfo.token as string;
}

/** Milliseconds until `condition` holds (polled every 20 ms); fails after five seconds. */
async function msUntil(condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > 5000) throw new Error('the condition did not hold within five seconds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

/** Rule ids by permission key (rule names keep the controller's letter case: routine/adminInfo). */
async function ruleIds(db: Db, keys: string[]): Promise<number[]> {
  const rows = await db.kysely.selectFrom('admin_rule').select(['id', 'name']).execute();
  return rows.filter((row) => keys.includes(row.name.toLowerCase())).map((row) => row.id);
}

async function createGroup(db: Db, name: string, rules: string[]): Promise<number> {
  const ids = await ruleIds(db, rules);
  return insertId(
    db,
    db.kysely.insertInto('admin_group').values({ name, pid: 1, rules: ids.join(','), status: '1' }),
  );
}

async function createAdmin(db: Db, username: string, password: string, group: number | []): Promise<void> {
  const id = await insertId(
    db,
    db.kysely
      .insertInto('admin')
      .values({ username, nickname: username, password: await hashPassword(password), status: '1' }),
  );
  if (typeof group === 'number') {
    await db.kysely.insertInto('admin_group_access').values({ uid: id, group_id: group }).execute();
  }
}

/**
 * The captcha's answer, as a person would read it off the image: recovered from the stored
 * HMAC with the install's secret (the test knows it), by trying every four-character text.
 */
async function readCaptcha(db: Db, secret: string, id: string): Promise<string> {
  const key = createHmac('sha256', secret).update(`captcha-id:${id}`).digest('hex');
  const row = await db.kysely
    .selectFrom('captcha')
    .select('code')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  for (const c1 of CAPTCHA_ALPHABET)
    for (const c2 of CAPTCHA_ALPHABET)
      for (const c3 of CAPTCHA_ALPHABET)
        for (const c4 of CAPTCHA_ALPHABET) {
          const text = c1 + c2 + c3 + c4;
          const hash = createHmac('sha256', secret).update(`captcha-answer:${id}:${text}`).digest('hex');
          if (hash === row.code) return text;
        }
  throw new Error('no four-character answer matches the stored captcha');
}
