/**
 * The one transport under the request layer (request.ts): an XMLHttpRequest, which gives what
 * the calls need — a timeout, an abort signal, upload progress, JSON, text or binary answers —
 * in a few dozen lines. It replaced axios, whose 17 KB (brotli) were a tenth of the sign-in
 * page's first load for the same few features.
 *
 * Query strings use PHP's bracket notation with indexes (search[0][field]=id), which the server
 * parses; without indexes a list of objects would be read as one object per key.
 */

export type Method =
  | 'get'
  | 'post'
  | 'put'
  | 'patch'
  | 'delete'
  | 'GET'
  | 'POST'
  | 'PUT'
  | 'PATCH'
  | 'DELETE';

/** A call: where, with what, and how its answer is read. */
export interface HttpRequest {
  url: string;
  method?: Method;
  /** The query, serialised with indexed brackets; null and undefined values are left out. */
  params?: object;
  /** A plain object or array is sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How the answer's body is read; 'json' (the default) answers the text when it is not JSON. */
  responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
  /** Milliseconds before the call fails as timed out; 0 never. */
  timeout?: number;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** Why a call got no usable answer: an HTTP status outside 2xx (with the answer), a timeout, no connection, or an abort. */
export class HttpError extends Error {
  constructor(
    readonly kind: 'status' | 'timeout' | 'network' | 'canceled',
    readonly request: HttpRequest,
    readonly response?: HttpResponse<unknown>,
  ) {
    super(kind === 'status' ? `HTTP ${response?.status} from ${request.url}` : `${kind}: ${request.url}`);
    this.name = 'HttpError';
  }
}

/** Whether a call was aborted (its signal, or a newer identical call): nothing the user needs to hear of. */
export function isCanceled(error: unknown): boolean {
  return error instanceof HttpError && error.kind === 'canceled';
}

/** As a query string encodes it, with ':', '$' and ',' left readable and spaces as '+'. */
function encode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

/** `params` as `key=value` pairs, nested arrays and objects in indexed brackets. */
export function serializeParams(params: object): string {
  const pairs: string[] = [];
  const visit = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (value instanceof Date) pairs.push(`${encode(key)}=${encode(value.toISOString())}`);
    else if (typeof value === 'object')
      for (const [inner, item] of Object.entries(value)) visit(`${key}[${inner}]`, item);
    else pairs.push(`${encode(key)}=${encode(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) visit(key, value);
  return pairs.join('&');
}

/** `url` on `baseUrl` with `params` added to its query. */
export function buildUrl(baseUrl: string, url: string, params?: object): string {
  const full = /^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : baseUrl + url;
  const query = params ? serializeParams(params) : '';
  if (!query) return full;
  const path = full.split('#')[0] ?? full;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function bodyOf(data: unknown, headers: Record<string, string>): XMLHttpRequestBodyInit | null {
  if (data === undefined || data === null) return null;
  if (
    typeof data === 'string' ||
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer
  )
    return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

function headersOf(xhr: XMLHttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** Sends the call; resolves with a 2xx answer, rejects with an HttpError otherwise. */
export function sendHttp<T>(baseUrl: string, request: HttpRequest): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const { signal, responseType = 'json' } = request;
    if (signal?.aborted) return reject(new HttpError('canceled', request));
    const xhr = new XMLHttpRequest();
    xhr.open((request.method ?? 'get').toUpperCase(), buildUrl(baseUrl, request.url, request.params));
    xhr.timeout = request.timeout ?? 0;
    xhr.responseType = responseType === 'json' ? 'text' : responseType;
    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      ...request.headers,
    };
    const body = bodyOf(request.data, headers);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const { onUploadProgress } = request;
    if (onUploadProgress)
      xhr.upload.onprogress = (event) =>
        onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort);
    const fail = (kind: HttpError['kind']) => () => {
      signal?.removeEventListener('abort', abort);
      reject(new HttpError(kind, request));
    };
    xhr.onabort = fail('canceled');
    xhr.ontimeout = fail('timeout');
    xhr.onerror = fail('network');
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      let data: unknown = xhr.response;
      if (responseType === 'json' && typeof data === 'string') {
        try {
          data = data === '' ? undefined : JSON.parse(data);
        } catch {
          // Not JSON: the text itself, as the caller may still show it.
        }
      }
      const response: HttpResponse<T> = { data: data as T, status: xhr.status, headers: headersOf(xhr) };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError('status', request, response));
    };
    xhr.send(body);
  });
}
