/**
 * A Vite build plugin: the sign-in pages drawn at build time (src/prerender.tsx), so a cold
 * /admin/login or /user/login shows its form as soon as the HTML and its stylesheets are in, before
 * the browser has fetched, compiled and run the app's 500 KB of JavaScript. Cold loads of the
 * builds taking turns on a 2-core machine (medians of ten, load average 4-6): the form showed at
 * 860 ms drawn by the app, at 369 ms drawn in the HTML, and the app's own form replaced it at
 * 809 ms.
 *
 * Each page is drawn as a first-time visitor's browser draws it: the default language, light.
 * Anyone whose stored settings differ sees the loading overlay over it, as on every other page,
 * until the app draws theirs (index.html's first script marks the stored language and theme).
 * The drawn form is live; the app's takes over what was typed there when it is committed
 * (components/login/drawn-form.ts).
 *
 * The members' page names the site, which only the server knows: it is drawn with a mark the
 * server replaces, and drawn as it looks while the member centre is open (the server answers
 * index.html while it is closed).
 *
 * The pages go in `.vite/` (never served as a file) with a list the server reads
 * (apps/server/src/features/web/web-build.ts): address → page.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
// By path: Vite loads its config's imports from node_modules (the package's link) as plain Node,
// which takes no TypeScript.
import { type DrawnPage, PRERENDERED_LIST, SITE_NAME_MARK } from '../../../packages/shared/src/web-build.ts';
import { DRAWN_ATTRIBUTE, DRAWN_PAGE_ID, SUBMITTED_ATTRIBUTE } from '../src/components/login/drawn-form.ts';
import type { Prerendered } from '../src/prerender.tsx';
import { ADMIN_INFO_STORAGE_KEY } from '../src/stores/storage-keys.ts';
import { compressBeside } from './precompress.ts';
import { chunkOf, filesOf, PRELOAD_SCRIPT_START, type Preloads, SIGN_IN_PAGES } from './sign-in-preload.ts';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'src/prerender.tsx';

type Prerender = Record<'prerenderAdminLogin' | 'prerenderUserLogin', () => Promise<Prerendered>>;

/**
 * Each drawn page: its address, file, what draws it and the script its head runs first (before
 * the overlay is hidden), which marks the document `data-not-drawn` when this visitor's page is
 * not the drawn one: the overlay then stays until the app draws theirs.
 */
const PAGES: {
  path: string;
  file: string;
  draw: keyof Prerender;
  whileMemberCentreOpen?: boolean;
  notTheirs: string;
}[] = [
  {
    path: '/admin/login',
    file: '.vite/pages/admin-login.html',
    draw: 'prerenderAdminLogin',
    // An administrator already signed in (a token stored under the admin store's key,
    // src/stores/admin-info.ts) is sent on by the app: no sign-in form meanwhile.
    notTheirs: `JSON.parse(localStorage.getItem('${ADMIN_INFO_STORAGE_KEY}') || '{}').state.token`,
  },
  {
    path: '/user/login',
    file: '.vite/pages/user-login.html',
    draw: 'prerenderUserLogin',
    whileMemberCentreOpen: true,
    // `?type=register` opens the register tab, which the build did not draw.
    notTheirs: `new URLSearchParams(location.search).get('type') === 'register'`,
  },
];

/**
 * The entry built for Node, loaded, and asked for each page in turn (before its folder goes: the
 * language packs are chunks of their own, imported as a page is drawn).
 */
async function drawPages(
  mode: string,
  moduleSideEffects: (id: string) => boolean,
): Promise<Map<keyof Prerender, Prerendered>> {
  const out = await mkdtemp(join(tmpdir(), 'portico-prerender-'));
  try {
    await build({
      root: WEB,
      // Not the app's config: its plugins (this one among them) are for the browser's build.
      configFile: false,
      mode,
      logLevel: 'warn',
      plugins: [react()],
      // Bundled whole, packages too: Node cannot import antd's ES modules on its own.
      ssr: { noExternal: true },
      build: {
        ssr: ENTRY,
        outDir: out,
        emptyOutDir: false,
        minify: false,
        rolldownOptions: { treeshake: { moduleSideEffects } },
      },
    });
    const prerender: Prerender = await import(pathToFileURL(join(out, 'prerender.js')).href);
    const drawn = new Map<keyof Prerender, Prerendered>();
    for (const { draw } of PAGES) drawn.set(draw, await prerender[draw]());
    return drawn;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * The drawn page's script: the document marked when the visitor's page is not the drawn one
 * (`notTheirs`), and a submission of the drawn form held back until the app runs (a native one
 * would put the password in the address), noted for the app's form, which sends it
 * (drawn-form.ts).
 */
const drawnPageScript = (notTheirs: string) => `try {
  if (${notTheirs}) document.documentElement.dataset.notDrawn = '';
} catch (e) {}
document.addEventListener('submit', function (event) {
  if (!event.target.hasAttribute('${DRAWN_ATTRIBUTE}')) return;
  event.preventDefault();
  event.target.setAttribute('${SUBMITTED_ATTRIBUTE}', '');
}, true);`;

/**
 * The page's own stylesheets beyond index.html's. The app adds them as its code loads; the drawn
 * page links them in its head, where they hold the first paint until they are in: otherwise
 * the form could show unstyled for a moment.
 */
function pageStylesheets(bundle: Rolldown.OutputBundle, path: string): string[] {
  const entry = Object.values(bundle).find(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry,
  );
  const loaded = new Set<string>();
  const entryFiles: Preloads = { js: [], css: [] };
  if (entry) filesOf(bundle, entry, loaded, entryFiles);
  const files: Preloads = { js: [], css: [] };
  for (const source of SIGN_IN_PAGES[path]?.sources ?? []) {
    const chunk = chunkOf(bundle, source);
    if (!chunk) throw new Error(`prerender-sign-in: no chunk holds ${source}`);
    filesOf(bundle, chunk, loaded, files);
  }
  return files.css.filter((css) => !entryFiles.css.includes(css));
}

/**
 * index.html without what asks for the app's code at once: its `modulepreload` links and the
 * sign-in preload script. Fetched and compiled while the drawn page was parsed and laid out, that
 * code held its first paint back on a 2-core machine; without them, cold loads of the two
 * taking turns (medians of ten): the form showed at 369 ms instead of 529, and the app took
 * it over at 809 ms instead of 860 (the entry's own imports are requested as it loads).
 */
function withoutPreloads(index: string): string {
  const start = index.indexOf(`<script>${PRELOAD_SCRIPT_START}`);
  if (start < 0) throw new Error('prerender-sign-in: index.html has no sign-in preload script');
  const end = index.indexOf('</script>', start) + '</script>'.length;
  return `${index.slice(0, start)}${index.slice(end)}`.replace(
    /[ \t]*<link rel="modulepreload"[^>]*>\n?/g,
    '',
  );
}

/**
 * index.html with the page in `#drawn` before the empty `#app`, antd's styles and the page's
 * stylesheets in the head. The overlay stays, hidden where the page is what the visitor would
 * see: no dark mode, their language the drawn one, the drawn page theirs (`notTheirs`). The
 * scripts and antd's styles go after index.html's first script (which marks the theme and
 * language), before its stylesheet links, after which a script would
 * wait for them, and as antd puts its styles first; the page's stylesheets go last, as the app
 * adds them.
 */
function pageHtml(index: string, page: Prerendered, stylesheets: string[], notTheirs: string): string {
  const drawnFor = `html:not(.dark):not([data-not-drawn]):is(:not([data-lang]), [data-lang="${page.lang}"])`;
  const firstScriptEnd = index.indexOf('</script>') + '</script>'.length;
  const app = index.indexOf('<div id="app"></div>');
  const headEnd = index.indexOf('</head>');
  if (firstScriptEnd < '</script>'.length || headEnd < firstScriptEnd || app < headEnd) {
    throw new Error('prerender-sign-in: index.html has no first script in its head and no empty #app');
  }
  const early = [
    `<script>${drawnPageScript(notTheirs)}</script>`,
    // The drawn page stands where the app's will (index.css sizes #app), which is empty till then.
    `<style>#${DRAWN_PAGE_ID} { height: 100%; } #app:empty { display: none; } ${drawnFor} #block-loading { display: none; }</style>`,
    page.styles,
  ].join('\n');
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">\n`).join('');
  return [
    index.slice(0, firstScriptEnd),
    `\n${early}`,
    index.slice(firstScriptEnd, headEnd),
    links,
    index.slice(headEnd, app),
    `<div id="${DRAWN_PAGE_ID}">${page.html}</div><div id="app"></div>`,
    index.slice(app + '<div id="app"></div>'.length),
  ].join('');
}

export function prerenderSignIn(moduleSideEffects: (id: string) => boolean): Plugin {
  let mode = 'production';
  return {
    name: 'portico-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    // Before precompress (order 'post'), which compresses nothing in the hidden `.vite/`: the
    // pages are compressed here, for the server to send as they are, but for one that names the
    // site, which the server compresses once it has written the site's name in.
    writeBundle: {
      sequential: true,
      async handler(options, bundle) {
        if (!options.dir) return;
        const index = withoutPreloads(await readFile(join(options.dir, 'index.html'), 'utf8'));
        const drawn = await drawPages(mode, moduleSideEffects);
        await mkdir(join(options.dir, '.vite/pages'), { recursive: true });
        const list: Record<string, DrawnPage> = {};
        for (const { path, file, draw, whileMemberCentreOpen, notTheirs } of PAGES) {
          const page = drawn.get(draw);
          if (!page) throw new Error(`prerender-sign-in: ${path} was not drawn`);
          const html = pageHtml(index, page, pageStylesheets(bundle, path), notTheirs);
          await writeFile(join(options.dir, file), html);
          if (!html.includes(SITE_NAME_MARK)) await compressBeside(join(options.dir, file));
          list[path] = { file, whileMemberCentreOpen };
        }
        await writeFile(join(options.dir, PRERENDERED_LIST), JSON.stringify(list));
      },
    },
  };
}
