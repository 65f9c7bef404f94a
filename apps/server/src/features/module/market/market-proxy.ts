/**
 * The market screens' way to the store: `/admin/module/market?path=<store path>` forwards a
 * browsing, login or purchase request to the store named by MARKET_URL and answers with what
 * the store said (its envelope and code, or its captcha image). Going through this server
 * rather than straight from the browser means no cross-origin rules between a site and its
 * store, one place with the timeout and the clear messages, and only the store paths listed
 * here can be reached: the proxy is not a way to make this server fetch anything else.
 *
 * The market member's token travels in the `x-market-token` header (the site's own token is
 * in `batoken`) and is passed to the store as its member token. The store's member-login codes
 * come back as the market's (see market-codes.ts), with the store's message.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ApiError, fail } from '../../../http/errors.js';
import { IDEMPOTENCY_HEADER } from '../../../http/idempotency.js';
import { marketOrigin } from './market-client.js';
import { marketCode } from './market-codes.js';
import { MARKET_MESSAGES as M } from './messages.js';

/** Store paths the market screens use, with the methods each accepts. */
const MARKET_PATHS: Readonly<Record<string, readonly ('GET' | 'POST')[]>> = {
  'store/index': ['GET'],
  'store/info': ['GET'],
  'store/orders': ['GET'],
  'store/order': ['POST'],
  'store/pay': ['POST'],
  'common/captcha': ['GET'],
  'user/checkIn': ['GET', 'POST'],
  'user/logout': ['POST'],
  'index/index': ['GET'],
};

/** A store answer larger than this is not one the screens asked for. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const PASSED_TYPES = /^(application\/json|image\/svg\+xml|image\/png)/;

export const MARKET_TOKEN_HEADER = 'x-market-token';

export async function forwardToMarket(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { path, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const method = request.method === 'POST' ? 'POST' : 'GET';
  if (typeof path !== 'string' || !MARKET_PATHS[path]?.includes(method)) fail(M.unknownMarketPath);
  const origin = marketOrigin(ctx.config);
  const url = new URL(`${origin}/api/${path}`);
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string') url.searchParams.set(key, value);
  const token = request.headers[MARKET_TOKEN_HEADER];
  const idempotencyKey = request.headers[IDEMPOTENCY_HEADER];
  const headers: Record<string, string> = {
    'think-lang': request.lang,
    server: 'true',
    'x-requested-with': 'XMLHttpRequest',
    ...(typeof token === 'string' && token ? { 'ba-user-token': token } : {}),
    // A payment's key travels on, so the store applies a retried payment once.
    ...(typeof idempotencyKey === 'string' ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
    ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
  };
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(ctx.config.marketTimeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? M.timedOut : M.unreachable, [
      origin,
      Math.round(ctx.config.marketTimeoutMs / 1000),
    ]);
  }
  const type = response.headers.get('content-type') ?? '';
  const body = Buffer.from(await response.arrayBuffer());
  if (!PASSED_TYPES.test(type) || body.length > MAX_ANSWER_BYTES) fail(M.notAMarket, origin);
  return reply
    .status(response.ok ? 200 : response.status)
    .header('content-type', type)
    .send(type.startsWith('application/json') ? withMarketCode(body) : body);
}

/** The store's envelope with its login codes made the market's; anything else as it came. */
function withMarketCode(body: Buffer): Buffer {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) return body;
  const { code, data } = envelope as { code: unknown; data?: unknown };
  if (typeof code !== 'number') return body;
  const translated = marketCode(code, data);
  return translated === code ? body : Buffer.from(JSON.stringify({ ...envelope, code: translated }));
}
