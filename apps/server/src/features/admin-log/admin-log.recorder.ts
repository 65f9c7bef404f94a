/**
 * Records every administrator POST and DELETE (failures too: a refused login is exactly
 * what an audit wants to see), and the GETs that ask for it (a list exported). Written before the response leaves, so a client that
 * sees its answer can already find the entry. Secrets are masked at any depth, in the
 * request data and in the logged URL (`mask-secrets.ts`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { Code } from '../../http/errors.js';
import { translate } from '../../i18n/index.js';
import { maskLoggedData, maskLoggedUrl } from '../../util/mask-secrets.js';

const NOT_LOGGED = /\/(select|index|logout)$/i;

/** `/admin/auth.Admin/edit` → ['auth/admin', 'edit'] */
function controllerAction(routeUrl: string): [string, string] | null {
  const match = /^\/admin\/([^/]+)\/([^/]+)$/i.exec(routeUrl);
  if (!match?.[1] || !match[2]) return null;
  return [match[1].replaceAll('.', '/').toLowerCase(), match[2].toLowerCase()];
}

/**
 * What the client sent, as it came: a route's schema replaces `request.query` and
 * `request.body` with what it parsed (undeclared keys dropped, values converted), and the
 * log records what was posted, not what the route kept of it.
 */
const posted = new WeakMap<FastifyRequest, Posted>();

interface Posted {
  query: unknown;
  body: unknown;
}

export function registerAdminLogRecorder(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' || request.method === 'DELETE') {
      posted.set(request, { query: request.query, body: request.body });
    }
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const writes = request.method === 'POST' || request.method === 'DELETE';
    if (!writes && !request.adminLog.record) return payload;
    const route = controllerAction(request.routeOptions.url ?? '');
    if (!route || request.adminLog.skip || NOT_LOGGED.test(`/${route[1]}`)) return payload;
    try {
      await record(ctx, request, route, payload);
    } catch (error) {
      // An audit write failure must not turn a completed action into an error for the user.
      request.log.error({ err: error }, 'admin log write failed');
    }
    return payload;
  });
}

async function record(
  ctx: AppContext,
  request: FastifyRequest,
  [controller, action]: [string, string],
  payload: unknown,
) {
  const admin = request.admin;
  // A request refused before validation (no route, a body that is not JSON) still has its own.
  const sent = posted.get(request) ?? { query: request.query, body: request.body };
  const sentData = { ...asObject(sent.query), ...asObject(sent.body), ...request.adminLog.data };
  const data = maskLoggedData(sentData, request.url);
  const refusal = controller === 'index' && action === 'login' ? refusalMessage(payload) : undefined;
  const signIn: RefusedSignIn = refusal === undefined ? {} : await refusedSignIn(ctx, request, sent, refusal);
  await ctx.db.kysely
    .insertInto('admin_log')
    .values({
      admin_id: admin?.id ?? request.adminLog.adminId ?? signIn.adminId ?? 0,
      username: clip(admin?.username ?? request.adminLog.username ?? signIn.username ?? 'Unknown', 20),
      url: maskLoggedUrl(request.url),
      title: clip(signIn.title ?? request.adminLog.title ?? (await ruleTitle(ctx, controller, action)), 100),
      data: JSON.stringify(data),
      ip: clip(request.ip, 50),
      useragent: clip(String(request.headers['user-agent'] ?? ''), 255),
      create_time: now(),
    })
    .execute();
}

interface RefusedSignIn {
  title?: string;
  username?: string;
  adminId?: number;
}

/** The message of an answer that is not a success, or undefined for a success. */
function refusalMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const envelope = JSON.parse(payload) as { code?: unknown; msg?: unknown };
    return envelope.code === Code.ok ? undefined : String(envelope.msg ?? '');
  } catch {
    return undefined;
  }
}

/**
 * A refused sign-in is told apart from a login: 'Login failed: <why>', in the caller's
 * language like the reason itself, under the username tried (taken from the raw input when
 * it failed validation). When that username is an administrator's, the entry carries its
 * id: attempts on an account then show in that account's own log and timeline, so its owner
 * and the super administrator can see them (the title says it was a failed attempt, not the
 * account's doing). An unknown name stays with id 0.
 */
async function refusedSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  sent: Posted,
  reason: string,
): Promise<RefusedSignIn> {
  const title = translate('Login failed: %s', request.lang, [reason]);
  const tried = request.adminLog.username;
  if (tried === undefined) {
    const raw = asObject(sent.body).username;
    return typeof raw === 'string' ? { title, username: raw } : { title };
  }
  const account = await ctx.db.kysely
    .selectFrom('admin')
    .select('id')
    .where('username', '=', tried)
    .executeTakeFirst();
  return { title, username: tried, ...(account ? { adminId: account.id } : {}) };
}

/** '<page title>-<button title>' from the menu rules, as the original titles entries. */
async function ruleTitle(ctx: AppContext, controller: string, action: string): Promise<string> {
  const names = [controller, `${controller}/${action}`];
  const rows = await ctx.db.kysely
    .selectFrom('admin_rule')
    .select(['name', 'title'])
    .where(sql<string>`lower(name)`, 'in', names)
    .execute();
  const titleOf = (name: string) => rows.find((row) => row.name.toLowerCase() === name)?.title;
  const page = titleOf(controller);
  const button = titleOf(`${controller}/${action}`);
  if (page && button) return `${page}-${button}`;
  return page ?? button ?? `Unknown(${action})`;
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function clip(text: string, length: number): string {
  return text.length > length ? text.slice(0, length) : text;
}
