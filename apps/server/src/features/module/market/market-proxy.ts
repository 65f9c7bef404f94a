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
 *
 * The store may be someone else's server: its answer is read with a size cap enforced while it
 * arrives (capped-body.ts), and the HTML the market dialog inserts (a module's description)
 * goes through the sanitizer of the site's own rich text before it reaches the back office.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { sanitizeBody } from '../../../html/sanitize.js';
import { ApiError, fail } from '../../../http/errors.js';
import { IDEMPOTENCY_HEADER } from '../../../http/idempotency.js';
import { MAX_MARKET_ANSWER_BYTES, readCappedBody } from './capped-body.js';
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

const PASSED_TYPES = /^(application\/json|image\/svg\+xml|image\/png)/;

const MARKET_TOKEN_HEADER = 'x-market-token';
const UNTRUSTED_ANSWER_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

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
  const failure = (error: unknown): ApiError => {
    if (error instanceof ApiError) return error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return new ApiError(timedOut ? M.timedOut : M.unreachable, [
      origin,
      Math.round(ctx.config.marketTimeoutMs / 1000),
    ]);
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
    throw failure(error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!PASSED_TYPES.test(type)) {
    await response.body?.cancel().catch(() => {});
    fail(M.notAMarket, origin);
  }
  const body = await readCappedBody(response).catch((error: unknown) => {
    throw failure(error);
  });
  if (!body) fail(M.answerTooLarge, MAX_MARKET_ANSWER_BYTES / 1024 / 1024);
  // The store's image (its captcha SVG) runs nothing even when opened on its own at this origin.
  return reply
    .status(response.ok ? 200 : response.status)
    .header('content-type', type)
    .header('content-security-policy', UNTRUSTED_ANSWER_POLICY)
    .send(type.startsWith('application/json') ? await untrustedEnvelope(body) : body);
}

/**
 * The store's envelope made safe for the market screens: its login codes made the market's, and
 * a module description (HTML the dialog inserts) sanitized; anything else as it came.
 */
async function untrustedEnvelope(body: Buffer): Promise<Buffer> {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (typeof envelope !== 'object' || envelope === null || !('code' in envelope)) return body;
  const { code, data } = envelope as { code: unknown; data?: unknown };
  if (typeof code !== 'number') return body;
  const description = (data as { description?: unknown } | null)?.description;
  return Buffer.from(
    JSON.stringify({
      ...envelope,
      code: marketCode(code, data),
      ...(typeof description === 'string'
        ? { data: { ...(data as object), description: await sanitizeBody(description) } }
        : {}),
    }),
  );
}
