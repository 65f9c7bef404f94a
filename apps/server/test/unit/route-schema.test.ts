/**
 * A route cannot be registered without its schema (modules are JavaScript at run time, so the
 * type alone does not hold them to it), a GET route cannot declare a body, and an answer that
 * its schema does not describe is caught under test, naming the route and the field.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../src/context.js';
import { ok } from '../../src/http/envelope.js';
import { checkAnswer } from '../../src/http/route-schema.js';
import { type ActionSpec, adminController } from '../../src/http/routes.js';

const ctx = {} as AppContext;
const handler = async () => ok(null);

describe('route schemas', () => {
  it('refuses to register a route that declares no schema', () => {
    const spec = { action: 'index', method: 'GET', handler } as unknown as ActionSpec;
    expect(() => adminController(Fastify(), ctx, 'demo.Thing', [spec])).toThrow(
      '/admin/demo.Thing/index: the route declares no schema',
    );
  });

  it('refuses a body on a GET route', () => {
    const spec: ActionSpec = {
      action: 'edit',
      method: ['GET', 'POST'],
      schema: { body: z.object({ id: z.number() }), data: z.null() },
      handler,
    };
    expect(() => adminController(Fastify(), ctx, 'demo.Thing', [spec])).toThrow('a GET route takes no body');
  });

  it('names the route and the field of an answer its schema does not describe', () => {
    const schema = { data: z.object({ list: z.array(z.object({ id: z.number() })) }) };
    expect(() => checkAnswer('GET /admin/demo.Thing/index', schema, { list: [{ id: 1 }] })).not.toThrow();
    expect(() => checkAnswer('GET /admin/demo.Thing/index', schema, { list: [{ id: '1' }] })).toThrow(
      'GET /admin/demo.Thing/index answered data that its schema does not describe: list.0.id',
    );
  });
});
