/**
 * A 100,000-row export from a real server process (SQLite), started as `npm start` starts it
 * (the supervisor and the bundled server, with its memory flags): the file equals the list's
 * rows in order and the server's peak memory stays under 200 MB, because rows stream in batches.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/connection.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { parseCsv } from '../support/spreadsheets.js';

const ROWS = 100_000;
/** The memory flags of `npm start` (package.json), which the supervisor hands to the server. */
const START_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
const MEMORY_LIMIT_MB = 200;

let server: ServerProcess | undefined;
let db: Db | undefined;
const dir = mkdtempSync(join(tmpdir(), 'portico-export-memory-'));

beforeAll(async () => {
  const url = `sqlite:${join(dir, 'portico.db')}`;
  server = await startServerProcess({ DATABASE_URL: url }, { supervised: true, nodeFlags: START_FLAGS });
  db = await openDatabase(url, 'ba_');
  const batch = 500;
  for (let start = 0; start < ROWS; start += batch) {
    const rows = Array.from({ length: batch }, (_, i) => {
      const n = start + i;
      return {
        username: `m${n}`,
        nickname: `Member number ${n}, "quoted"`,
        email: `m${n}@example.com`,
        password: 'not-a-real-hash',
        group_id: 1,
        money: n,
        status: 'enable',
        create_time: 1_767_225_600 + n,
      };
    });
    await db.kysely.insertInto('user').values(rows).execute();
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function adminToken(s: ServerProcess): Promise<string> {
  const res = await fetch(`${s.baseUrl}/admin/index/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', server: 'true' },
    body: JSON.stringify({ username: 'admin', password: s.adminPassword }),
  });
  const body = (await res.json()) as { data: { userInfo: { token: string } } };
  return body.data.userInfo.token;
}

/** The server process: the supervisor's child. */
function serverPid(supervisor: number): number {
  const children = readFileSync(`/proc/${supervisor}/task/${supervisor}/children`, 'utf8');
  return Number(children.trim().split(/\s+/)[0]);
}

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

it('streams 100,000 rows with flat memory, equal to the list in order', async () => {
  if (!server) throw new Error('not started');
  const token = await adminToken(server);
  const headers = { batoken: token, server: 'true' };
  const columns = JSON.stringify([
    { prop: 'id', title: 'ID' },
    { prop: 'username', title: 'Username' },
    { prop: 'nickname', title: 'Nickname' },
    { prop: 'email', title: 'E-mail' },
    { prop: 'money', title: 'Balance' },
    { prop: 'create_time', title: 'Created', render: 'datetime' },
  ]);
  const query = new URLSearchParams({ order: 'create_time,asc', format: 'csv', columns });
  const peakBefore = peakMemoryMb(serverPid(server.pid));
  const started = Date.now();
  const res = await fetch(`${server.baseUrl}/admin/user.User/export?${query}`, { headers });
  expect(res.headers.get('x-export-rows')).toBe(String(ROWS));
  const text = await res.text();
  const seconds = (Date.now() - started) / 1000;
  const peak = peakMemoryMb(serverPid(server.pid));
  console.info(
    `export of ${ROWS} rows: ${seconds.toFixed(1)} s, ${(text.length / 1e6).toFixed(1)} MB, server peak RSS ${peakBefore.toFixed(0)} MB before, ${peak.toFixed(0)} MB after`,
  );
  expect(peak).toBeLessThan(MEMORY_LIMIT_MB);

  const exported = parseCsv(text).slice(1);
  expect(exported).toHaveLength(ROWS);
  const listed: string[] = [];
  for (let page = 1; listed.length < ROWS; page++) {
    const params = new URLSearchParams({ order: 'create_time,asc', page: String(page), limit: '1000' });
    const list = await fetch(`${server.baseUrl}/admin/user.User/index?${params}`, { headers });
    const body = (await list.json()) as { data: { list: { id: number }[] } };
    if (body.data.list.length === 0) break;
    listed.push(...body.data.list.map((row) => String(row.id)));
  }
  expect(exported.map((row) => row[0])).toEqual(listed);
  expect(exported[12_345]).toEqual([
    listed[12_345],
    'm12345',
    'Member number 12345, "quoted"',
    'm12345@example.com',
    '123.45',
    '2026-01-01 11:25:45',
  ]);
}, 300_000);
