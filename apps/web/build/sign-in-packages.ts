/**
 * A Vite build plugin and chunk group: the npm modules a sign-in page needs beyond vendor-core
 * (antd's input, button and spin, their icons and hooks) in one chunk, `sign-in-ui`. Left to the
 * bundler they came in some 20 files of 0.3–7 KB, each shared with a different set of back-office
 * pages: a cold /admin/login fetched 32 scripts (now 15), /user/login 38 (now 20), over
 * HTTP/1.1's six connections in rounds, while the browser compiled the others. Cold loads of the
 * two builds taking turns on a loaded 2-core machine (medians of ten and of sixteen): the
 * administrators' form showed 100 and 77 ms sooner (677 → 576, 744 → 667 ms), the members' 110
 * ms sooner in the first run (764 → 654) and within the noise in the second.
 *
 * Which modules those are only the bundler knows once it has tree-shaken: antd's input imports
 * the text area, which the sign-in pages drop and the back office uses. A group by path or by
 * import graph took such modules along (6 KB brotli more, an earlier attempt). So the build first
 * runs once more without writing or minifying (the survey), reads which package modules the
 * sign-in pages' chunks hold (sign-in-preload.ts's pages, with all they import statically), and
 * the real build groups exactly those. It groups them without their dependencies: the survey's
 * set already holds every package module they need after tree-shaking, and vendor-core the rest.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { chunkOf, filesOf, SIGN_IN_PAGES } from './sign-in-preload.ts';

/** Set in the survey's own build, whose copy of this plugin must not survey again. */
const SURVEYING = 'PORTICO_SIGN_IN_SURVEY';
const PACKAGE = /[\\/]node_modules[\\/]/;
const WEB = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));

/** The survey's answer: module ids, filled before the real build chunks. */
const signInModules = new Set<string>();

export const signInPackagesGroup: Rolldown.CodeSplittingGroup = {
  name: (id) => (signInModules.has(id) ? 'sign-in-ui' : null),
  debugName: 'sign-in packages',
  includeDependenciesRecursively: false,
};

/** The chunk of the packages every page loads whole (vite.config.ts), whose modules stay there. */
export const VENDOR_CORE = 'vendor-core';

/** The package modules the sign-in pages' chunks hold, less vendor-core's. */
function packageModules(chunks: Rolldown.OutputChunk[]): string[] {
  const bundle: Rolldown.OutputBundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  for (const { sources } of Object.values(SIGN_IN_PAGES))
    for (const source of sources) {
      const chunk = chunkOf(bundle, source);
      if (!chunk) throw new Error(`sign-in-packages: no chunk holds ${source}`);
      filesOf(bundle, chunk, files, { js: [], css: [] });
    }
  return [...files]
    .map((file) => bundle[file])
    .filter((chunk): chunk is Rolldown.OutputChunk => chunk?.type === 'chunk' && chunk.name !== VENDOR_CORE)
    .flatMap((chunk) => chunk.moduleIds.filter((id) => PACKAGE.test(id)));
}

export function signInPackages(): Plugin {
  return {
    name: 'portico-sign-in-packages',
    apply: 'build',
    async config(_config, { mode }) {
      if (process.env[SURVEYING]) return;
      process.env[SURVEYING] = '1';
      try {
        const result = await build({
          root: WEB,
          configFile: CONFIG,
          mode,
          logLevel: 'warn',
          build: { write: false, minify: false },
        });
        const outputs = Array.isArray(result) ? result : [result];
        const chunks = outputs.flatMap((output) =>
          'output' in output ? output.output.filter((file) => file.type === 'chunk') : [],
        );
        signInModules.clear();
        for (const id of packageModules(chunks)) signInModules.add(id);
      } finally {
        delete process.env[SURVEYING];
      }
    },
  };
}
