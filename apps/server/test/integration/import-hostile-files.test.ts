/**
 * Files made to stop the server, uploaded to `importPreview` and `import` of a real server
 * process started as `npm start` starts it (the supervisor, the bundled server, its memory
 * flags), so a crash is a crash: a relationship id that would backtrack as a pattern, a sheet
 * of unclosed tags, forty parts that unpack to 2.4 GB, and a large but valid CSV. Each is
 * answered with a clear refusal (or, the valid one, read), `/health` answers within a second
 * throughout, and the server is still up afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { craftedRelationshipId, manyLargeParts, unclosedTags } from '../support/hostile-workbooks.js';
import { multipart } from '../support/multipart.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

/** The memory flags of `npm start` (package.json), which the supervisor hands to the server. */
const START_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
const HEALTH_BOUND_MS = 1000;
const HEALTH_EVERY_MS = 100;

let server: ServerProcess | undefined;
let token = '';

beforeAll(async () => {
  server = await startServerProcess({}, { supervised: true, nodeFlags: START_FLAGS });
  const res = await fetch(`${server.baseUrl}/admin/index/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', server: 'true' },
    body: JSON.stringify({ username: 'admin', password: server.adminPassword }),
  });
  token = ((await res.json()) as { data: { userInfo: { token: string } } }).data.userInfo.token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Polls /health until stopped; answers the slowest answer's time (a failed one counts as endless). */
function watchHealth(baseUrl: string) {
  let stopped = false;
  let slowest = 0;
  const polling = (async () => {
    while (!stopped) {
      const started = performance.now();
      const ok = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(30_000) })
        .then((res) => res.ok)
        .catch(() => false);
      slowest = Math.max(slowest, ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    return slowest;
  };
}

async function upload(action: 'importPreview' | 'import', file: { name: string; bytes: Buffer }) {
  if (!server) throw new Error('not started');
  const { payload, headers } = multipart(
    { type: 'application/octet-stream', ...file },
    action === 'import' ? { mapping: '["username"]' } : {},
  );
  const res = await fetch(`${server.baseUrl}/admin/user.User/${action}`, {
    method: 'POST',
    headers: { ...headers, batoken: token, server: 'true', 'think-lang': 'en' },
    body: payload,
    signal: AbortSignal.timeout(60_000),
  });
  return (await res.json()) as { code: number; msg: string; data?: { total?: number } };
}

async function expectRefusedWhileHealthy(file: { name: string; bytes: Buffer }, message: string) {
  if (!server) throw new Error('not started');
  for (const action of ['importPreview', 'import'] as const) {
    const slowest = watchHealth(server.baseUrl);
    const answer = await upload(action, file);
    expect({ action, answer, slowestHealthMs: await slowest() }).toEqual({
      action,
      answer: expect.objectContaining({ code: 0, msg: message }),
      slowestHealthMs: expect.toSatisfy((ms: number) => ms < HEALTH_BOUND_MS),
    });
  }
  expect(server.exited()).toBeNull();
  expect((await fetch(`${server.baseUrl}/health`)).ok).toBe(true);
}

it('refuses a relationship id made to backtrack, without stopping anyone', async () => {
  const bytes = craftedRelationshipId();
  await expectRefusedWhileHealthy({ name: 'rels.xlsx', bytes }, 'The file could not be read as CSV or Excel');
}, 180_000);

it('refuses a sheet of unclosed tags, without stopping anyone', async () => {
  const bytes = unclosedTags();
  expect(bytes.length).toBeLessThan(2048);
  await expectRefusedWhileHealthy({ name: 'tags.xlsx', bytes }, 'The file could not be read as CSV or Excel');
}, 180_000);

it('refuses forty parts that unpack to 2.4 GB, and the server lives on', async () => {
  const bytes = manyLargeParts();
  expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
  await expectRefusedWhileHealthy({ name: 'bomb.xlsx', bytes }, 'The file is too large to import');
}, 180_000);

it('reads a large valid CSV without holding up other requests', async () => {
  if (!server) throw new Error('not started');
  // 2,000 rows of wide cells: just under the 5 MiB an upload may be.
  const cell = 'x'.repeat(2400);
  const lines = ['username,nickname', ...Array.from({ length: 2000 }, (_, i) => `big_${i},${cell}`)];
  const bytes = Buffer.from(lines.join('\r\n'));
  const slowest = watchHealth(server.baseUrl);
  const answer = await upload('importPreview', { name: 'big.csv', bytes });
  expect({ code: answer.code, total: answer.data?.total, slowestHealthMs: await slowest() }).toEqual({
    code: 1,
    total: 2000,
    slowestHealthMs: expect.toSatisfy((ms: number) => ms < HEALTH_BOUND_MS),
  });
}, 120_000);
