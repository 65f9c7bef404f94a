/**
 * Vite plugin: once the build is written, puts a brotli (`<file>.br`) and a gzip
 * (`<file>.gz`) copy beside every compressible file of it (the bundle, index.html and the
 * copied public files), so the server sends the smallest one a browser accepts without
 * compressing on every request (apps/server/src/features/web/web-app.ts). Compressing once
 * at build time affords the strongest settings: brotli quality 11, gzip level 9.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; images and fonts are compressed already. Source maps are never built. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml']);
/** Below this a copy would save a few hundred bytes at most: not worth a file beside it. */
const MIN_BYTES = 1024;

/**
 * The strongest. Measured on this app's build (179 files, 2.8 MB of text): quality 11 takes
 * 3.9 s of CPU (10: 1.9 s, 9: 0.9 s; gzip 9: 0.1 s), spread over the cores, and brings the
 * first load of /admin/login to 217 KB (10: 221 KB, 9: 234 KB; gzip 9: 250 KB). A build runs
 * once per deploy or module change; every first visit gains.
 */
const BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Encoding {
  suffix: '.br' | '.gz';
  compress(bytes: Buffer): Promise<Buffer>;
}

const ENCODINGS: Encoding[] = [
  {
    suffix: '.br',
    compress: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes) => gzipAsync(bytes, { level: 9 }) },
];

export function precompress(): Plugin {
  return {
    name: 'portico:precompress',
    apply: 'build',
    writeBundle: {
      // After every other plugin wrote its files; the public folder was copied before the bundle.
      order: 'post',
      sequential: true,
      async handler(options) {
        if (options.dir) await precompressFolder(options.dir);
      },
    },
  };
}

/** What was written: each compressed file's path relative to `dir`. */
export async function precompressFolder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    // Hidden folders (Vite's manifest in .vite/) are never served.
    .filter(
      (file) =>
        !relative(dir, file)
          .split(sep)
          .some((part) => part.startsWith('.')),
    );
  // All at once: zlib compresses on libuv's thread pool, so the files share every core.
  const written = await Promise.all(files.map(compressBeside));
  return written.flat().map((file) => relative(dir, file));
}

/** Writes each encoding that makes the file smaller; answers the files written. */
export async function compressBeside(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return [];
  const written: string[] = [];
  for (const { suffix, compress } of ENCODINGS) {
    const compressed = await compress(bytes);
    if (compressed.length >= bytes.length) continue;
    await writeFile(file + suffix, compressed);
    written.push(file + suffix);
  }
  return written;
}
