/**
 * CORS as the original answers it: credentials allowed, preflight cached 30 minutes, the
 * product's headers allowed, and the Origin echoed only when it is the site itself or a
 * local development host (localhost, 127.0.0.1), on any port.
 */
import type { FastifyCorsOptions } from '@fastify/cors';

const ALLOWED_HEADERS = [
  'think-lang',
  'server',
  'ba_user_token',
  'ba-user-token',
  'ba_token',
  'ba-token',
  'batoken',
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'If-Match',
  'If-Modified-Since',
  'If-None-Match',
  'If-Unmodified-Since',
  'X-CSRF-TOKEN',
  'X-Requested-With',
];
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function corsOptions(): FastifyCorsOptions {
  return {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, {
        origin: origin ? isAllowedOrigin(origin, request.headers.host) : false,
        credentials: true,
        maxAge: 1800,
        methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
        allowedHeaders: ALLOWED_HEADERS,
      });
    },
  };
}

function isAllowedOrigin(origin: string, host: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return LOCAL_HOSTS.has(url.hostname) || (host !== undefined && url.host === host);
}
