/**
 * The OpenAPI 3.1 document of every catalogued route (http/routes.ts), generated from the
 * zod schemas the routes validate with: parameters and bodies as a client sends them
 * (`io: 'input'`), the `data` of each success envelope as the server answers it.
 */

import { ADMIN_TOKEN_HEADERS, type CataloguedRoute, USER_TOKEN_HEADERS } from '@portico/server-sdk';
import { ResponseCode } from '@portico/shared';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, JsonSchema>>;
  components: JsonSchema;
  tags: { name: string; description?: string }[];
}

const CODES: Record<number, string> = {
  [ResponseCode.ok]: 'success; `data` is the answer',
  [ResponseCode.error]: 'refused; `msg` says why (bad input, a business rule) and nothing was changed',
  [ResponseCode.navigate]: 'go to the route named in `data.routePath`',
  [ResponseCode.loginState]: 'not signed in (`data.type` "need login"), or already signed in ("logged in")',
  [ResponseCode.noPermission]: "signed in, but the group lacks the route's permission",
  [ResponseCode.tokenExpired]: 'the token expired: refresh it with the refresh token, then retry',
  [ResponseCode.marketNeedLogin]: 'the module market needs its own sign-in',
  [ResponseCode.marketTokenExpired]: "the module market's token expired",
};

const DESCRIPTION = `Every JSON answer is an envelope \`{code, msg, time, data}\`. Business refusals are HTTP 200
with \`code\` 0; transport failures keep a real status (404, 413, 429, 503 while the database is unreachable,
500) with the same envelope.

| code | meaning |
|---|---|
${Object.entries(CODES)
  .map(([code, meaning]) => `| ${code} | ${meaning} |`)
  .join('\n')}

**Authentication.** Back-office routes (\`/admin/...\`) take the administrator's token in the \`${ADMIN_TOKEN_HEADERS[0]}\`
header; member routes (\`/api/...\`) take the member's token in \`${USER_TOKEN_HEADERS[0]}\`. Both are answered by the
sign-in routes with a refresh token that \`/api/common/refreshToken\` exchanges for a new token. Each operation
names its permission key (\`x-permission\`): an administrator's groups must grant that rule.

**Language.** \`msg\` (and translated labels) follow the \`lang\` query parameter, then the \`think-lang\` header
(\`zh-cn\` or \`en\`), then Accept-Language; simplified Chinese by default.

**Input.** Bodies are JSON or \`application/x-www-form-urlencoded\` with PHP bracket notation
(\`ids[]=1&ids[]=2\`, \`search[0][field]=id\`); query strings use the same notation. Numbers and flags may arrive
as strings.`;

const ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['code', 'msg', 'time', 'data'],
  properties: {
    code: {
      type: 'integer',
      enum: Object.keys(CODES).map(Number),
      description: 'See the table of codes in the introduction.',
    },
    msg: { type: 'string', description: "A message in the caller's language; empty when there is none." },
    time: { type: 'integer', description: 'Server time, unix seconds.' },
    data: { description: 'The answer (code 1) or extra detail of a refusal; null when none.' },
  },
};

const TRANSPORT_FAILURES: Record<string, string> = {
  '404': 'No such route.',
  '413': 'The request body is too large.',
  '429': 'Too many requests from this address; `msg` says when to retry.',
  '500': 'An unexpected server error (nothing internal is disclosed).',
  '503': 'The database cannot be reached, or the server is shutting down: try again later.',
};

export function openApiDocument(routes: readonly CataloguedRoute[], version: string): OpenApiDocument {
  const definitions: Record<string, JsonSchema> = {};
  const toJson: ToJson = (schema, io) => jsonSchema(schema, io, definitions);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  for (const route of routes) {
    const tag = tagOf(route);
    tags.set(
      tag,
      route.area === 'admin'
        ? 'Back office'
        : route.area === 'api'
          ? 'Member centre and public'
          : 'The server',
    );
    const item = paths[route.url] ?? {};
    paths[route.url] = item;
    for (const method of route.methods) {
      if (method === 'HEAD') continue;
      item[method.toLowerCase()] = operation(route, method, tag, toJson);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portico API', version, description: DESCRIPTION },
    tags: [...tags]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        adminToken: { type: 'apiKey', in: 'header', name: ADMIN_TOKEN_HEADERS[0] },
        memberToken: { type: 'apiKey', in: 'header', name: USER_TOKEN_HEADERS[0] },
        terminalTicket: {
          type: 'apiKey',
          in: 'query',
          name: 'ticket',
          description:
            'A single-use ticket from POST /admin/Terminal/ticket (an EventSource sends no headers).',
        },
      },
      schemas: { Envelope: ENVELOPE, ...definitions },
      parameters: {
        lang: {
          name: 'think-lang',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['zh-cn', 'en'] },
          description: 'The language of `msg` and of translated labels.',
        },
      },
      responses: Object.fromEntries(
        Object.entries(TRANSPORT_FAILURES).map(([status, description]) => [
          status,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
          },
        ]),
      ),
    },
  };
}

/** `admin: auth.Admin` for `/admin/auth.Admin/edit`; `api: user` for `/api/user/checkIn`; `site`. */
function tagOf(route: CataloguedRoute): string {
  const [, , group] = route.url.split('/');
  return route.area === 'site' ? 'site' : `${route.area}: ${group}`;
}

function operation(route: CataloguedRoute, method: string, tag: string, toJson: ToJson): JsonSchema {
  const { schema } = route;
  const parameters: JsonSchema[] = [
    ...fieldParameters(schema.params, 'path', toJson),
    ...fieldParameters(schema.query, 'query', toJson),
    { $ref: '#/components/parameters/lang' },
  ];
  const answer = {
    allOf: [
      { $ref: '#/components/schemas/Envelope' },
      { type: 'object', properties: { data: toJson(schema.data, 'output') } },
    ],
  };
  return {
    operationId: `${method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = '') => c.toUpperCase())}`,
    summary: schema.summary ?? route.url.split('/').at(-1),
    description: accessText(route),
    tags: [tag],
    'x-access': route.access,
    ...(route.access === 'permission' ? { 'x-permission': route.permission } : {}),
    ...(route.memberCenter ? { 'x-member-center': true } : {}),
    ...(route.rateLimited ? { 'x-rate-limited': true } : {}),
    ...(schema.produces ? { 'x-produces': schema.produces } : {}),
    ...(route.ticket ? { 'x-ticket': true } : {}),
    security: securityOf(route),
    parameters,
    ...(schema.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: toJson(schema.body, 'input') },
              'application/x-www-form-urlencoded': { schema: toJson(schema.body, 'input') },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: schema.produces
          ? `The ${schema.produces} answer; a refusal is the envelope.`
          : 'The envelope; `data` as below when `code` is 1.',
        content: {
          ...(schema.produces ? { [schema.produces]: {} } : {}),
          'application/json': { schema: answer },
        },
      },
      ...Object.fromEntries(
        Object.keys(TRANSPORT_FAILURES).map((status) => [
          status,
          { $ref: `#/components/responses/${status}` },
        ]),
      ),
    },
  };
}

function securityOf(route: CataloguedRoute): Record<string, string[]>[] {
  if (route.ticket) return [{ terminalTicket: [] }];
  if (route.access === 'public') return [];
  return [{ [route.area === 'admin' ? 'adminToken' : 'memberToken']: [] }];
}

function accessText(route: CataloguedRoute): string {
  const who =
    route.access === 'public'
      ? 'Public: no token needed.'
      : route.access === 'login'
        ? route.ticket
          ? 'A super administrator, proved by a ticket in the query.'
          : `Any signed-in ${route.area === 'admin' ? 'administrator' : 'member'}.`
        : `Needs the permission \`${route.permission}\`.`;
  const notes = [
    who,
    route.memberCenter ? 'Refused while the site has the member centre switched off.' : '',
    route.rateLimited ? 'Counts toward the per-address budget of sign-in attempts (HTTP 429 past it).' : '',
  ];
  return notes.filter(Boolean).join(' ');
}

/** One parameter per top-level field; nested fields use bracket notation (deepObject). */
function fieldParameters(
  schema: z.ZodType | undefined,
  location: 'query' | 'path',
  toJson: ToJson,
): JsonSchema[] {
  if (!schema) return [];
  const object = toJson(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
      // Objects as a[b]=1, lists as a=1&a=2 (a[]=1 is read alike).
      ...(location === 'query' && rest.type === 'object' ? { style: 'deepObject', explode: true } : {}),
    };
  });
}

type ToJson = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema;

/**
 * A zod schema as JSON Schema 2020-12. A recursive one (a menu's children) comes with `$defs`
 * of its own; they move to the document's components, as a `#/$defs/...` reference inside an
 * operation would not resolve.
 */
function jsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  definitions: Record<string, JsonSchema>,
): JsonSchema {
  const {
    $schema: _,
    $defs,
    ...json
  } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Transforms and custom checks have no JSON Schema: they document as "any value".
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return json;
  const names = new Map<string, string>();
  for (const name of Object.keys($defs))
    names.set(name, `Recursive${Object.keys(definitions).length + names.size + 1}`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${names.get(inner.slice('#/$defs/'.length))}`]
          : [key, rewrite(inner)],
      ),
    );
  };
  for (const [name, definition] of Object.entries($defs)) {
    definitions[names.get(name) as string] = rewrite(definition) as JsonSchema;
  }
  return rewrite(json) as JsonSchema;
}
