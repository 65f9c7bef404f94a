/**
 * Handlers return `ok(data, msgKey)`; the route wrapper turns it into the envelope
 * {code: 1, msg, time, data} with msg translated for the caller.
 */
import type { Envelope } from '@portico/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n/index.js';
import { Code } from './errors.js';

const SUCCESS = Symbol('success');

export interface Success<T = unknown> {
  readonly [SUCCESS]: true;
  readonly data: T;
  readonly msg: string;
  readonly params: readonly (string | number)[];
}

export function ok<T>(data: T, msg = '', params: readonly (string | number)[] = []): Success<T> {
  return { [SUCCESS]: true, data, msg, params };
}

export function isSuccess(value: unknown): value is Success {
  return typeof value === 'object' && value !== null && SUCCESS in value;
}

export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  msgKey: string,
  data: unknown,
  params: readonly (string | number)[] = [],
): FastifyReply {
  const msg = msgKey ? translate(msgKey, request.lang, params) : '';
  const envelope: Envelope = { code, msg, time: Math.floor(Date.now() / 1000), data: data ?? null };
  return reply.send(envelope);
}

export function sendSuccess(request: FastifyRequest, reply: FastifyReply, result: Success): FastifyReply {
  return sendEnvelope(request, reply, Code.ok, result.msg, result.data, result.params);
}
