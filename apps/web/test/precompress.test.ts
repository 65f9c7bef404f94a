/**
 * The build's compressed copies (build/precompress.ts): brotli and gzip beside every text file
 * worth compressing, which the server sends instead of the file to browsers that accept them.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompressFolder } from '../build/precompress';

const dist = mkdtempSync(join(tmpdir(), 'portico-precompress-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('writes brotli and gzip copies of the text files that gain, and nothing else', async () => {
  const script = Array.from({ length: 200 }, (_, i) => `export const value${i} = 'item ${i}';`).join('\n');
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><html><body>${'<p>Portico</p>'.repeat(100)}</body></html>`,
    'assets/app-abc123.js': script,
    'assets/app-abc123.css': `${'.a{color:red}'.repeat(100)}`,
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`,
    // Under 1 KB: too small to gain more than a request's headers, however well it compresses.
    'assets/tiny-abc123.js': 'console.log(1);'.repeat(60),
    // Text by name, but nothing to gain: random bytes never get smaller.
    'assets/noise-abc123.json': randomBytes(4096),
    // Images are compressed already.
    'static/images/avatar.png': Buffer.from(script),
    // Never served (Vite's manifest).
    '.vite/manifest.json': JSON.stringify({ entry: script }),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), content);
  }

  const written = await precompressFolder(dist);

  const compressed = ['index.html', 'assets/app-abc123.js', 'assets/app-abc123.css', 'favicon.svg'];
  expect(written.sort()).toEqual(compressed.flatMap((file) => [`${file}.br`, `${file}.gz`]).sort());
  for (const file of compressed) {
    const original = readFileSync(join(dist, file));
    const br = readFileSync(join(dist, `${file}.br`));
    const gz = readFileSync(join(dist, `${file}.gz`));
    expect(brotliDecompressSync(br).equals(original), file).toBe(true);
    expect(gunzipSync(gz).equals(original), file).toBe(true);
    expect(br.length, file).toBeLessThan(original.length / 3);
  }
  for (const file of ['assets/tiny-abc123.js', 'assets/noise-abc123.json', 'static/images/avatar.png']) {
    expect(existsSync(join(dist, `${file}.br`)), file).toBe(false);
    expect(existsSync(join(dist, `${file}.gz`)), file).toBe(false);
  }
  expect(existsSync(join(dist, '.vite/manifest.json.br'))).toBe(false);
});
