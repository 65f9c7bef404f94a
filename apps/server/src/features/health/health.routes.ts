/** `GET /health`: liveness for load balancers and the benchmark's baseline. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendEnvelope } from '../../http/envelope.js';
import { catalogueRoute } from '../../http/routes.js';

export function registerHealthRoute(app: FastifyInstance): void {
  // Registered bare: nothing in the way of the cheapest answer the server gives.
  app.get('/health', async (request, reply) => sendEnvelope(request, reply, 1, '', { status: 'ok' }));
  catalogueRoute(app, {
    area: 'site',
    url: '/health',
    methods: ['GET'],
    access: 'public',
    permission: '',
    rateLimited: false,
    memberCenter: false,
    schema: {
      summary: 'Liveness: answers while the process serves',
      data: z.object({ status: z.literal('ok') }),
    },
  });
}
