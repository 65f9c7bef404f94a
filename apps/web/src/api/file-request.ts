/**
 * A GET answered with a file the caller reads as it streams in (a list's export): fetch, as
 * axios cannot stream a body in the browser, with what every call of request.ts has: the
 * same URL and query serialisation, headers, and token refresh. A JSON answer is an envelope
 * refusing the file: its message is shown and it is thrown, as createAxios does. An abort
 * (`signal`) rejects with the AbortError, silently.
 */
import { notifier } from './notifier';
import {
  type ApiResponse,
  apiUri,
  areaOf,
  DEFAULT_OPTIONS,
  networkMessage,
  refreshAccessToken,
  refused,
  requestHeaders,
  statusMessage,
  TOKEN_HEADER,
} from './request';

export async function fetchFile(
  url: string,
  params: Record<string, unknown>,
  signal?: AbortSignal,
  replayed = false,
): Promise<Response> {
  const headers = requestHeaders(DEFAULT_OPTIONS);
  let response: Response;
  try {
    response = await fetch(apiUri(url, params), { headers, signal });
  } catch (error) {
    if (!signal?.aborted) notifier.error(networkMessage());
    throw error;
  }
  if (!response.ok) {
    notifier.error(statusMessage(response.status, url));
    throw new Error(`HTTP ${response.status}`);
  }
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return response;
  const body = (await response.json()) as ApiResponse;
  const area = areaOf(url);
  // One replay only, as every call: a second 409 means the new token is refused too.
  if (body?.code === 409 && !replayed) {
    await refreshAccessToken(area, headers[TOKEN_HEADER[area]] ?? '');
    return fetchFile(url, params, signal, true);
  }
  refused(body, area, DEFAULT_OPTIONS);
  throw body;
}
