/**
 * The adapter asks Portico's own store (`/api/store/...`, and the member's `/api/index/index`) in process, as a client would, so
 * every rule (what is listed, who may order, pay and download) stays in one place: the store's
 * routes. The member's token, language, address and payment key travel with the call.
 *
 * Portico asks a member to sign in with 303 and reports an expired token with 409, the codes
 * the original client reserves for the administrator's own session (it would sign the admin
 * out). The original's market expects 301 and 408 for its member, so those are renamed here,
 * as the site's market proxy does for Portico's own market screens.
 */
import { ApiError, Code, USER_TOKEN_HEADERS } from '@portico/server-sdk';
import { IDEMPOTENCY_KEY_HEADER, LoginState } from '@portico/shared';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';

export interface StoreEnvelope<T> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export interface StoreCall {
  method: 'GET' | 'POST';
  /** A path under /api/: `store/...`, or `index/index` for the member. */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** The member token: a header, or `ba-user-token` in the query as the original's server sends it. */
export function memberToken(request: FastifyRequest): string {
  for (const name of USER_TOKEN_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  const query = request.query as Record<string, unknown> | undefined;
  const inQuery = query?.['ba-user-token'];
  return typeof inQuery === 'string' ? inQuery.trim() : '';
}

/** The raw answer of Portico's store route (a zip for a download that is allowed). */
export function callStoreRaw(
  app: FastifyInstance,
  request: FastifyRequest,
  call: StoreCall,
): Promise<LightMyRequestResponse> {
  const token = memberToken(request);
  const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return app.inject({
    method: call.method,
    url: `/api/${call.path}`,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body ? { payload: call.body } : {}),
    remoteAddress: request.ip,
    headers: {
      'think-lang': request.lang,
      server: 'true',
      ...(token ? { 'ba-user-token': token } : {}),
      ...(typeof key === 'string' ? { [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: key } : {}),
    },
  });
}

/** Portico's envelope with the member-login codes made the original market's. */
export function marketEnvelope<T>(response: LightMyRequestResponse): StoreEnvelope<T> {
  const envelope = response.json() as StoreEnvelope<T>;
  return { ...envelope, code: marketCodeOf(envelope.code, envelope.data) };
}

export async function callStore<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  call: StoreCall,
): Promise<StoreEnvelope<T>> {
  return marketEnvelope<T>(await callStoreRaw(app, request, call));
}

function marketCodeOf(code: number, data: unknown): number {
  if (code === Code.tokenExpired) return Code.marketTokenExpired;
  if (code !== Code.loginState) return code;
  // "Already signed in" is no reason to drop the market login: a plain refusal.
  const type = (data as { type?: unknown } | null)?.type;
  return type === LoginState.loggedIn ? Code.error : Code.marketNeedLogin;
}

/** Refuses with Portico's refusal (its message already translated, its code the market's). */
export function refuse(envelope: StoreEnvelope<unknown>): never {
  throw new ApiError(envelope.msg, [], envelope.code as ApiError['code'], envelope.data ?? null);
}

/** The data of a success; anything else is refused as Portico refused it. */
export function answered<T>(envelope: StoreEnvelope<T>): T {
  if (envelope.code !== 1) refuse(envelope);
  return envelope.data;
}
