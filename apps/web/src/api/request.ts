/**
 * The one HTTP client of the SPA (the original client's token refresh, answer handling and messages; the
 * envelope codes of docs/architecture.md, "Wire contract").
 * Every call answers with the envelope {code, msg, time, data}; code 1 is success, 409 an
 * expired access token (refreshed once, then the call is replayed), 302 and 303 redirects,
 * anything else an error shown to the user. Callers get the envelope or a rejection.
 */
import { ApiController, apiUrl, type Envelope } from '@portico/shared';
import { t } from '../lang';
import { buildUrl, HttpError, type HttpRequest, type HttpResponse, isCanceled, sendHttp } from './http';
import { hideLoading, type LoadingOptions, resetLoading, showLoading } from './loading';
import { notifier } from './notifier';

export type { HttpRequest, HttpResponse, LoadingOptions };
export { isCanceled };

/** The envelope every call answers with, as the server sends it (declared once in @portico/shared). */
export type ApiResponse<T = unknown> = Envelope<T>;

/**
 * cancelDuplicateRequest aborts an identical call still in flight; loading shows the shared
 * overlay; reductDataFormat resolves with the envelope (false: the whole HTTP response);
 * showErrorMessage covers HTTP failures, showCodeMessage msg of codes other than 1,
 * showSuccessMessage msg (or 'Operation successful') of code 1; anotherToken is sent as
 * ba-user-token instead of the member's token (as the original, for another site's account).
 * Codes 302/303/409 are always this site's: the module market's login codes reach the SPA as
 * 301/408 (the server translates the store's), so no call needs to opt out of them.
 */
export interface RequestOptions {
  cancelDuplicateRequest: boolean;
  loading: boolean;
  reductDataFormat: boolean;
  showErrorMessage: boolean;
  showCodeMessage: boolean;
  showSuccessMessage: boolean;
  anotherToken: string;
}

export const DEFAULT_OPTIONS: RequestOptions = {
  cancelDuplicateRequest: true,
  loading: false,
  reductDataFormat: true,
  showErrorMessage: true,
  showCodeMessage: true,
  showSuccessMessage: false,
  anotherToken: '',
};

const REFRESH_TOKEN_URL = apiUrl(ApiController.common, 'refreshToken');

/** The original client's request timeout. */
const TIMEOUT_MS = 60_000;
/** Same origin, unless a test points the client elsewhere. */
let baseUrl = '';

/**
 * The URL a call is sent to, its query serialised as every call's (http.ts): for calls read as
 * they stream in (a download, file-request.ts, which also uses the exports below that
 * createAxios uses; they live here, in the sign-in page's first load, only as exports).
 */
export function apiUri(url: string, params: Record<string, unknown>): string {
  return buildUrl(baseUrl, url, params);
}

/** Test seam: point the client at another origin. */
export function setBaseUrl(url: string): void {
  baseUrl = url;
}

/** The origin API calls go to ('' for the page's own). */
export function apiBaseUrl(): string {
  return baseUrl;
}

export type Area = 'admin' | 'user';
export type TokenKind = 'auth' | 'refresh';

/**
 * What the request layer needs from the router and the session stores, handed in once at
 * start (configureRequest) so that the layer imports neither (docs/architecture.md, "Layers"): the stores and the
 * router call the API, so importing them back would tie the layers into one.
 */
export interface RequestHandlers {
  /** The page's path: which token a URL outside /admin/ and /api/ needs, and whether we are on sign-in already. */
  currentPath(): string;
  /** A named route or a path (the server's 302 may name either). */
  navigate(target: { name?: string; path?: string }): void;
  loginPath(area: Area): string;
  /** Sent as think-lang: the server answers messages in it. */
  language(): string;
  token(area: Area, kind: TokenKind): string;
  setToken(area: Area, token: string, kind: TokenKind): void;
  /** Forget the area's session: its refresh failed or the server says it is gone. */
  signOut(area: Area): void;
}

const unconfigured = (): never => {
  throw new Error('The request layer is not configured: call configureRequest() at start (main.tsx).');
};
let handlers: RequestHandlers = {
  currentPath: unconfigured,
  navigate: unconfigured,
  loginPath: unconfigured,
  language: unconfigured,
  token: unconfigured,
  setToken: unconfigured,
  signOut: unconfigured,
};

export function configureRequest(given: RequestHandlers): void {
  handlers = given;
}

const AREA_BASE = { admin: '/admin', user: '/user' } as const;
export const TOKEN_HEADER = { admin: 'batoken', user: 'ba-user-token' } as const;

/**
 * Which token a call depends on: /admin/* endpoints check the admin token, /api/* the
 * member's. Other URLs follow the area of the current page, as the original's isAdminApp().
 */
export function areaOf(url = ''): Area {
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '');
  if (path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/api/')) return 'user';
  return /^\/admin(\/|$)/.test(handlers.currentPath()) ? 'admin' : 'user';
}

const pending = new Map<string, AbortController>();
const duplicates = new WeakSet<AbortController>();
/** Single flight per token kind: every call meeting 409 meanwhile waits on the same refresh. */
const refreshing: Partial<Record<Area, Promise<void>>> = {};

export function requestHeaders(opts: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'think-lang': handlers.language(),
    server: 'true',
  };
  const adminToken = handlers.token('admin', 'auth');
  if (adminToken) headers.batoken = adminToken;
  const userToken = opts.anotherToken || handlers.token('user', 'auth');
  if (userToken) headers['ba-user-token'] = userToken;
  return headers;
}

/** Identical = same method, url, tokens, params and body (as the original deduplicates); '' = never deduplicated. */
function pendingKey(config: HttpRequest, headers: Record<string, string>): string {
  // Files cannot be compared by JSON (a FormData stringifies to {}), so uploads never cancel each other.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) return '';
  if (typeof Blob !== 'undefined' && config.data instanceof Blob) return '';
  return JSON.stringify([
    (config.method ?? 'get').toLowerCase(),
    config.url ?? '',
    headers.batoken ?? '',
    headers['ba-user-token'] ?? '',
    config.params ?? null,
    config.data ?? null,
  ]);
}

const STATUS_MESSAGES: Record<number, string> = {
  302: 'Interface redirected!',
  400: 'Incorrect parameter!',
  401: 'You do not have permission to operate!',
  403: 'You do not have permission to operate!',
  404: 'Error requesting address:',
  408: 'Request timed out!',
  409: 'The same data already exists in the system!',
  500: 'Server internal error!',
  501: 'Service not implemented!',
  502: 'Gateway error!',
  503: 'Service unavailable!',
  504: 'The service is temporarily unavailable Please try again later!',
  505: 'HTTP version is not supported!',
};
const ABNORMAL = 'Abnormal problem, please contact the website administrator!';

/** What to tell the user about a call that got no usable answer (the original's messages). */
function httpErrorMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return t(`axios.${ABNORMAL}`);
  if (error.kind === 'timeout') return t('axios.Network request timeout!');
  if (error.response) return statusMessage(error.response.status, error.request.url);
  if (error.kind === 'network') return networkMessage();
  return t(`axios.${ABNORMAL}`);
}

export function statusMessage(status: number, url = ''): string {
  const text = t(`axios.${STATUS_MESSAGES[status] ?? ABNORMAL}`);
  return status === 404 ? text + url : text;
}

export function networkMessage(): string {
  return t(navigator.onLine ? 'axios.Server exception!' : 'axios.You are disconnected!');
}

function goToLogin(area: Area): void {
  const path = handlers.loginPath(area);
  if (handlers.currentPath() !== path) handlers.navigate({ path });
}

async function runRefresh(area: Area): Promise<void> {
  try {
    // The server also takes `refreshToken`; the original's API documents the field refresh_token.
    const response = await send<{ type: string; token: string; refresh_token?: string }>(
      { url: REFRESH_TOKEN_URL, method: 'post', data: { refresh_token: handlers.token(area, 'refresh') } },
      { ...DEFAULT_OPTIONS, cancelDuplicateRequest: false },
    );
    const { type, token, refresh_token } = response.data.data ?? {};
    const target: Area | null = type === 'admin-refresh' ? 'admin' : type === 'user-refresh' ? 'user' : null;
    if (!target || !token) throw response.data;
    handlers.setToken(target, token, 'auth');
    // The server exchanges the refresh token on every use: the next refresh needs the new one
    // (the old one is refused, and ends the session, once the new one has been used).
    if (refresh_token) handlers.setToken(target, refresh_token, 'refresh');
  } catch (error) {
    // No way to renew the session: forget it and send the user to sign in again.
    handlers.signOut(area);
    goToLogin(area);
    throw error;
  }
}

export function refreshAccessToken(area: Area, staleToken: string): Promise<void> {
  const inFlight = refreshing[area];
  if (inFlight) return inFlight;
  // A refresh finished after this call left with the old token: just replay it.
  const current = handlers.token(area, 'auth');
  if (current && current !== staleToken) return Promise.resolve();
  const flight = runRefresh(area).finally(() => {
    delete refreshing[area];
  });
  refreshing[area] = flight;
  return flight;
}

async function send<T>(
  config: HttpRequest,
  opts: RequestOptions,
  replayed = false,
): Promise<HttpResponse<ApiResponse<T>>> {
  const headers = requestHeaders(opts);
  const key = opts.cancelDuplicateRequest ? pendingKey(config, headers) : '';
  const controller = new AbortController();
  if (key) {
    const earlier = pending.get(key);
    if (earlier) {
      duplicates.add(earlier);
      earlier.abort();
    }
    pending.set(key, controller);
  }
  // A caller's own signal still works: it aborts this call's controller.
  if (config.signal?.aborted) controller.abort();
  config.signal?.addEventListener?.('abort', () => controller.abort());

  let response: HttpResponse<ApiResponse<T>>;
  try {
    response = await sendHttp<ApiResponse<T>>(baseUrl, {
      timeout: TIMEOUT_MS,
      ...config,
      headers: { ...config.headers, ...headers },
      signal: controller.signal,
    });
  } catch (error) {
    if (isCanceled(error)) {
      // Superseded by an identical call: expected, so only logged (as the original does).
      if (duplicates.has(controller))
        console.warn(t('axios.Automatic cancellation due to duplicate requests'), config.url);
      throw error;
    }
    if (opts.showErrorMessage) notifier.error(httpErrorMessage(error));
    throw error;
  } finally {
    if (key && pending.get(key) === controller) pending.delete(key);
  }

  // Downloads and other non-JSON answers carry no envelope.
  if (config.responseType && config.responseType !== 'json') return response;
  const body = response.data;
  if (body?.code === 1) {
    if (opts.showSuccessMessage) notifier.success(body.msg || t('axios.Operation successful'));
    return response;
  }

  const area = areaOf(config.url);
  // One replay only: a second 409 means the new token is refused too, so it is an error.
  if (body?.code === 409 && config.url !== REFRESH_TOKEN_URL && !replayed) {
    await refreshAccessToken(area, headers[TOKEN_HEADER[area]] ?? '');
    return send<T>(config, opts, true);
  }
  refused(body, area, opts);
  throw body;
}

/** An envelope other than success: its message shown, and the redirects of codes 302 and 303 followed. */
export function refused(body: ApiResponse | undefined, area: Area, opts: RequestOptions): void {
  if (opts.showCodeMessage && body?.msg) notifier.error(body.msg);
  const data = (body?.data ?? {}) as { routeName?: string; routePath?: string; type?: string };
  if (body?.code === 302) {
    handlers.navigate({ name: data.routeName || undefined, path: data.routePath });
  } else if (body?.code === 303) {
    // The server's login-state redirect: 'need login' drops the dead token; 'logged in' leaves the login page.
    if (data.type === 'need login') {
      handlers.signOut(area);
      goToLogin(area);
    } else {
      handlers.navigate({ path: AREA_BASE[area] });
    }
  }
}

export function createAxios<T = unknown>(
  config: HttpRequest,
  options: Partial<RequestOptions> & { reductDataFormat: false },
  loading?: LoadingOptions,
): Promise<HttpResponse<ApiResponse<T>>>;
export function createAxios<T = unknown>(
  config: HttpRequest,
  options?: Partial<RequestOptions>,
  loading?: LoadingOptions,
): Promise<ApiResponse<T>>;
export async function createAxios<T = unknown>(
  config: HttpRequest,
  options: Partial<RequestOptions> = {},
  loading: LoadingOptions = {},
): Promise<ApiResponse<T> | HttpResponse<ApiResponse<T>>> {
  const opts: RequestOptions = { ...DEFAULT_OPTIONS, ...options };
  if (opts.loading) showLoading(loading);
  try {
    const response = await send<T>(config, opts);
    return opts.reductDataFormat ? response.data : response;
  } finally {
    if (opts.loading) hideLoading();
  }
}

/** Test seam: forget in-flight calls, refreshes and the overlay. */
export function resetRequestState(): void {
  pending.clear();
  delete refreshing.admin;
  delete refreshing.user;
  resetLoading();
}
