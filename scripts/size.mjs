/**
 * `npm run size`: the gzipped JS and CSS the first load of /admin/login needs, from the
 * Vite manifest: the entry chunk, the chunks loaded lazily on that first visit (the login
 * view and the default language) and everything they import statically,
 * each file once. Budget: 250 KB (1 KB = 1024 bytes).
 * Exits 1 when over budget.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureWebBuilt } from './build-web.mjs';

const BUDGET_KB = 180;
/** Loaded lazily, but every first visit of /admin/login needs them: the view and the default language. */
const LAZY_NEEDS = ['src/views/backend/login.tsx', 'src/lang/zh-cn/index.ts'];
const dist = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

const buildSeconds = await ensureWebBuilt();
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const keys = Object.keys(manifest);
const entries = keys.filter((key) => manifest[key].isEntry);
for (const need of LAZY_NEEDS) {
  const key = keys.find((k) => (typeof need === 'string' ? k === need : need.test(k)));
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

const gzipped = new Map(
  [...files].map((file) => [file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length]),
);
const sum = (set) => [...set].reduce((total, file) => total + (gzipped.get(file) ?? 0), 0) / 1024;
for (const [file, bytes] of [...gzipped].sort())
  console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${file}`);
console.log(`${sum(entryOnly).toFixed(1).padStart(8)} KB  entry, its static imports and CSS alone`);
const totalKb = sum(files);
console.log(`${totalKb.toFixed(1).padStart(8)} KB  total gzipped for /admin/login (budget ${BUDGET_KB} KB)`);
if (buildSeconds !== null) console.log(`production build time: ${buildSeconds.toFixed(1)} s`);
if (totalKb > BUDGET_KB) {
  console.error('Over budget.');
  process.exitCode = 1;
}
