/**
 * The API reference as a built-in module: `/api/openapi.json` (the document, for tools) and
 * the back-office page "API reference" under Routine, whose rule gates the enveloped copy the
 * page reads. Both are generated, once per process, from every route registered by then,
 * installed modules' included (they register before the first request).
 */

import {
  type AppContext,
  adminController,
  apiRoute,
  defineAction,
  defineModule,
  ok,
  productVersion,
  routeCatalogue,
} from '@portico/server-sdk';
import { AdminController } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type OpenApiDocument, openApiDocument } from './openapi.js';
import { withSummariesIn } from './summaries.js';

const documents = new WeakMap<FastifyInstance, OpenApiDocument>();

async function documentOf(app: FastifyInstance, ctx: AppContext): Promise<OpenApiDocument> {
  let document = documents.get(app);
  if (!document) {
    const version = (await productVersion(ctx.config.projectDir)) || '0.0.0';
    document = openApiDocument(routeCatalogue.get(app) ?? [], version);
    documents.set(app, document);
  }
  return document;
}

const documentSchema = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('An OpenAPI 3.1 document.');

function registerApiDocsRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, ctx, {
    path: 'openapi.json',
    action: 'openapi',
    method: 'GET',
    access: 'public',
    schema: { summary: 'This API as an OpenAPI 3.1 document', data: z.null(), produces: 'application/json' },
    handler: async (_request, reply) => reply.type('application/json').send(await documentOf(app, ctx)),
  });
  adminController(app, ctx, AdminController.apiReference, [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: {
        summary: "The API reference page: the OpenAPI document, its summaries in the reader's language",
        data: documentSchema,
      },
      handler: async (request) => ok(withSummariesIn(await documentOf(app, ctx), request.lang)),
    }),
  ]);
}

export const apiDocsModule = defineModule({
  uid: 'api-docs',
  version: '1.0.0',
  builtIn: true,
  routes: registerApiDocsRoutes,
  adminRules: [
    {
      type: 'menu',
      parent: 'routine',
      title: ['接口文档', 'API reference'],
      name: 'routine/apiReference',
      path: 'routine/apiReference',
      icon: 'fa fa-code',
      component: '/src/views/backend/routine/apiReference.vue',
      menuType: 'tab',
      keepalive: true,
      weigh: 85,
      children: [{ type: 'button', title: ['查看', 'View'], name: 'routine/apiReference/index' }],
    },
  ],
});
