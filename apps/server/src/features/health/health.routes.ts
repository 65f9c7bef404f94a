/** `GET /health`: liveness for load balancers and the benchmark's baseline. */
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from '../../http/envelope.js';

export function registerHealthRoute(app: FastifyInstance): void {
  app.get('/health', async (request, reply) => sendEnvelope(request, reply, 1, '', { status: 'ok' }));
}
