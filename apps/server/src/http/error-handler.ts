/**
 * Every failure leaves as an envelope. Business errors (ApiError) and malformed input are
 * HTTP 200 with code 0 (or their special code); transport failures keep a real status
 * (404, 413, 429, 503 while the database is unreachable, 500). Nothing internal — stack,
 * SQL, driver text — is ever sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { sendEnvelope } from './envelope.js';
import { ApiError, Code } from './errors.js';
import { InputRefused } from './route-schema.js';

/** Answers a page for requests no route matched (the web app's routes), or null. */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

export function registerErrorHandling(app: FastifyInstance, notFoundPage: NotFoundPage = () => null): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // Input its route's schema refused (route-schema.ts): the refusal it carries.
    const refusal = error instanceof InputRefused ? error.refusal : error;
    if (refusal instanceof ApiError) {
      return sendEnvelope(
        request,
        reply.status(200),
        refusal.code,
        refusal.message,
        refusal.data,
        refusal.params,
      );
    }
    return sendTransportError(refusal, request, reply);
  });

  app.setNotFoundHandler(
    (request, reply) =>
      notFoundPage(request, reply) ??
      sendEnvelope(request, reply.status(404), Code.error, 'Route not found', null),
  );
}

function sendTransportError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendEnvelope(request, reply.status(413), Code.error, 'The request body is too large', null);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendEnvelope(request, reply.status(200), Code.error, 'The request body is not valid JSON', null);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return sendEnvelope(request, reply.status(200), Code.error, 'Unsupported content type', null);
  }
  if (error.statusCode === 429) {
    const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
    return sendEnvelope(
      request,
      reply.status(429),
      Code.error,
      'Please do not request frequently. Try again in %s seconds.',
      null,
      [seconds],
    );
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Other client mistakes Fastify detects (bad URL encoding, etc.).
    return sendEnvelope(request, reply.status(200), Code.error, 'Parameter error', null);
  }
  if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
  request.log.error({ err: error }, 'unhandled error');
  return sendEnvelope(request, reply.status(500), Code.error, 'Server internal error', null);
}

function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  // The operator needs the driver's reason; the client gets only "try again later".
  request.log.warn({ err: error }, 'database unavailable');
  // Recording the request in the admin log would wait for the same database, only to fail.
  request.adminLog = { ...request.adminLog, skip: true };
  return sendServiceUnavailable(request, reply);
}

/** 503 "try again later": while the database cannot be reached, and while the server shuts down. */
export function sendServiceUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(
    request,
    reply.status(503),
    Code.error,
    'The service is temporarily unavailable. Please try again later.',
    null,
  );
}
