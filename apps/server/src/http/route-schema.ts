/**
 * What a route takes and answers, declared once with zod: Fastify validates the query,
 * params and body with it before the handler runs (the handler receives the parsed,
 * typed values), the OpenAPI document (areas/api-docs) is generated from it, and under
 * test every success answer's `data` is checked against it, so a declared shape cannot
 * drift from what the route really sends.
 */
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { Access } from './access.js';
import type { Success } from './envelope.js';
import { ApiError } from './errors.js';
import { parseInput } from './validate.js';

export interface RouteSchema {
  /** One line for the API reference. */
  summary?: string;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Only for methods that carry a body (POST, DELETE...). */
  body?: z.ZodType;
  /** The `data` of the success envelope; `z.null()` when there is none. */
  data: z.ZodType;
  /**
   * The content type when a success is not the JSON envelope (a file, an image, a page):
   * the handler sends it itself, and `data` describes the envelope of its refusals (z.null()).
   */
  produces?: string;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : unknown;

/** A request whose query, params and body are what the route's schema produced. */
export type SchemaRequest<S extends RouteSchema> = FastifyRequest<{
  Querystring: Parsed<S['query']>;
  Params: Parsed<S['params']>;
  Body: Parsed<S['body']>;
}>;

export type Handler<S extends RouteSchema = RouteSchema> = (
  request: SchemaRequest<S>,
  reply: FastifyReply,
) => Promise<Success | FastifyReply>;

/** A route as the API reference and the route tests see it. */
export interface CataloguedRoute {
  /** admin: `/admin/…`; api: `/api/…`; site: the server's own (`/health`). */
  area: 'admin' | 'api' | 'site';
  url: string;
  methods: string[];
  access: Access;
  permission: string;
  rateLimited: boolean;
  memberCenter: boolean;
  /** Proves the caller with a ticket in the query instead of the token header (an EventSource). */
  ticket?: boolean;
  schema: RouteSchema;
}

/**
 * Fastify's validator for zod schemas. A failure is the same translated "Parameter x ..."
 * refusal handlers raised before (code 0, HTTP 200), carried as the error's cause because
 * Fastify stamps validation errors with its own code (see error-handler.ts).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parseInput(schema, data) };
    } catch (error) {
      // A refusal; anything else is a fault of the server's, left to the error handler.
      if (error instanceof ApiError) return { error: new InputRefused(error) };
      throw error;
    }
  };

export class InputRefused extends Error {
  constructor(readonly refusal: ApiError) {
    super(refusal.message);
  }
}

/**
 * Under test, a success answer whose `data` does not match the route's declared schema
 * fails the request, naming the route and the first difference.
 */
export function checkAnswer(route: string, schema: RouteSchema, data: unknown): void {
  const result = schema.data.safeParse(data ?? null);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(
    `${route} answered data that its schema does not describe: ${issue?.path.join('.') || 'data'}: ${issue?.message}`,
  );
}
