/**
 * The site's side of the module market (the original's "Market HTTP client",
 * download): this server asks the store named by MARKET_URL (by default its own instance)
 * whether the market member may have a module, downloads the package with the member's
 * token and order, and checks it against the SHA-256 the store published before anything
 * is installed.
 *
 * Every request has a deadline (MARKET_TIMEOUT_MS): a store that does not answer becomes a
 * clear message naming it, never a hung install. The store's refusals (its envelope, code 0 or
 * a login code, made the market's: see market-codes.ts) are passed on with its own message,
 * so the administrator sees why.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Envelope, StorePreCheck } from '@portico/shared';
import type { AppConfig } from '../../../config.js';
import { ApiError, fail } from '../../../http/errors.js';
import { UPLOAD_LIMITS } from '../package/zip-read.js';
import { MAX_MARKET_ANSWER_BYTES, readCappedBody } from './capped-body.js';
import { marketCode } from './market-codes.js';
import { MARKET_MESSAGES as M } from './messages.js';

export interface MarketMember {
  /** The store member's token (the market login of the administrator). */
  token: string;
  /** The order that covers the module; 0 for a free one. */
  orderId: number;
  /** The administrator's language: the store's refusals are quoted in the site's answer. */
  lang?: string;
}

/** The store's origin: MARKET_URL, or this server at the address it listens on. */
export function marketOrigin(config: Pick<AppConfig, 'marketUrl' | 'host' | 'port'>): string {
  if (config.marketUrl) return config.marketUrl;
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}

/** A store refusal, passed on with its code (0, or 301/408 when the market login is needed). */
function storeRefusal(envelope: Envelope<unknown>): ApiError {
  return new ApiError(
    M.storeSaid,
    [envelope.msg || M.noReason],
    marketCode(envelope.code, envelope.data),
    envelope.data,
  );
}

export class MarketClient {
  constructor(
    private readonly origin: string,
    private readonly timeoutMs: number,
  ) {}

  /** May the member have this module (its newest version, or `version`)? Answers what the store published. */
  async preCheck(uid: string, member: MarketMember, version = ''): Promise<StorePreCheck> {
    const response = await this.get(
      '/api/store/preCheck',
      { uid, version, order_id: member.orderId },
      member,
    );
    const body = await this.readJson(response);
    if (body.code !== 1) throw storeRefusal(body);
    return body.data as StorePreCheck;
  }

  /**
   * Downloads `expected.version` of `uid` to `file` and checks its size and SHA-256 against
   * what the store published (`expected`, from preCheck): a package changed on the way, or on
   * the store after it was published, is deleted and refused.
   */
  async download(uid: string, member: MarketMember, expected: StorePreCheck, file: string): Promise<void> {
    const response = await this.get(
      '/api/store/download',
      { uid, version: expected.version, order_id: member.orderId },
      member,
    );
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) throw storeRefusal(await this.readJson(response));
    // An HTML error page, a proxy's answer, an empty body: not a package.
    if (!response.ok || !type.includes('application/zip') || !response.body) fail(M.downloadFailed);
    await mkdir(dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > UPLOAD_LIMITS.maxUnpackedBytes) return done(new ApiError(M.downloadTooLarge));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
        count,
        createWriteStream(file),
        { signal: AbortSignal.timeout(this.timeoutMs * 4) },
      );
      if (size !== expected.size || hash.digest('hex') !== expected.sha256) fail(M.checksumMismatch);
    } catch (error) {
      await rm(file, { force: true });
      if (error instanceof ApiError) throw error;
      fail(M.downloadFailed);
    }
  }

  private async get(path: string, query: Record<string, string | number>, member: MarketMember) {
    const url = new URL(`${this.origin}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    try {
      return await fetch(url, {
        // The token travels in a header only: query strings end up in logs.
        headers: {
          'ba-user-token': member.token,
          'x-requested-with': 'XMLHttpRequest',
          server: 'true',
          ...(member.lang ? { 'think-lang': member.lang } : {}),
        },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ApiError(timedOut ? M.timedOut : M.unreachable, [
        this.origin,
        Math.round(this.timeoutMs / 1000),
      ]);
    }
  }

  private async readJson(response: Response): Promise<Envelope<unknown>> {
    const text = await readCappedBody(response).catch(() => fail(M.notAMarket, this.origin));
    if (!text) return fail(M.answerTooLarge, MAX_MARKET_ANSWER_BYTES / 1024 / 1024);
    try {
      const body: unknown = JSON.parse(text.toString('utf8'));
      if (isEnvelope(body)) return body;
    } catch {
      // Not JSON: said below.
    }
    return fail(M.notAMarket, this.origin);
  }
}
