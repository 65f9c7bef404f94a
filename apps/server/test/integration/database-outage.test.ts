/**
 * The database going away under a concurrent write load. The real server
 * runs as its own process, connected to its database through a TCP proxy the test owns.
 * Three faults in a row: every connection terminated from the database side (the 57P01 /
 * ER_CONNECTION_KILLED a restart sends), the database refusing connections for a while (a
 * restart), and the database accepting connections but never answering (a hung host). The
 * server must stay up, answer 503 envelopes while the database is away, serve again soon
 * after it returns, and keep every write it acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { CONNECT_TIMEOUT_MS } from '../../src/db/unavailable.js';
import { type ConnectionKiller, connectionKiller } from '../support/database-faults.js';
import { type TestDatabase, testDatabases } from '../support/databases.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { memberBody, type Outcome, startWriteLoad, type WriteLoad } from '../support/write-load.js';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again later.';
const CLIENTS = 8;
/** Writes that must succeed to count the server as serving (again). */
const SERVING = 16;
/** 503 answers that must arrive to count an outage as answered. */
const ANSWERED = CLIENTS;
/** Reads sent at once while the database hangs: three times the pool's ten connections. */
const BURST = 30;
/** Generous bounds for the polls below, for a busy two-core machine; they are not speed targets. */
const RECOVERY_LIMIT_MS = 30_000;
const OUTAGE_ANSWER_LIMIT_MS = 30_000;

const ADMIN_URLS = { postgres: process.env.TEST_PG_URL, mysql: process.env.TEST_MYSQL_URL };
const remote = testDatabases().filter((factory) => factory.dialect !== 'sqlite');

if (remote.length === 0) {
  it.skip('needs TEST_PG_URL or TEST_MYSQL_URL (SQLite has no connection to lose)', () => {});
}

for (const factory of remote) {
  const dialect = factory.dialect as 'postgres' | 'mysql';
  describe(`database outage under write load [${dialect}]`, () => {
    let database: TestDatabase | undefined;
    let proxy: TcpProxy | undefined;
    let server: ServerProcess | undefined;
    let killer: ConnectionKiller | undefined;

    beforeAll(async () => {
      database = await factory.create();
      const direct = new URL(database.url);
      proxy = await startTcpProxy(
        direct.hostname,
        Number(direct.port || (dialect === 'postgres' ? 5432 : 3306)),
      );
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      server = await startServerProcess({ DATABASE_URL: proxied.toString() });
      killer = await connectionKiller(dialect, ADMIN_URLS[dialect] ?? '', direct.pathname.slice(1));
    });

    afterAll(async () => {
      await server?.stop();
      await killer?.close();
      await proxy?.close();
      await database?.drop();
    });

    it('stays up, answers 503 while the database is away, recovers, and keeps every acknowledged write', async () => {
      if (!server || !proxy || !killer || !database) throw new Error('not started');
      const [running, ending] = [server, killer];
      const token = await login(running);
      const memberId = await addMember(running, token, 'ledger');
      const load = startWriteLoad({
        baseUrl: running.baseUrl,
        token,
        memberId,
        clients: CLIENTS,
        prefix: 'ld',
      });
      const waitFor = poller(running, load);
      try {
        await waitFor(
          () => succeeded(load.outcomes, 0) >= SERVING,
          RECOVERY_LIMIT_MS,
          'the load to get going',
        );

        // 1. Every connection ended by the database, repeatedly, for a moment.
        const terminating = Date.now();
        let terminated = 0;
        await waitFor(
          async () => {
            terminated += await ending.killAll();
            return terminated >= 5 && Date.now() - terminating > 1500;
          },
          RECOVERY_LIMIT_MS,
          'connections to terminate',
        );
        const terminatedAt = Date.now();
        await waitFor(
          () => succeeded(load.outcomes, terminatedAt) >= SERVING,
          RECOVERY_LIMIT_MS,
          'writes to succeed after the connections were terminated',
        );
        // The fault hit requests in use, not only idle connections (what they were answered is checked below).
        const hit = load.outcomes.filter(
          (o) => o.started >= terminating && o.finished <= terminatedAt && !isSuccess(o),
        );
        expect(hit.length, 'requests hit by the terminations').toBeGreaterThan(0);

        // 2. The database restarting: connections dropped and refused, then accepted again.
        const refusing = Date.now();
        proxy.cut('reset');
        await waitFor(
          () => unavailable(load.outcomes, refusing, Date.now()).length >= ANSWERED,
          OUTAGE_ANSWER_LIMIT_MS,
          '503 answers while the database refuses connections',
        );
        const refusedUntil = Date.now();
        proxy.restore();
        expect(succeededBetween(load.outcomes, refusing, refusedUntil), 'writes while refused').toEqual([]);
        await waitFor(
          () => succeeded(load.outcomes, refusedUntil) >= SERVING,
          RECOVERY_LIMIT_MS,
          'writes to succeed after the database came back',
        );

        // 3. The database host hanging: connections accepted, never answered.
        const hanging = Date.now();
        proxy.cut('hold');
        // More requests at once than the pool has connections: the ones queued for a
        // connection are answered within the connect timeout too, not one timeout per turn.
        const burst = await Promise.all(Array.from({ length: BURST }, () => timedRead(running, token)));
        expect(
          burst.filter((answer) => !answer.unavailable),
          'burst answers',
        ).toEqual([]);
        expect(Math.max(...burst.map((answer) => answer.ms)), 'longest wait of the burst').toBeLessThan(
          2 * CONNECT_TIMEOUT_MS,
        );
        await waitFor(
          () => unavailable(load.outcomes, hanging, Date.now()).length >= ANSWERED,
          OUTAGE_ANSWER_LIMIT_MS,
          '503 answers while the database does not answer',
        );
        const hungUntil = Date.now();
        proxy.restore();
        await waitFor(
          () => succeeded(load.outcomes, hungUntil) >= SERVING,
          RECOVERY_LIMIT_MS,
          'writes to succeed after the database answered again',
        );
      } finally {
        await load.stop();
      }

      expect(running.exited(), running.output()).toBeNull();
      // Every answer was a success or the clear 503 envelope: no 500, no driver text, no reset.
      const unclear = load.outcomes.filter((o) => !isSuccess(o) && !isUnavailable(o));
      expect(unclear.map(describeOutcome), running.output()).toEqual([]);
      await expectAcknowledgedWritesKept(database.url, memberId, load.outcomes);
    }, 240_000);
  });
}

async function login(server: ServerProcess): Promise<string> {
  const response = await post(server, '/admin/index/login', '', {
    username: 'admin',
    password: server.adminPassword,
  });
  if (response.code !== 1) throw new Error(`login failed: ${response.msg}`);
  return response.data.userInfo.token;
}

async function addMember(server: ServerProcess, token: string, username: string): Promise<number> {
  const added = await post(server, '/admin/user.User/add', token, memberBody(username));
  if (added.code !== 1) throw new Error(`adding a member failed: ${added.msg}`);
  const response = await fetch(`${server.baseUrl}/admin/user.User/index?quickSearch=${username}`, {
    headers: { batoken: token, 'think-lang': 'en', server: 'true' },
  });
  const list = (await response.json()) as { data: { list: { id: number; username: string }[] } };
  const member = list.data.list.find((row) => row.username === username);
  if (!member) throw new Error('the added member is not listed');
  return member.id;
}

async function post(server: ServerProcess, path: string, token: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', batoken: token, 'think-lang': 'en', server: 'true' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

/** A member list read; answers whether it was the 503 envelope and how long it took. */
async function timedRead(server: ServerProcess, token: string) {
  const started = Date.now();
  try {
    const response = await fetch(`${server.baseUrl}/admin/user.User/index`, {
      headers: { batoken: token, 'think-lang': 'en', server: 'true' },
      signal: AbortSignal.timeout(60_000),
    });
    const envelope = (await response.json()) as { code: number; msg: string };
    const unavailable = response.status === 503 && envelope.code === 0 && envelope.msg === UNAVAILABLE;
    return { unavailable, ms: Date.now() - started, answer: `HTTP ${response.status} ${envelope.msg}` };
  } catch (error) {
    return { unavailable: false, ms: Date.now() - started, answer: String(error) };
  }
}

const isSuccess = (o: Outcome) => o.status === 200 && o.code === 1;
const isUnavailable = (o: Outcome) => o.status === 503 && o.code === 0 && o.msg === UNAVAILABLE;

/** Successful writes sent at or after `since`. */
function succeeded(outcomes: Outcome[], since: number): number {
  return outcomes.filter((o) => o.started >= since && isSuccess(o)).length;
}

function succeededBetween(outcomes: Outcome[], from: number, to: number): string[] {
  return outcomes.filter((o) => o.started >= from && o.finished <= to && isSuccess(o)).map(describeOutcome);
}

/** 503 answers to writes sent at or after `from` and answered by `to`. */
function unavailable(outcomes: Outcome[], from: number, to: number): Outcome[] {
  return outcomes.filter((o) => o.started >= from && o.finished <= to && isUnavailable(o));
}

function describeOutcome(o: Outcome): string {
  const what = o.write.kind === 'money' ? o.write.memo : o.write.username;
  return `${what}: ${o.failure ?? `HTTP ${o.status} code ${o.code} "${o.msg}"`}`;
}

/**
 * Polls `condition` until it holds. Fails at once when the server process has died (with its
 * output, which shows why), or when the limit passes (with what the load saw).
 */
function poller(server: ServerProcess, load: WriteLoad) {
  return async (condition: () => boolean | Promise<boolean>, limitMs: number, what: string) => {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const exit = server.exited();
      if (exit) {
        throw new Error(
          `the server process died (code ${exit.code}, signal ${exit.signal}) while waiting for ${what}\n` +
            `--- server output ---\n${server.output()}`,
        );
      }
      if (await condition()) return;
      if (Date.now() > deadline) {
        const last = load.outcomes.slice(-CLIENTS).map(describeOutcome).join('\n');
        throw new Error(`gave up waiting for ${what}; the last answers:\n${last}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/**
 * Every write answered with code 1 is in the database, and the member's balance log still
 * chains: each row starts where the previous one ended, and the last ends at the balance.
 */
async function expectAcknowledgedWritesKept(url: string, memberId: number, outcomes: Outcome[]) {
  const db = await openDatabase(url, 'ba_');
  try {
    const acknowledged = outcomes.filter(isSuccess).map((o) => o.write);
    const memos = acknowledged.flatMap((w) => (w.kind === 'money' ? [w.memo] : []));
    const usernames = acknowledged.flatMap((w) => (w.kind === 'member' ? [w.username] : []));
    expect(memos.length).toBeGreaterThan(0);
    expect(usernames.length).toBeGreaterThan(0);

    const members = await db.kysely.selectFrom('user').select('username').execute();
    const present = new Set(members.map((m) => m.username));
    expect(
      usernames.filter((u) => !present.has(u)),
      'acknowledged members missing',
    ).toEqual([]);

    const log = await db.kysely
      .selectFrom('user_money_log')
      .select(['id', 'money', 'before', 'after', 'memo'])
      .where('user_id', '=', memberId)
      .orderBy('id')
      .execute();
    const logged = new Set(log.map((row) => row.memo));
    expect(
      memos.filter((m) => !logged.has(m)),
      'acknowledged balance changes missing',
    ).toEqual([]);
    expect(logged.size, 'a balance change logged twice').toBe(log.length);

    const breaks: string[] = [];
    let balance = 0;
    for (const row of log) {
      if (Number(row.before) !== balance || Number(row.after) !== balance + Number(row.money)) {
        breaks.push(`row ${row.id}: ${row.before} → ${row.after} (${row.money}) after ${balance}`);
      }
      balance = Number(row.after);
    }
    expect(breaks, 'balance log chain').toEqual([]);
    const member = await db.kysely
      .selectFrom('user')
      .select('money')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(Number(member.money)).toBe(balance);
  } finally {
    await db.close();
  }
}
