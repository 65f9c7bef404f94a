/**
 * Route declaration for the two areas. Admin actions live at
 * `/admin/<controller>/<action>` (controller dotted: `auth.Admin`) and are matched
 * case-insensitively; each declares who may call it, and the permission key is derived
 * the way the original derives it: `auth.Admin` + `edit` → `auth/admin/edit`.
 */
// The type import also brings the plugin's `app.rateLimit` declaration into every program.
import type { RateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { AppContext } from '../context.js';
import type { Access } from './access.js';
import { isSuccess, type Success, sendSuccess } from './envelope.js';
import { ApiError } from './errors.js';

export const MEMBER_CENTER_DISABLED =
  'The member center has been disabled. Please contact the webmaster to turn it on.';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<Success | FastifyReply>;

export interface ActionSpec {
  action: string;
  method: HTTPMethods | HTTPMethods[];
  access?: Access;
  /** Permission key when it differs from the derived one. */
  permission?: string;
  /** Counts toward the one per-IP budget of auth POSTs (login, register, code sending, retrieval). */
  rateLimited?: boolean;
  handler: Handler;
}

export interface RegisteredAdminRoute {
  url: string;
  methods: HTTPMethods[];
  access: Access;
  permission: string;
}

export function permissionKey(controller: string, action: string): string {
  return `${controller.replaceAll('.', '/')}/${action}`.toLowerCase();
}

/** Every admin route, for the test that proves each one refuses strangers. */
export const adminRouteRegistry = new WeakMap<FastifyInstance, RegisteredAdminRoute[]>();

export function adminController(
  app: FastifyInstance,
  ctx: AppContext,
  controller: string,
  actions: ActionSpec[],
): void {
  const registry = adminRouteRegistry.get(app) ?? [];
  adminRouteRegistry.set(app, registry);
  for (const spec of actions) {
    const url = `/admin/${controller}/${spec.action}`;
    const access = spec.access ?? 'permission';
    const permission = spec.permission ?? permissionKey(controller, spec.action);
    const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
    registry.push({ url, methods, access, permission });
    app.route({
      method: methods,
      url,
      ...authBudget(app, ctx, spec),
      preHandler: async (request) => {
        await ctx.adminAuth.authenticate(request, access, permission);
      },
      handler: wrap(spec.handler),
    });
  }
}

export interface ApiRouteSpec extends ActionSpec {
  path: string;
  /** Part of the member centre: refused with one message while the site owner has it switched off. */
  memberCenter?: boolean;
}

export function apiRoute(app: FastifyInstance, ctx: AppContext, spec: ApiRouteSpec): void {
  const access = spec.access ?? 'public';
  const permission = spec.permission ?? spec.path.toLowerCase();
  app.route({
    method: spec.method,
    url: `/api/${spec.path}`,
    ...authBudget(app, ctx, spec),
    preHandler: async (request) => {
      if (spec.memberCenter && !(await ctx.settings.flag('open_member_center'))) {
        throw new ApiError(MEMBER_CENTER_DISABLED);
      }
      await ctx.userAuth.authenticate(request, access, permission);
    },
    handler: wrap(spec.handler),
  });
}

/** One limiter per app: every rate-limited route shares it, and with it one counter per IP. */
const authLimiters = new WeakMap<AppContext, onRequestAsyncHookHandler>();

/**
 * The per-IP budget of auth attempts (AUTH_RATE_LIMIT a minute), shared by every auth
 * POST: an attacker cannot multiply it by spreading guesses over the routes. A per-route
 * `config.rateLimit` would not do: the plugin gives each route a store of its own (even
 * with a `groupId`). The counters live in the database (http/auth-budget-store.ts), so every
 * server process on it spends the same budget.
 */
function authBudget(app: FastifyInstance, ctx: AppContext, spec: ActionSpec) {
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

function wrap(handler: Handler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await handler(request, reply);
    if (isSuccess(result)) return sendSuccess(request, reply, result);
    return result;
  };
}
