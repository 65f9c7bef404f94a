/**
 * A Vite build plugin: index.html asks for a sign-in page's code at once, before the app's
 * own code has run. The page and its language pack are loaded lazily (src/main.tsx), so without
 * this their files were requested only once the entry had been fetched and run: a second round
 * of requests, 0.4 s of a cold sign-in on a loaded machine. A small inline script (allowed by its
 * hash, which the server computes from index.html) reads the address and the stored language
 * and adds `<link rel="modulepreload">` for that page's files only; other pages get nothing.
 * It goes after the entry's own preloads (HTTP/1.1 fetches six files at a time: the entry's first)
 * and before the stylesheet (a script after a stylesheet link runs only once that sheet is in).
 */
import type { Plugin, Rolldown } from 'vite';
import { CONFIG_STORAGE_KEY } from '../src/stores/storage-keys.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The sign-in pages (src/router/sign-in-pages.ts): each one's view, what else it loads before it
 * draws (the member page: the modules' registry, for their texts), its language packs and
 * whether the modules' packs too (the registry asks for those only once it has run: a round
 * of requests after the others, 0.1 s of a cold member sign-in).
 */
export const SIGN_IN_PAGES: Record<string, { sources: string[]; packs: string[]; modulePacks?: boolean }> = {
  '/admin/login': { sources: ['src/views/backend/login.tsx'], packs: ['index'] },
  '/user/login': {
    sources: ['src/views/frontend/user/login.tsx', 'src/module-contract/registry.ts'],
    packs: ['index', 'frontend'],
    modulePacks: true,
  },
};
const REGISTRY = 'src/module-contract/registry.ts';
const LANGS = ['zh-cn', 'en'];

export interface Preloads {
  js: string[];
  css: string[];
}

/** The chunk that holds a source file (a lazily loaded one may share a chunk with others). */
export function chunkOf(bundle: OutputBundle, source: string): OutputChunk | undefined {
  const holds = (id: string) => id.replaceAll('\\', '/').endsWith(`/${source}`);
  return Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && file.moduleIds.some(holds),
  );
}

/**
 * The chunks of the modules' language packs in `lang` (an area's or module's `lang/<lang>.ts`
 * or `lang/<lang>/…`), which the registry's entries import lazily.
 */
function modulePackChunks(bundle: OutputBundle, lang: string): OutputChunk[] {
  const registry = chunkOf(bundle, REGISTRY);
  if (!registry) throw new Error(`sign-in-preload: no chunk holds ${REGISTRY}`);
  const pack = new RegExp(`/(areas|modules)/[^/]+/lang/${lang}(\\.ts|/)`);
  return registry.dynamicImports
    .map((file) => bundle[file])
    .filter(
      (file): file is OutputChunk =>
        file?.type === 'chunk' && file.moduleIds.some((id) => pack.test(id.replaceAll('\\', '/'))),
    );
}

/** A chunk's file and everything it imports statically, with their CSS, less what `skip` holds. */
export function filesOf(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, into: Preloads): void {
  const visit = (file: string) => {
    const found = bundle[file];
    if (skip.has(file) || found?.type !== 'chunk') return;
    skip.add(file);
    into.js.push(`/${file}`);
    for (const css of found.viteMetadata?.importedCss ?? []) into.css.push(`/${css}`);
    for (const imported of found.imports) visit(imported);
  };
  visit(chunk.fileName);
}

/** How the inline script begins: a page drawn at build time leaves it out (prerender-sign-in.ts). */
export const PRELOAD_SCRIPT_START = '(function preloadSignInPage() {';

/** The inline script: the current page's files, and its packs in the stored language. */
function script(pages: Record<string, Preloads & { packs: Record<string, string[]> }>): string {
  return `${PRELOAD_SCRIPT_START}
  var pages = ${JSON.stringify(pages)};
  var page = pages[location.pathname.replace(/\\/+$/, '').toLowerCase()];
  if (!page) return;
  var lang = 'zh-cn';
  try {
    lang = JSON.parse(localStorage.getItem('${CONFIG_STORAGE_KEY}') || '{}').state.lang.defaultLang || lang;
  } catch (e) {}
  function add(rel, href) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (rel === 'preload') link.as = 'style';
    document.head.appendChild(link);
  }
  page.js.concat(page.packs[lang] || []).forEach(function (href) { add('modulepreload', href); });
  page.css.forEach(function (href) { add('preload', href); });
})();`;
}

export function signInPreload(): Plugin {
  return {
    name: 'portico-sign-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        // What the entry loads already (index.html names it and its static imports).
        const loaded = new Set<string>();
        filesOf(bundle, entry as OutputChunk, loaded, { js: [], css: [] });
        const pages: Record<string, Preloads & { packs: Record<string, string[]> }> = {};
        for (const [path, { sources, packs, modulePacks }] of Object.entries(SIGN_IN_PAGES)) {
          const files: Preloads = { js: [], css: [] };
          const skip = new Set(loaded);
          for (const source of sources) {
            const chunk = chunkOf(bundle, source);
            if (!chunk) throw new Error(`sign-in-preload: no chunk holds ${source}`);
            filesOf(bundle, chunk, skip, files);
          }
          const byLang: Record<string, string[]> = {};
          for (const lang of LANGS) {
            const langFiles: Preloads = { js: [], css: [] };
            const skip = new Set([...loaded, ...files.js.map((file) => file.slice(1))]);
            for (const pack of packs) {
              const packChunk = chunkOf(bundle, `src/lang/${lang}/${pack}.ts`);
              if (packChunk) filesOf(bundle, packChunk, skip, langFiles);
            }
            if (modulePacks)
              for (const packChunk of modulePackChunks(bundle, lang))
                filesOf(bundle, packChunk, skip, langFiles);
            byLang[lang] = langFiles.js;
          }
          pages[path] = { ...files, packs: byLang };
        }
        const tag = `<script>${script(pages)}</script>\n    `;
        const at = html.search(/<link rel="stylesheet"|<\/head>/);
        return `${html.slice(0, at)}${tag}${html.slice(at)}`;
      },
    },
  };
}
