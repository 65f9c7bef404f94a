/** The envelope, languages, bracket notation, CORS and transport errors. */
import { expect, it } from 'vitest';
import { call, forEachDatabase, loginSuper } from '../support/test-app.js';

forEachDatabase('http core', (get) => {
  it('serves a health route in the envelope', async () => {
    const res = await call(get().app, 'GET', '/health');
    expect(res).toMatchObject({ code: 1, status: 200, data: { status: 'ok' } });
    expect(res.time).toBeGreaterThan(1_700_000_000);
  });

  it('answers unknown API routes with 404 and an envelope', async () => {
    const res = await call(get().app, 'GET', '/admin/nope.Nothing/index');
    expect(res).toMatchObject({ status: 404, code: 0, msg: 'Route not found' });
  });

  it('speaks zh-cn by default and English on request', async () => {
    const { app } = get();
    const zh = await app.inject({ method: 'GET', url: '/admin/index/index' });
    expect(zh.json().msg).toBe('请先登录！');
    const en = await call(app, 'GET', '/admin/index/index', { lang: 'en' });
    expect(en.msg).toBe('Please login first');
  });

  it('refuses malformed JSON with a clear code-0 message', async () => {
    const res = await get().app.inject({
      method: 'POST',
      url: '/admin/index/login',
      headers: { 'content-type': 'application/json', 'think-lang': 'en' },
      payload: '{"username": "admin",',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: 'The request body is not valid JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await get().app.inject({
      method: 'POST',
      url: '/admin/index/login',
      headers: { 'content-type': 'application/json', 'think-lang': 'en' },
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 0, msg: 'The request body is too large' });
  });

  it('parses PHP bracket notation in form bodies', async () => {
    const t = get();
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/index/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'think-lang': 'en' },
      payload: `username=admin&password=${encodeURIComponent(t.superPassword)}&keep=1`,
    });
    expect(res.json()).toMatchObject({ code: 1, msg: 'Login succeeded!' });
    expect(res.json().data.userInfo.refresh_token).not.toBe('');
  });

  it('refuses wrong input types without a 500', async () => {
    const { app } = get();
    for (const body of [
      { username: ['a', 'b'], password: 'x' },
      { username: { $gt: '' } },
      { username: 123456 },
      [],
    ]) {
      const res = await call(app, 'POST', '/admin/index/login', { body });
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.msg).toMatch(/Parameter|username|password/);
    }
  });

  it('allows CORS for local development origins only', async () => {
    const { app } = get();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/admin/index/login',
      headers: { origin: 'http://localhost:1818', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:1818');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('batoken');
    const foreign = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never leaks internals: a 500 says only "Server internal error"', async () => {
    const t = get();
    const { token } = await loginSuper(t);
    // Simulate a database failure inside a real handler.
    const original = t.ctx.settings.get;
    t.ctx.settings.get = async () => {
      throw new Error('SELECT secret FROM ba_admin failed');
    };
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/admin/index/index',
        headers: { 'think-lang': 'en', batoken: token },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('SELECT');
      expect(res.json()).toMatchObject({ code: 0, msg: 'Server internal error' });
    } finally {
      t.ctx.settings.get = original;
    }
  });
});
