/**
 * `npm run first-paint`: how long a first-time visitor waits for the sign-in form. The real
 * server (`scripts/server.mjs start`, building the web app when stale) runs on a scratch
 * SQLite database; headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium, else the headless
 * shell) opens /admin/login and /user/login in five fresh browser contexts each (no cache, no
 * storage: a cold load) and times, from the navigation's start, the first frame in which the
 * account input is on screen: laid out and not covered by the loading overlay of index.html
 * (on both pages, the form drawn at build time, which takes what is typed:
 * apps/web/build/prerender-sign-in.ts).
 * Each context gets a second to finish its own set-up before the visit starts. Prints each
 * time, the median and the worst, when the HTML was in, when the document could first run a
 * script (medians: the browser's own part, before any of the app's code) and when the app's
 * own form replaced a drawn one, and the JS and CSS each load fetched (bytes as sent).
 *
 * The server answers one unmeasured visit of each page first: its own first-request warm-up
 * is not what a visitor's browser costs. Figures depend on the machine and its load.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { ensureWebBuilt } from './build-web.mjs';

const RUNS = 5;
const PAGES = ['/admin/login', '/user/login'];
/** What the issue asks of a quiet machine. */
const TARGET_MS = 500;
/** How long a fresh context is left to finish setting itself up before the visit. */
const SETTLE_MS = 1000;

/**
 * Runs in the page before its own scripts: notes when the document could first run a script
 * (the browser's own set-up of the page before it, which no code of ours shortens), checks each
 * frame whether the account input is drawn where the visitor sees it (the element at its
 * centre is the input, not the overlay) and keeps the time of the first such frame, and of the
 * first in which it is the app's (a page drawn at build time, `#drawn`, is gone). A string, as
 * Chromium receives it.
 */
const WATCH_FORM = `(() => {
  window.__documentAt = performance.now();
  const check = () => {
    const input = document.getElementById('username');
    if (input) {
      const box = input.getBoundingClientRect();
      const hit = box.width > 0 && document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (hit === input) {
        window.__formVisibleAt ??= performance.now();
        if (!document.getElementById('drawn')) {
          window.__appFormAt = performance.now();
          return;
        }
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * The full browser, as a visitor has, when it is installed; else the browser tests' headless
 * shell (the same Blink and V8, less of the browser's own machinery: a figure for a real
 * browser's first frame is then a little flattering, so the run says which it used).
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));
if (!CHROMIUM) {
  console.error('No Chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

await ensureWebBuilt();
// The browser tests' server: a fresh database in a temporary folder, removed at the end.
const { startServer } = await import('../e2e/support/server.js');
const server = await startServer();
// A browser that does not start must not leave the server running (the script never ended).
const browser = await chromium
  .launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  .catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });

/** One cold visit's milliseconds from the navigation's start, and the JS and CSS bytes fetched. */
interface Visit {
  /** The form showed. */
  ms: number;
  /** The app's own form showed (the same frame, unless the page was drawn at build time). */
  appAt: number;
  /** The HTML was in. */
  htmlAt: number;
  /** The document could run its first script. */
  documentAt: number;
  bytes: number;
}

async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: WATCH_FORM });
    const page = await context.newPage();
    // Chromium sets a new context up (a window and its own renderers) for a while after
    // newPage resolves: on 2 cores that took CPU from the page, which a visitor's browser,
    // already open, does not (medians 970-1,100 ms against 630-810 with the wait).
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const sent: Promise<number>[] = [];
    let counting = true;
    page.on('requestfinished', (request) => {
      if (counting && /\.(js|css)$/.test(new URL(request.url()).pathname))
        sent.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as { __appFormAt?: number }).__appFormAt, null, {
      timeout: 30_000,
      polling: 50,
    });
    // Everything the load fetches is in (the app's code may come after a drawn form showed).
    await page.waitForLoadState('networkidle');
    counting = false;
    // A string, as WATCH_FORM: the page's types (navigation timing) are the browser's.
    const {
      ms,
      appAt,
      htmlAt = Number.NaN,
      documentAt = Number.NaN,
    } = (await page.evaluate(
      "({ ms: window.__formVisibleAt, appAt: window.__appFormAt, htmlAt: performance.getEntriesByType('navigation')[0]?.responseEnd, documentAt: window.__documentAt })",
    )) as Pick<Visit, 'ms' | 'appAt'> & Partial<Pick<Visit, 'htmlAt' | 'documentAt'>>;
    const bytes = (await Promise.all(sent)).reduce((total, size) => total + size, 0);
    return { ms, appAt, htmlAt, documentAt, bytes };
  } finally {
    await context.close();
  }
}

const format = (ms: number) => `${Math.round(ms)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** How busy the machine was: the times are only comparable at a similar load. */
const load = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
try {
  console.log(`Browser: ${CHROMIUM}`);
  console.log(`Before: ${load()}`);
  for (const path of PAGES) {
    await visit(path);
    const runs: Visit[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await visit(path));
    const worst = Math.max(...runs.map((r) => r.ms));
    const kb = ((runs[0]?.bytes ?? 0) / 1024).toFixed(1);
    console.log(`${path}: ${runs.map((r) => format(r.ms)).join(', ')}`);
    console.log(
      `  median ${format(median(runs.map((r) => r.ms)))}, worst ${format(worst)} (target: under ${TARGET_MS} ms on a quiet machine)`,
    );
    // A slow machine shows first in the browser's own part: a renderer started, a page set up.
    console.log(
      `  medians: the HTML in at ${format(median(runs.map((r) => r.htmlAt)))}, its first script could run at ${format(median(runs.map((r) => r.documentAt)))}, the app's own form at ${format(median(runs.map((r) => r.appAt)))}`,
    );
    console.log(`  JS and CSS fetched (first run): ${kb} KB as sent`);
  }
  console.log(`After: ${load()}`);
} finally {
  await browser.close();
  await server.stop();
}
