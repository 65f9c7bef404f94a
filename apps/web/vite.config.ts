/**
 * The SPA is served by the Portico server at the same origin. In development (`npm run dev
 * -w @portico/web`) API calls are proxied to a server on 127.0.0.1:8000, while page loads
 * (requests accepting HTML) stay with Vite, as the server does for the built app.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { modulePackGroup } from './build/module-packs.ts';
import { precompress } from './build/precompress.ts';
import { prerenderSignIn } from './build/prerender-sign-in.ts';
import { signInPackages, signInPackagesGroup, VENDOR_CORE } from './build/sign-in-packages.ts';
import { signInPreload } from './build/sign-in-preload.ts';

const api: ProxyOptions = {
  target: 'http://127.0.0.1:8000',
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/** npm packages the sign-in page itself needs in full: React, i18n, the state layer, antd's styling engine and utilities. */
const EVERY_PAGE_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-i18next',
  'i18next',
  'zustand',
  '@ant-design/cssinjs',
  '@ant-design/cssinjs-utils',
  '@ant-design/colors',
  '@ant-design/fast-color',
  '@emotion/hash',
  '@emotion/unitless',
  'stylis',
  '@babel/runtime',
  '@rc-component/util',
  'rc-util',
  'classnames',
  'clsx',
];

/**
 * Many of antd's dependencies do not declare themselves free of side effects, so importing one
 * export kept whole packages (antd's Input kept the form engine). Packages here only define
 * things on import; their CSS files are the exception.
 */
const moduleSideEffects = (id: string) => !/node_modules[\\/]/.test(id) || id.endsWith('.css');

/** Modules inside any of `names` (an npm package folder; either path separator). */
function packages(names: string[]): RegExp {
  const escaped = names.map((name) => name.replace(/[.]/g, '\\.').replace('/', '[\\\\/]'));
  return new RegExp(`node_modules[\\\\/](${escaped.join('|')})[\\\\/]`);
}

export default defineConfig({
  // signInPackages: surveys which package modules the sign-in pages need (see the groups);
  // signInPreload: a cold sign-in page asks for its files while index.html is parsed;
  // prerenderSignIn: /admin/login drawn in its HTML, which the server sends for that address;
  // precompress: brotli and gzip copies beside each file, which the server sends as they are.
  plugins: [react(), signInPackages(), signInPreload(), prerenderSignIn(moduleSideEffects), precompress()],
  build: {
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: {
        // The packages every page loads whole, in one chunk of their own. Left to the
        // bundler, each new lazy part (a page slot's, say) regrouped them into more, smaller
        // shared chunks, and the sign-in page's gzipped first load grew with the file count
        // (one slot part cost 1.6 KB of its 250 KB budget without adding a module to it).
        // The other package modules of the sign-in pages (antd's input, button, …), which
        // the bundler cut into some 20 small files: one chunk, of exactly the modules a build
        // without it put there (build/sign-in-packages.ts).
        // The modules' language packs: one file per language (build/module-packs.ts).
        codeSplitting: {
          groups: [
            { name: VENDOR_CORE, test: packages(EVERY_PAGE_PACKAGES) },
            signInPackagesGroup,
            modulePackGroup,
          ],
        },
      },
    },
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/admin': api, '/api': api, '/static': api, '/storage': api },
  },
});
