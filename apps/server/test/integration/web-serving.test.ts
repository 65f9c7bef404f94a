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
