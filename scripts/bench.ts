/**
 * `npm run bench`: requests per second of the bare health route and of an authenticated
 * admin list (`GET /admin/auth.Admin/index`, a page of 10 with a quick search) on SQLite
 * with 10,000 administrators, measured with autocannon against a real server process on
 * loopback. Prints both rates, their ratio, uploads per second of a 1 KB image, and the
 * server's peak resident memory.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { ensureSuperAdmin } from '../apps/server/src/setup/super-admin.js';

const ADMINS = 10_000;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 18_765);
const BASE = `http://127.0.0.1:${PORT}`;

async function seed(databaseUrl: string): Promise<string> {
  const db = await openDatabase(databaseUrl, 'ba_');
  try {
    await migrateToLatest(db);
    const password = (await ensureSuperAdmin(db)) ?? '';
    const hash = await hashPassword('bench-password');
    const now = Math.floor(Date.now() / 1000);
    for (let start = 0; start < ADMINS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        username: `user${start + i}`,
        nickname: `Bench user ${start + i}`,
        password: hash,
        create_time: now,
      }));
      await db.kysely.insertInto('admin').values(rows).execute();
    }
    return password;
  } finally {
    await db.close();
  }
}

/** The server as `npm start` runs it; BENCH_NODE_FLAGS adds Node flags, e.g. `--cpu-prof`. */
function startServer(env: NodeJS.ProcessEnv) {
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  // Heap flags as in `npm start` (package.json). A smaller young generation keeps memory
  // under load about 12 MiB lower; a bounded old generation (1 GiB, far above what the server
  // uses) makes V8 collect before growing, where its default limit, sized from the machine's
  // memory, let the server reach over 200 MiB under this load (about 130 MiB with the bound,
  // at the same throughput).
  return spawn(
    process.execPath,
    [
      '--max-semi-space-size=8',
      '--max-old-space-size=1024',
      ...flags,
      resolve('scripts/server.mjs'),
      'start',
    ],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function run(
  title: string,
  path: string,
  headers: Record<string, string> = {},
  extra: Partial<autocannon.Options> = {},
) {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: 10,
    duration: DURATION_SECONDS,
    headers,
    ...extra,
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${title}: ${result.requests.average.toFixed(0)} req/s (p99 ${result.latency.p99} ms, errors ${bad})`,
  );
  if (bad > 0) throw new Error(`${title}: ${bad} failed requests`);
  return result.requests.average;
}

/** A 1 KB PNG (a 1×1 image with random trailing bytes) as a multipart body. */
function uploadBody(boundary: string): Buffer {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
    'hex',
  );
  const image = Buffer.concat([png, randomBytes(1024 - png.length)]);
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * The server process: `npm start` runs it as the child of a small supervisor, whose own memory
 * is not the server's (it is reported apart).
 */
function serverPid(supervisorPid: number): number {
  const children = readFileSync(`/proc/${supervisorPid}/task/${supervisorPid}/children`, 'utf8');
  const pid = Number(children.trim().split(/\s+/)[0]);
  if (!pid) throw new Error('the supervisor runs no server process');
  return pid;
}

/** Peak resident set size (VmHWM) of a process, in MiB. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
  const databaseUrl = `sqlite:${join(dataDir, 'bench.sqlite')}`;
  console.log(`seeding ${ADMINS} administrators…`);
  const password = await seed(databaseUrl);
  const server = startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    ADMIN_LOGIN_CAPTCHA: '0',
  });
  try {
    await waitForHealth();
    const pid = serverPid(server.pid ?? 0);
    const login = await fetch(`${BASE}/admin/index/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = ((await login.json()) as { data: { userInfo: { token: string } } }).data.userInfo.token;
    const listPath = '/admin/auth.Admin/index?page=1&limit=10&quickSearch=user12';
    const check = (await (await fetch(`${BASE}${listPath}`, { headers: { batoken: token } })).json()) as {
      code: number;
      data: { total: number };
    };
    if (check.code !== 1 || check.data.total === 0)
      throw new Error('the admin list did not answer as expected');

    const health = await run('health          ', '/health');
    const list = await run('admin list (auth)', listPath, { batoken: token });
    // The memory target is about serving pages; uploads (next) hold file buffers on top.
    const peak = peakRssMiB(pid);
    const boundary = 'portico-bench-boundary';
    await run(
      'upload 1 KB image',
      '/admin/ajax/upload',
      { batoken: token },
      {
        method: 'POST',
        headers: { batoken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        // A different image every time, so each upload is stored rather than counted again.
        requests: [{ setupRequest: (request) => ({ ...request, body: uploadBody(boundary) }) }],
      },
    );
    const ratio = list / health;
    console.log(`ratio list/health: ${(ratio * 100).toFixed(1)}% (target >= 25%)`);
    console.log(`server peak RSS, health and list: ${peak.toFixed(1)} MiB (target < 200 MiB)`);
    const afterUploads = peakRssMiB(pid);
    console.log(`server peak RSS, including uploads: ${afterUploads.toFixed(1)} MiB`);
    console.log(`supervisor peak RSS: ${peakRssMiB(server.pid ?? 0).toFixed(1)} MiB`);
    if (ratio < 0.25 || peak >= 200) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
