/**
 * `npm run size`: the bytes the server really sends for the first load of /admin/login:
 * the page, the entry chunk, the chunks loaded lazily on that first visit (the login view and
 * the default language) and everything they import statically, with their CSS, each file once
 * (from the Vite manifest). They are requested from the real server (`scripts/server.mjs
 * start` on a scratch SQLite database, serving apps/web/dist) with a browser's
 * `Accept-Encoding`, and counted as sent: compressed, as the server chose. Also the total a
 * browser gets over plain http from another machine, where it accepts no brotli.
 * Budget (with brotli): 180 KB (1 KB = 1024 bytes), with whatever modules are installed in the
 * checkout built. Exits 1 when over budget.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './build-web.mjs';

const BUDGET_KB = 180;
/** What a browser accepts over https or on localhost (Chromium: `gzip, deflate, br, zstd`). */
const ACCEPT_ENCODING = 'br, gzip';
/** What Chromium accepts over plain http from another machine: no brotli there. */
const ACCEPT_ENCODING_PLAIN_HTTP = 'gzip, deflate';
/** Loaded lazily, but every first visit of /admin/login needs them: the view and the default language. */
const LAZY_NEEDS = ['src/views/backend/login.tsx', 'src/lang/zh-cn/index.ts'];
const PAGE = '/admin/login';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');

const buildSeconds = await ensureWebBuilt();
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const keys = Object.keys(manifest);
const entries = keys.filter((key) => manifest[key].isEntry);
for (const need of LAZY_NEEDS) {
  const key = keys.find((k) => k === need);
  if (key) entries.push(key);
  else console.warn(`${need} is not a chunk of its own; it is counted with the chunk that holds it.`);
}

/** The files of some chunks and everything they import statically, with their CSS. */
function filesOf(roots) {
  const found = new Set();
  const visit = (key, seen) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    found.add(chunk.file);
    for (const css of chunk.css ?? []) found.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, seen);
  };
  for (const root of roots) visit(root, new Set());
  return found;
}
const files = filesOf(entries);
const entryOnly = filesOf(entries.filter((key) => manifest[key].isEntry));

/** A loopback port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Status, encoding and the body's length as it came over the wire (never decompressed). */
function request(base, path, accept, acceptEncoding = ACCEPT_ENCODING) {
  return new Promise((resolve, reject) => {
    const headers = { accept, 'accept-encoding': acceptEncoding };
    get(`${base}${path}`, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes,
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** `npm start` on a scratch database, serving apps/web/dist; answers its base URL and a stop function. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-size-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/server.mjs'), 'start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    // Its stdout is the new administrator's password: not for this report.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before it answered`);
    }
    try {
      if ((await request(base, '/health', 'application/json')).status === 200) return { base, stop };
    } catch {
      // not listening yet
    }
    if (tries > 300) {
      await stop();
      throw new Error('the server did not answer /health within a minute');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Per file (the page by its path): the bytes sent and their encoding. */
async function firstLoad(base, acceptEncoding) {
  const sent = new Map();
  for (const [name, path, accept] of [
    [PAGE, PAGE, 'text/html'],
    ...[...files].map((file) => [file, `/${file}`, '*/*']),
  ]) {
    const answer = await request(base, path, accept, acceptEncoding);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    sent.set(name, answer);
  }
  return sent;
}

const server = await startServer();
let sent;
let sentPlainHttp;
try {
  sent = await firstLoad(server.base, ACCEPT_ENCODING);
  sentPlainHttp = await firstLoad(server.base, ACCEPT_ENCODING_PLAIN_HTTP);
} finally {
  await server.stop();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;
const sum = (names, answers = sent) =>
  [...names].reduce((total, name) => total + (answers.get(name)?.bytes ?? 0), 0);
for (const [name, { bytes, encoding }] of [...sent].sort(([a], [b]) => a.localeCompare(b)))
  console.log(`${kb(bytes)}  ${encoding.padEnd(8)}  ${name}`);
const unencoded = [...sent.values()].filter(({ encoding }) => encoding === 'identity').length;
if (unencoded > 0)
  console.log(`${unencoded} of ${sent.size} files came uncompressed (the build leaves files under 1 KB so).`);
console.log(`${kb(sum(entryOnly))}  entry, its static imports and CSS alone`);
const total = sum(sent.keys());
console.log(
  `${kb(total)}  total sent for ${PAGE}, page included, Accept-Encoding: ${ACCEPT_ENCODING} (budget ${BUDGET_KB} KB)`,
);
console.log(
  `${kb(sum(sentPlainHttp.keys(), sentPlainHttp))}  the same with Accept-Encoding: ${ACCEPT_ENCODING_PLAIN_HTTP} (Chromium over plain http, not on localhost)`,
);
if (buildSeconds !== null) console.log(`production build time: ${buildSeconds.toFixed(1)} s`);
if (total / 1024 > BUDGET_KB) {
  console.error('Over budget.');
  process.exitCode = 1;
}
