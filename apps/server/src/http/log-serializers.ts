/**
 * How a request appears in the server's log: Fastify's fields, with the URL's secrets
 * masked the way the admin log masks them. A browser's EventSource puts its credentials in
 * the query (the terminal stream's `ticket`, the original client's `batoken`), and a log
 * line must never carry a usable one.
 */
import type { FastifyRequest } from 'fastify';
import { maskContextFor, maskUrl } from '../util/mask-secrets.js';

export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url, maskContextFor(request.url)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
