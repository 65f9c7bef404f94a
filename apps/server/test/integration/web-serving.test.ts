/**
 * The built web app at the same origin: assets, the SPA for page loads, the API untouched; each
 * compressed as the browser accepts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { PRERENDERED_LIST, SITE_NAME_MARK } from '@portico/shared/web-build';
import { afterAll, expect, it } from 'vitest';
import { setSettings } from '../support/member.js';
import { startTestApp } from '../support/test-app.js';

const dist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
mkdirSync(join(dist, 'assets'));
const INDEX =
  '<!doctype html><html><head><script>window.started = 1;</script></head><body><div id="app"></div></body></html>';
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

it('answers the SPA for page loads anywhere, and keeps API answers and 404 envelopes', async () => {
  const t = await startTestApp('sqlite', { webDist: dist });
  try {
    for (const url of ['/', '/admin/auth/admin?x=1', '/user/login', '/nope/deeper']) {
      const page = await t.app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers['cache-control']).toBe('no-cache');
      // Only this origin's scripts, plus the inline start-up script by its hash.
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    }
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');

    const api = await t.app.inject({ url: '/admin/index/login', headers: { accept: 'application/json' } });
    expect(api.json()).toMatchObject({ code: 1, data: { captcha: false } });
    const missing = await t.app.inject({ url: '/api/nope', headers: { accept: 'application/json' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 0 });
    const missingAsset = await t.app.inject({ url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/admin/nope', headers: html });
    expect(post.statusCode).toBe(404);
  } finally {
    await t.close();
  }
});

it("lets the pages show an http store's pictures (MARKET_URL), https ones being allowed already", async () => {
  const imgSrc = async (marketUrl: string) => {
    const t = await startTestApp('sqlite', { webDist: dist, marketUrl });
    try {
      const page = await t.app.inject({ url: '/admin/moduleStore', headers: html });
      return /img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    } finally {
      await t.close();
    }
  };
  expect(await imgSrc('')).toBe("'self' data: blob: https:");
  expect(await imgSrc('http://buyer:secret@store.lan:8000/shop')).toBe(
    "'self' data: blob: https: http://store.lan:8000",
  );
  expect(await imgSrc('https://store.example.com')).toBe("'self' data: blob: https:");
});

it('serves a new build without a restart: its page, its hashed assets and its other files', async () => {
  const live = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  const build = (version: string) => {
    rmSync(live, { recursive: true, force: true });
    mkdirSync(join(live, 'assets'), { recursive: true });
    writeFileSync(
      join(live, 'index.html'),
      `<!doctype html><html><head><script>window.v = '${version}';</script><script src="/assets/app-${version}.js"></script></head></html>`,
    );
    writeFileSync(join(live, 'assets', `app-${version}.js`), `console.log('${version}');`);
    writeFileSync(join(live, `${version}.txt`), version);
  };
  build('one');
  const t = await startTestApp('sqlite', { webDist: live });
  try {
    const first = await t.app.inject({ url: '/admin', headers: html });
    expect(first.body).toContain("window.v = 'one'");
    const firstCsp = first.headers['content-security-policy'];

    build('two');
    // Another process (the terminal's build) wrote it: every server process notices within a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const page = await t.app.inject({ url: '/admin', headers: html });
    expect(page.body).toContain("window.v = 'two'");
    // The new start-up script is allowed by its own hash, not the old one's.
    expect(page.headers['content-security-policy']).not.toBe(firstCsp);
    const asset = await t.app.inject({ url: '/assets/app-two.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('two');");
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const file = await t.app.inject({ url: '/two.txt' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/assets/app-one.js', headers: { accept: '*/*' } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/one.txt', headers: { accept: '*/*' } })).statusCode).toBe(404);
  } finally {
    await t.close();
    rmSync(live, { recursive: true, force: true });
  }
});

it('starts serving a build made after the server started', async () => {
  const later = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  const t = await startTestApp('sqlite', { webDist: later });
  try {
    expect((await t.app.inject({ url: '/admin', headers: html })).statusCode).toBe(503);
    writeFileSync(join(later, 'index.html'), INDEX);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const page = await t.app.inject({ url: '/admin', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX);
  } finally {
    await t.close();
    rmSync(later, { recursive: true, force: true });
  }
});

it('answers an address the build drew a page for with that page, with its own policy and tag', async () => {
  const drawn = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  mkdirSync(join(drawn, '.vite/pages'), { recursive: true });
  writeFileSync(join(drawn, 'index.html'), INDEX);
  const SIGN_IN =
    '<!doctype html><html><head><script>window.drawn = 1;</script></head><body><div id="app"><form></form></div></body></html>';
  writeFileSync(join(drawn, '.vite/pages/admin-login.html'), SIGN_IN);
  writeFileSync(
    join(drawn, '.vite/prerendered.json'),
    JSON.stringify({ '/admin/login': '.vite/pages/admin-login.html', '/escape': '../outside.html' }),
  );
  const t = await startTestApp('sqlite', { webDist: drawn });
  try {
    // As the router matches it: a trailing slash and the letters' case do not matter.
    for (const url of ['/admin/login', '/admin/login/', '/Admin/Login?x=1']) {
      const page = await t.app.inject({ url, headers: html });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(SIGN_IN);
    }
    const index = await t.app.inject({ url: '/admin', headers: html });
    const signIn = await t.app.inject({ url: '/admin/login', headers: { ...html, 'accept-encoding': 'br' } });
    expect(index.body).toBe(INDEX);
    // Its own inline script is allowed by its own hash; its tag is its own.
    expect(signIn.headers['content-security-policy']).not.toBe(index.headers['content-security-policy']);
    expect(signIn.headers.etag).not.toBe(index.headers.etag);
    expect(brotliDecompressSync(signIn.rawPayload).toString()).toBe(SIGN_IN);
    // A listed file outside the build is never read.
    expect((await t.app.inject({ url: '/escape', headers: html })).body).toBe(INDEX);
    const again = await t.app.inject({
      url: '/admin/login',
      headers: { ...html, 'if-none-match': signIn.headers.etag },
    });
    expect(again.statusCode).toBe(304);
  } finally {
    await t.close();
    rmSync(drawn, { recursive: true, force: true });
  }
});

it("answers the members' drawn sign-in page with the site's name while the member centre is open, else index.html", async () => {
  const drawn = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  mkdirSync(join(drawn, '.vite/pages'), { recursive: true });
  writeFileSync(join(drawn, 'index.html'), INDEX);
  const page = (name: string) =>
    `<!doctype html><html><head><script>window.drawn = 2;</script></head><body><div id="drawn"><h2 title="${name}">Sign in to ${name}</h2><form></form></div><div id="app"></div></body></html>`;
  writeFileSync(join(drawn, '.vite/pages/user-login.html'), page(SITE_NAME_MARK));
  writeFileSync(
    join(drawn, PRERENDERED_LIST),
    JSON.stringify({ '/user/login': { file: '.vite/pages/user-login.html', whileMemberCentreOpen: true } }),
  );
  // Warnings logged: a page answered twice would say so ("Reply was already sent").
  const logged: string[] = [];
  const t = await startTestApp(
    'sqlite',
    { webDist: drawn, logLevel: 'warn' },
    { logStream: { write: (line) => void logged.push(line) } },
  );
  try {
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/user/login', headers: { ...html, ...headers } });
    await setSettings(t, { site_name: 'Tom & "Jerry" <b>', open_member_center: '1' });
    const named = await get({ 'accept-encoding': 'br' });
    const escaped = 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;';
    expect(brotliDecompressSync(named.rawPayload).toString()).toBe(page(escaped));
    expect((await get()).body).toBe(page(escaped));
    // Renamed: the page, and its tag, follow.
    await setSettings(t, { site_name: 'Renamed' });
    const renamed = await get({ 'if-none-match': String(named.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toBe(page('Renamed'));
    expect(renamed.headers.etag).not.toBe(named.headers.etag);
    // Closed: the app's own page (it says the member centre is closed), not a sign-in form.
    await setSettings(t, { open_member_center: '0' });
    const closed = await get();
    expect(closed.body).toBe(INDEX);
    expect(closed.headers.etag).toBe((await t.app.inject({ url: '/', headers: html })).headers.etag);
    expect(logged).toEqual([]);
  } finally {
    await t.close();
    rmSync(drawn, { recursive: true, force: true });
  }
});

it("sends the start pages in the build's own compressed copies, never in one left from another build", async () => {
  const packed = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  mkdirSync(join(packed, '.vite/pages'), { recursive: true });
  const page = (text: string) =>
    `<!doctype html><html><head><script>window.started = 1;</script></head><body>${`<p>${text}</p>`.repeat(100)}</body></html>`;
  const signIn = page('Sign in');
  writeFileSync(join(packed, 'index.html'), page('Portico'));
  writeFileSync(join(packed, '.vite/pages/admin-login.html'), signIn);
  writeFileSync(
    join(packed, PRERENDERED_LIST),
    JSON.stringify({ '/admin/login': '.vite/pages/admin-login.html' }),
  );
  // The sign-in page's copies as the build writes them (quality 1: not what the server would
  // make of it); index.html's from an earlier build, whose page they no longer hold.
  const signInBrotli = brotliCompressSync(signIn, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
  writeFileSync(join(packed, '.vite/pages/admin-login.html.br'), signInBrotli);
  writeFileSync(join(packed, '.vite/pages/admin-login.html.gz'), gzipSync(signIn, { level: 1 }));
  writeFileSync(join(packed, 'index.html.br'), brotliCompressSync(page('Earlier')));
  writeFileSync(join(packed, 'index.html.gz'), 'cut short');
  const t = await startTestApp('sqlite', { webDist: packed });
  const get = (url: string, encoding: string) =>
    t.app.inject({ url, headers: { ...html, 'accept-encoding': encoding } });
  try {
    const drawn = await get('/admin/login', 'br');
    expect(drawn.headers['content-encoding']).toBe('br');
    expect(drawn.rawPayload.equals(signInBrotli)).toBe(true);
    expect(gunzipSync((await get('/admin/login', 'gzip')).rawPayload).toString()).toBe(signIn);
    for (const encoding of ['br', 'gzip']) {
      const start = await get('/', encoding);
      expect(start.headers['content-encoding'], encoding).toBe(encoding);
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(decode(start.rawPayload).toString(), encoding).toBe(page('Portico'));
    }
  } finally {
    await t.close();
    rmSync(packed, { recursive: true, force: true });
  }
});

it('never serves files outside the build or its hidden files', async () => {
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  const t = await startTestApp('sqlite', { webDist: dist });
  try {
    for (const url of [
      '/.vite/manifest.json',
      '/%2e%2e/etc/passwd',
      '/assets/%2e%2e/%2e%2e/x',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.inject({ url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
    }
  } finally {
    await t.close();
  }
});

it('says the web app is not built when there is no build, and still serves the API', async () => {
  const t = await startTestApp('sqlite', { webDist: join(dist, 'missing') });
  try {
    const page = await t.app.inject({ url: '/admin', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm start');
    expect((await t.app.inject({ url: '/health' })).json()).toMatchObject({ code: 1 });
  } finally {
    await t.close();
  }
});

it('sends each file in the best encoding the browser accepts, from the compressed copies of the build', async () => {
  const packed = mkdtempSync(join(tmpdir(), 'portico-dist-'));
  mkdirSync(join(packed, 'assets'));
  // Large enough to be worth compressing, as the build's precompress plugin requires.
  const script = Array.from({ length: 300 }, (_, i) => `export const value${i} = 'item ${i}';`).join('\n');
  const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;
  const page = `<!doctype html><html><head><script>window.started = 1;</script></head><body>${'<p>Portico</p>'.repeat(100)}</body></html>`;
  writeFileSync(join(packed, 'index.html'), page);
  // The copies as the build writes them beside each file: brotli and gzip.
  for (const [file, text] of [
    ['assets/app-abc123.js', script],
    ['favicon.svg', icon],
  ] as const) {
    writeFileSync(join(packed, file), text);
    writeFileSync(join(packed, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(packed, `${file}.gz`), gzipSync(text, { level: 9 }));
  }
  writeFileSync(join(packed, 'assets', 'small-abc123.css'), 'a{color:red}');
  const brotliOf = (file: string) => readFileSync(join(packed, `${file}.br`));

  const t = await startTestApp('sqlite', { webDist: packed });
  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      url,
      headers: {
        accept: '*/*',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...extra,
      },
    });
  try {
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    // A browser's header: brotli preferred, its bytes on the wire are the build's .br copy.
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliOf('assets/app-abc123.js'))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(brotliOf('assets/app-abc123.js').length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    // The browser's own preference counts.
    expect((await get('/assets/app-abc123.js', 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');

    for (const refused of ['br;q=0, gzip;q=0', 'identity', '']) {
      const none = await get('/assets/app-abc123.js', refused);
      expect(none.headers['content-encoding'], refused).toBeUndefined();
      expect(none.body, refused).toBe(script);
      expect(none.headers.vary, refused).toMatch(/accept-encoding/i);
    }

    // A file the build left uncompressed (too small to gain) is sent as it is.
    const small = await get('/assets/small-abc123.css', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('a{color:red}');
    expect(small.headers['content-type']).toMatch(/^text\/css/);

    // Not hashed: compressed all the same, but revalidated.
    const favicon = await get('/favicon.svg', 'br, gzip');
    expect(favicon.headers['content-encoding']).toBe('br');
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(favicon.rawPayload).toString()).toBe(icon);

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliOf('assets/app-abc123.js').length);
    expect(head.rawPayload.length).toBe(0);

    // A range of a compressed answer is a range of its compressed bytes (what it says it is).
    const range = await get('/assets/app-abc123.js', 'br', { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBe('br');
    expect(range.headers['content-range']).toBe(`bytes 0-9/${brotliOf('assets/app-abc123.js').length}`);
    expect(range.rawPayload.equals(brotliOf('assets/app-abc123.js').subarray(0, 10))).toBe(true);

    // The start page, sent from memory with its security policy, compressed the same way.
    const start = await t.app.inject({
      url: '/admin/login',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(start.rawPayload).toString()).toBe(page);
    expect(Number(start.headers['content-length'])).toBe(start.rawPayload.length);
    expect(start.rawPayload.length).toBeLessThan(page.length / 4);
    expect(start.headers['cache-control']).toBe('no-cache');
    expect(start.headers.vary).toMatch(/accept-encoding/i);
    expect(start.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const gzipPage = await t.app.inject({ url: '/', headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzipPage.rawPayload).toString()).toBe(page);
    const plainPage = await t.app.inject({
      url: '/',
      headers: { ...html, 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    expect(plainPage.body).toBe(page);
    expect(plainPage.headers.vary).toMatch(/accept-encoding/i);

    // Revalidated on each visit: unchanged, it is not sent again.
    const etag = String(start.headers.etag);
    expect(plainPage.headers.etag).toBe(etag);
    const again = await t.app.inject({
      url: '/admin/login',
      headers: { ...html, 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  } finally {
    await t.close();
    rmSync(packed, { recursive: true, force: true });
  }
});
