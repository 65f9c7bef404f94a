/**
 * Route declaration for the two areas. Admin actions live at
 * `/admin/<controller>/<action>` (controller dotted: `auth.Admin`) and are matched
 * case-insensitively; each declares who may call it, and the permission key is derived
 * the way the original derives it: `auth.Admin` + `edit` → `auth/admin/edit`.
 */
// The type import also brings the plugin's `app.rateLimit` declaration into every program.
import type { RateLimitOptions } from '@fastify/rate-limit';
import { adminUrl } from '@portico/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { Access } from './access.js';
import { isSuccess, type Success, sendSuccess } from './envelope.js';
import { ApiError } from './errors.js';
import { type CataloguedRoute, checkAnswer, type RouteSchema, type SchemaRequest } from './route-schema.js';
import type { RouteServices } from './route-services.js';

const MEMBER_CENTER_DISABLED =
  'The member center has been disabled. Please contact the webmaster to turn it on.';

export interface ActionSpec<S extends RouteSchema = RouteSchema> {
  action: string;
  method: HTTPMethods | HTTPMethods[];
  access?: Access;
  /** Permission key when it differs from the derived one. */
  permission?: string;
  /**
   * An image's address (an `<img>` cannot send headers): the admin token may come as `batoken`
   * in the query, as the original client's suffix icons send it. GET only; every other route
   * reads the token from the header alone.
   */
  imageUrl?: boolean;
  /** Counts toward the one per-IP budget of auth POSTs (login, register, code sending, retrieval). */
  rateLimited?: boolean;
  /**
   * Checks that come before the input is validated, after the caller is known: who beyond the
   * permission may call (super administrators only), whether the route may be used now. Their
   * refusal is what the caller hears, whatever the input.
   */
  guard?(request: FastifyRequest): void | Promise<void>;
  /** What the route takes and answers; a GET route takes no body (one spec per method then). */
  schema: S;
  // Method syntax: a spec of a particular schema is still an ActionSpec (bivariant parameter).
  handler(request: SchemaRequest<S>, reply: FastifyReply): Promise<Success | FastifyReply>;
}

/** An admin action whose handler's request is typed from its schema (inside an array literal). */
export function defineAction<S extends RouteSchema>(spec: ActionSpec<S>): ActionSpec {
  return spec;
}

export function permissionKey(controller: string, action: string): string {
  return `${controller.replaceAll('.', '/')}/${action}`.toLowerCase();
}

/** Every admin and member route with its schema: the API reference and the route tests read it. */
export const routeCatalogue = new WeakMap<FastifyInstance, CataloguedRoute[]>();

/** Every route Fastify registered (method and URL), for the test that each is catalogued. */
export const registeredRoutes = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Records every route from now on; buildApp calls it first. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: { method: string; url: string }[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

/**
 * Catalogues a route registered without the helpers below (an event stream, the health
 * check), so that the API reference describes it too. Its schema documents; the route itself
 * checks what it is sent.
 */
export function catalogueRoute(app: FastifyInstance, route: CataloguedRoute): void {
  const catalogue = routeCatalogue.get(app) ?? [];
  routeCatalogue.set(app, catalogue);
  catalogue.push(route);
}

/** Routes whose answers are checked against their schema (tests; see checkAnswer). */
export const answerChecks = new WeakSet<FastifyInstance>();

export function adminController(
  app: FastifyInstance,
  ctx: RouteServices,
  controller: string,
  actions: ActionSpec[],
): void {
  for (const spec of actions) {
    const access = spec.access ?? 'permission';
    const permission = spec.permission ?? permissionKey(controller, spec.action);
    addRoute(
      app,
      ctx,
      spec,
      { area: 'admin', url: adminUrl(controller, spec.action), access, permission },
      (request) => ctx.adminAuth.authenticate(request, access, permission, !!spec.imageUrl),
    );
  }
}

export interface ApiRouteSpec<S extends RouteSchema = RouteSchema> extends ActionSpec<S> {
  path: string;
  /** Part of the member centre: refused with one message while the site owner has it switched off. */
  memberCenter?: boolean;
}

export function apiRoute<S extends RouteSchema>(
  app: FastifyInstance,
  ctx: RouteServices,
  spec: ApiRouteSpec<S>,
): void {
  const access = spec.access ?? 'public';
  const permission = spec.permission ?? spec.path.toLowerCase();
  const route = {
    area: 'api' as const,
    url: `/api/${spec.path}`,
    access,
    permission,
    memberCenter: !!spec.memberCenter,
  };
  addRoute(app, ctx, spec as ApiRouteSpec, route, async (request) => {
    if (spec.memberCenter && !(await ctx.settings.flag('open_member_center'))) {
      throw new ApiError(MEMBER_CENTER_DISABLED);
    }
    await ctx.userAuth.authenticate(request, access, permission);
  });
}

/**
 * Registers one route: its caller is checked first (preValidation), so a stranger hears
 * "please log in" rather than what the input lacked; then its input is validated against
 * its schema, then the handler runs.
 */
function addRoute(
  app: FastifyInstance,
  ctx: RouteServices,
  spec: ActionSpec,
  route: Pick<CataloguedRoute, 'area' | 'url' | 'access' | 'permission'> & { memberCenter?: boolean },
  authenticate: (request: FastifyRequest) => Promise<void>,
): void {
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const { schema } = spec;
  // Modules are JavaScript at run time: a missing schema is caught here, not only by the type.
  if (!schema?.data) throw new Error(`${route.url}: the route declares no schema (with its answer's data)`);
  if (spec.imageUrl && methods.some((method) => method !== 'GET')) {
    throw new Error(`${route.url}: only a GET route may take its token in the query (imageUrl)`);
  }
  if (schema.body && methods.some((method) => method === 'GET' || method === 'HEAD')) {
    throw new Error(`${route.url}: a GET route takes no body; declare its methods as separate specs`);
  }
  catalogueRoute(app, {
    ...route,
    methods,
    memberCenter: !!route.memberCenter,
    rateLimited: !!spec.rateLimited,
    schema,
  });
  app.route({
    method: methods,
    url: route.url,
    schema: {
      ...(schema.query ? { querystring: schema.query } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.body ? { body: schema.body } : {}),
    },
    ...authBudget(app, ctx, spec),
    preValidation: async (request) => {
      await authenticate(request);
      await spec.guard?.(request);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await spec.handler(request as SchemaRequest<RouteSchema>, reply);
      if (!isSuccess(result)) return result;
      if (answerChecks.has(app)) checkAnswer(`${request.method} ${route.url}`, schema, result.data);
      return sendSuccess(request, reply, result);
    },
  });
}

/** One limiter per app: every rate-limited route shares it, and with it one counter per IP. */
const authLimiters = new WeakMap<RouteServices, onRequestAsyncHookHandler>();

/**
 * The per-IP budget of auth attempts (AUTH_RATE_LIMIT a minute), shared by every auth
 * POST: an attacker cannot multiply it by spreading guesses over the routes. A per-route
 * `config.rateLimit` would not do: the plugin gives each route a store of its own (even
 * with a `groupId`). The counters live in the database (http/auth-budget-store.ts), so every
 * server process on it spends the same budget.
 */
function authBudget(app: FastifyInstance, ctx: RouteServices, spec: ActionSpec) {
  if (!spec.rateLimited) return {};
  let limiter = authLimiters.get(ctx);
  if (!limiter) {
    const options: RateLimitOptions = {
      max: ctx.config.authRateLimit,
      timeWindow: 60_000,
      // Only attempts count; reading a form's settings (GET) does not.
      allowList: (request) => request.method !== 'POST',
    };
    const check = app.rateLimit(options);
    limiter = (request, reply) => check.call(app, request, reply);
    authLimiters.set(ctx, limiter);
  }
  return { onRequest: limiter };
}
