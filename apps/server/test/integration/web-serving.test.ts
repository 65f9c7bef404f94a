/** The built web app at the same origin: assets, the SPA for page loads, the API untouched. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
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
