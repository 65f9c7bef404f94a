/**
 * The request layer against a real local HTTP server (no mocks of the transport): jsdom's XHR
 * makes real cross-origin calls, so the server answers CORS preflights.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_ID } from '../src/api/loading';
import { notifier } from '../src/api/notifier';
import { createAxios, isCanceled, resetRequestState, setBaseUrl } from '../src/api/request';
import { initI18n } from '../src/lang';
import { setNavigator } from '../src/router/navigation';
import { useAdminInfo } from '../src/stores/admin-info';
import { useUserInfo } from '../src/stores/user-info';
import { type LocalServer, listenLocally } from './support/local-server';

let server: LocalServer;
let baseUrl = '';
const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
const refreshBodies: unknown[] = [];

const envelope = (code: number, data: unknown = {}, msg = '') => ({ code, msg, time: 1700000000, data });
/** Refresh tokens this server rotates: each answers a new access token and its successor. */
const ROTATIONS: Record<string, { type: string; token: string; refresh_token: string }> = {
  'admin-r1': { type: 'admin-refresh', token: 'fresh', refresh_token: 'admin-r2' },
  'admin-r2': { type: 'admin-refresh', token: 'fresh', refresh_token: 'admin-r3' },
  'user-r1': { type: 'user-refresh', token: 'fresh-user', refresh_token: 'user-r2' },
  'user-r2': { type: 'user-refresh', token: 'fresh-user', refresh_token: 'user-r3' },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  // Reflected rather than '*': jsdom checks the preflight header list by name.
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  let body = '';
  for await (const chunk of req) body += chunk;
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ url: url.pathname, headers: req.headers });
  const json = (payload: unknown, status = 200) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));

  if (url.pathname === '/api/echo') return void json(envelope(1, { headers: req.headers }));
  if (url.pathname === '/api/query') return void json(envelope(1, Object.fromEntries(url.searchParams)));
  if (url.pathname === '/api/body')
    return void json(envelope(1, { type: req.headers['content-type'], body }));
  if (url.pathname === '/api/svg')
    return void res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg/>');
  if (url.pathname === '/api/slow') {
    await sleep(Number(url.searchParams.get('ms') ?? 100));
    return void json(envelope(1, { n: url.searchParams.get('n') }));
  }
  if (url.pathname === '/admin/data') {
    if (req.headers.batoken === 'fresh') return void json(envelope(1, { i: url.searchParams.get('i') }));
    return void json(envelope(409, {}, 'Token expiration'));
  }
  if (url.pathname === '/api/member-data') {
    if (req.headers['ba-user-token'] === 'fresh-user') return void json(envelope(1, { ok: true }));
    return void json(envelope(409, {}, 'Token expiration'));
  }
  if (url.pathname === '/api/common/refreshToken') {
    const parsed = JSON.parse(body || '{}');
    refreshBodies.push(parsed);
    await sleep(50);
    // 'good': a server that answers no new refresh token; the others rotate it.
    if (parsed.refresh_token === 'good')
      return void json(envelope(1, { type: 'admin-refresh', token: 'fresh' }));
    const rotated = ROTATIONS[parsed.refresh_token];
    if (rotated) return void json(envelope(1, rotated));
    return void json(envelope(0, {}, 'Login expired, please login again.'));
  }
  if (url.pathname === '/api/redirect') return void json(envelope(302, { routePath: '/user/account' }, 'Go'));
  if (url.pathname === '/api/needLogin') {
    return void json(envelope(303, { type: 'need login' }, 'Please login first'));
  }
  if (url.pathname === '/api/fail') return void json(envelope(0, {}, 'Nope'));
  const status = /^\/api\/status\/(\d+)$/.exec(url.pathname);
  if (status) return void json(envelope(0), Number(status[1]));
  json(envelope(0, {}, 'unknown'), 404);
}

const navigations: string[] = [];
let errorSpy: ReturnType<typeof vi.spyOn>;
let successSpy: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await initI18n('en');
  server = await listenLocally(handle);
  baseUrl = server.url;
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  setBaseUrl(baseUrl);
  resetRequestState();
  useAdminInfo.getState().clear();
  useUserInfo.getState().clear();
  seen.length = 0;
  refreshBodies.length = 0;
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
  window.history.pushState({}, '', '/');
  errorSpy = vi.spyOn(notifier, 'error').mockImplementation((() => {}) as never);
  successSpy = vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('headers', () => {
  it('sends think-lang, server and both tokens', async () => {
    useAdminInfo.getState().setToken('admin-t', 'auth');
    useUserInfo.getState().setToken('user-t', 'auth');
    const res = await createAxios<{ headers: Record<string, string> }>({ url: '/api/echo' });
    expect(res.code).toBe(1);
    expect(res.data.headers['think-lang']).toBe('zh-cn');
    expect(res.data.headers.server).toBe('true');
    expect(res.data.headers.batoken).toBe('admin-t');
    expect(res.data.headers['ba-user-token']).toBe('user-t');
  });

  it('omits absent tokens and lets anotherToken replace the member token', async () => {
    const res = await createAxios<{ headers: Record<string, string> }>(
      { url: '/api/echo' },
      { anotherToken: 'other' },
    );
    expect(res.data.headers.batoken).toBeUndefined();
    expect(res.data.headers['ba-user-token']).toBe('other');
  });
});

describe('what is sent', () => {
  it("serialises a list's search as the server parses it: indexed brackets, nothing for null", async () => {
    const res = await createAxios<Record<string, string>>({
      url: '/api/query',
      params: {
        search: [{ field: 'nickname', val: 'a b:c', operator: 'LIKE' }],
        ids: [3, 4],
        page: 1,
        quickSearch: null,
        initValue: undefined,
      },
    });
    expect(res.data).toEqual({
      'search[0][field]': 'nickname',
      'search[0][val]': 'a b:c',
      'search[0][operator]': 'LIKE',
      'ids[0]': '3',
      'ids[1]': '4',
      page: '1',
    });
  });

  it('sends an object as JSON and a FormData as multipart', async () => {
    const json = await createAxios<{ type: string; body: string }>({
      url: '/api/body',
      method: 'post',
      data: { username: 'admin', keep: true },
    });
    expect(json.data.type).toBe('application/json');
    expect(JSON.parse(json.data.body)).toEqual({ username: 'admin', keep: true });
    const form = new FormData();
    form.append('name', 'x');
    const multipart = await createAxios<{ type: string }>({ url: '/api/body', method: 'post', data: form });
    expect(multipart.data.type).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('answers', () => {
  it('answers the text of a non-JSON answer read as text (the market captcha)', async () => {
    const res = await createAxios<string>(
      { url: '/api/svg', responseType: 'text' },
      { reductDataFormat: false },
    );
    expect(res.data).toBe('<svg/>');
  });

  it('shows the success message only when asked', async () => {
    await createAxios({ url: '/api/echo' });
    expect(successSpy).not.toHaveBeenCalled();
    await createAxios({ url: '/api/echo' }, { showSuccessMessage: true });
    expect(successSpy).toHaveBeenCalledWith('Operation successful');
  });

  it('resolves with the whole response when reductDataFormat is false', async () => {
    const res = await createAxios({ url: '/api/echo' }, { reductDataFormat: false });
    expect(res.status).toBe(200);
    expect(res.data.code).toBe(1);
  });

  it('shows msg and rejects with the envelope for other codes', async () => {
    await expect(createAxios({ url: '/api/fail' })).rejects.toMatchObject({ code: 0, msg: 'Nope' });
    expect(errorSpy).toHaveBeenCalledWith('Nope');
    errorSpy.mockClear();
    await expect(createAxios({ url: '/api/fail' }, { showCodeMessage: false })).rejects.toMatchObject({
      code: 0,
    });
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('navigates to data.routePath on 302', async () => {
    await expect(createAxios({ url: '/api/redirect' })).rejects.toMatchObject({ code: 302 });
    expect(navigations).toEqual(['/user/account']);
    expect(errorSpy).toHaveBeenCalledWith('Go');
  });

  it("clears the member token and goes to the member login on 303 'need login'", async () => {
    useUserInfo.getState().setToken('user-t', 'auth');
    await expect(createAxios({ url: '/api/needLogin' })).rejects.toMatchObject({ code: 303 });
    expect(useUserInfo.getState().token).toBe('');
    expect(navigations).toEqual(['/user/login']);
  });
});

describe('duplicate requests', () => {
  it('cancels the earlier identical call and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = createAxios({ url: '/api/slow', params: { ms: 150, n: 1 } });
    const second = createAxios({ url: '/api/slow', params: { ms: 150, n: 1 } });
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('rejected');
    expect(isCanceled((a as PromiseRejectedResult).reason)).toBe(true);
    expect(b).toMatchObject({ status: 'fulfilled', value: { code: 1, data: { n: '1' } } });
    expect(warn).toHaveBeenCalledWith('Automatic cancellation due to duplicate requests', '/api/slow');
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('keeps different calls and opted-out calls', async () => {
    const results = await Promise.all([
      createAxios({ url: '/api/slow', params: { ms: 50, n: 1 } }),
      createAxios({ url: '/api/slow', params: { ms: 50, n: 2 } }),
      createAxios({ url: '/api/slow', params: { ms: 50, n: 2 } }, { cancelDuplicateRequest: false }),
    ]);
    expect(results.map((r) => r.code)).toEqual([1, 1, 1]);
  });
});

describe('token refresh on 409', () => {
  it('refreshes once for five concurrent calls and replays them all with the new token', async () => {
    useAdminInfo.getState().setToken('stale', 'auth');
    useAdminInfo.getState().setToken('good', 'refresh');
    const calls = [0, 1, 2, 3, 4].map((i) =>
      createAxios<{ i: string }>({ url: '/admin/data', params: { i } }),
    );
    const results = await Promise.all(calls);
    expect(results.map((r) => r.data.i)).toEqual(['0', '1', '2', '3', '4']);
    expect(refreshBodies).toEqual([{ refresh_token: 'good' }]);
    expect(useAdminInfo.getState().token).toBe('fresh');
    // An answer without a new refresh token keeps the one the client has.
    expect(useAdminInfo.getState().refresh_token).toBe('good');
    const replays = seen.filter((s) => s.url === '/admin/data' && s.headers.batoken === 'fresh');
    expect(replays).toHaveLength(5);
  });

  it.each([
    ['admin', '/admin/data', useAdminInfo, 'adminInfo'],
    ['user', '/api/member-data', useUserInfo, 'userInfo'],
  ] as const)(
    'stores the rotated %s refresh token and sends it with the next refresh',
    async (prefix, url, store, storageKey) => {
      store.getState().setToken('stale', 'auth');
      store.getState().setToken(`${prefix}-r1`, 'refresh');
      expect((await createAxios({ url })).code).toBe(1);
      expect(store.getState().refresh_token).toBe(`${prefix}-r2`);

      // The new access token expires in turn: the next refresh sends the successor.
      store.getState().setToken('stale', 'auth');
      expect((await createAxios({ url })).code).toBe(1);
      expect(refreshBodies).toEqual([{ refresh_token: `${prefix}-r1` }, { refresh_token: `${prefix}-r2` }]);
      expect(store.getState().refresh_token).toBe(`${prefix}-r3`);
      // Persisted, so a reload refreshes with the successor too.
      expect(localStorage.getItem(storageKey)).toContain(`${prefix}-r3`);
    },
  );

  it('clears the admin token and goes to the admin login when the refresh fails', async () => {
    useAdminInfo.getState().setToken('stale', 'auth');
    useAdminInfo.getState().setToken('bad', 'refresh');
    const calls = [0, 1, 2].map((i) => createAxios({ url: '/admin/data', params: { i } }));
    const results = await Promise.allSettled(calls);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(refreshBodies).toHaveLength(1);
    expect(useAdminInfo.getState().token).toBe('');
    expect(useAdminInfo.getState().refresh_token).toBe('');
    expect(navigations).toEqual(['/admin/login']);
    expect(errorSpy).toHaveBeenCalledWith('Login expired, please login again.');
  });

  it('does not navigate when already on the login page', async () => {
    window.history.pushState({}, '', '/admin/login');
    useAdminInfo.getState().setToken('stale', 'auth');
    useAdminInfo.getState().setToken('bad', 'refresh');
    await expect(createAxios({ url: '/admin/data' })).rejects.toBeDefined();
    expect(useAdminInfo.getState().token).toBe('');
    expect(navigations).toEqual([]);
  });
});

describe('HTTP failures', () => {
  it.each([
    [500, 'Server internal error!'],
    [400, 'Incorrect parameter!'],
    [403, 'You do not have permission to operate!'],
    [502, 'Gateway error!'],
    [404, 'Error requesting address: /api/status/404'],
    [418, 'Abnormal problem, please contact the website administrator!'],
  ])('status %i shows %s', async (status, text) => {
    await expect(createAxios({ url: `/api/status/${status}` })).rejects.toMatchObject({
      response: { status },
    });
    expect(errorSpy).toHaveBeenCalledWith(text);
  });

  it('stays quiet when showErrorMessage is off', async () => {
    await expect(createAxios({ url: '/api/status/500' }, { showErrorMessage: false })).rejects.toBeDefined();
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('reports a timeout', async () => {
    await expect(createAxios({ url: '/api/slow', params: { ms: 400 }, timeout: 50 })).rejects.toBeDefined();
    expect(errorSpy).toHaveBeenCalledWith('Network request timeout!');
  });

  describe('refused connection', () => {
    let deadUrl = '';
    beforeAll(async () => {
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
      await new Promise((resolve) => dead.close(resolve));
    });

    it('says disconnected when offline', async () => {
      setBaseUrl(deadUrl);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await expect(createAxios({ url: '/api/echo' })).rejects.toBeDefined();
      expect(errorSpy).toHaveBeenCalledWith('You are disconnected!');
    });

    it('says server exception when online', async () => {
      setBaseUrl(deadUrl);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      await expect(createAxios({ url: '/api/echo' })).rejects.toBeDefined();
      expect(errorSpy).toHaveBeenCalledWith('Server exception!');
    });
  });
});

describe('loading overlay', () => {
  it('shows one overlay while loading calls run and removes it after the last', async () => {
    const a = createAxios({ url: '/api/slow', params: { ms: 50, n: 1 } }, { loading: true });
    const b = createAxios({ url: '/api/slow', params: { ms: 150, n: 2 } }, { loading: true });
    expect(document.querySelectorAll(`#${LOADING_ID}`)).toHaveLength(1);
    await a;
    expect(document.getElementById(LOADING_ID)).not.toBeNull();
    await b;
    expect(document.getElementById(LOADING_ID)).toBeNull();
  });

  it('removes the overlay when the call fails', async () => {
    await expect(createAxios({ url: '/api/fail' }, { loading: true })).rejects.toBeDefined();
    expect(document.getElementById(LOADING_ID)).toBeNull();
  });
});
