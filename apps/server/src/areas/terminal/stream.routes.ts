/**
 * The terminal's event stream, `GET /admin/Terminal/index` (and the original's
 * `/admin/ajax/terminal`) with `command`, `uuid`, `extend`, and how the caller proves to be
 * a super administrator: a `ticket` from `POST /admin/Terminal/ticket` (the Portico
 * client), or, for the original client, its admin token as `batoken` in the query (only
 * here: an EventSource cannot send headers). Refusals go over the stream, as the client
 * listens for them there: an error line, the error flag, completed.
 *
 * Neither ticket nor token is ever logged: the request log masks them in the URL
 * (http/log-serializers.ts), as the admin log does.
 */

import {
  ADMIN_TOKEN_HEADERS,
  type AppContext,
  adminController,
  catalogueRoute,
  defineAction,
  EventStream,
  headerToken,
  ok,
  requireSuper,
  translate,
} from '@portico/server-sdk';
import { TERMINAL_LEGACY_STREAM_URL, TERMINAL_STREAM_URL, TERMINAL_TICKET_URL } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOG_TITLES, TERMINAL_REFUSALS as M } from './lang.js';

/** For the API reference: the stream checks its own query, and answers its refusals on the stream. */
const STREAM_SCHEMA = {
  summary: 'Run a whitelisted command (super administrators), its output as server-sent events',
  query: z.object({
    command: z.string().describe('The key of a whitelisted command.'),
    uuid: z.string().optional().describe("The client's id of this run, echoed in every event."),
    extend: z.string().optional().describe('Extra argument of commands that take one.'),
    batoken: z
      .string()
      .optional()
      .describe("The original client's admin token (an EventSource sends no headers)."),
  }),
  data: z.null(),
  produces: 'text/event-stream',
};

export function registerTerminalStreamRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const url of [TERMINAL_STREAM_URL, TERMINAL_LEGACY_STREAM_URL]) {
    // GET only: Fastify's automatic HEAD route would run the command with no one to report to.
    app.get(url, { exposeHeadRoute: false }, (request, reply) => openStream(ctx, request, reply));
    catalogueRoute(app, {
      area: 'admin',
      url,
      methods: ['GET'],
      access: 'login',
      permission: '',
      rateLimited: false,
      memberCenter: false,
      ticket: true,
      schema: STREAM_SCHEMA,
    });
  }
  const [controller, action] = TERMINAL_TICKET_URL.split('/').slice(2) as [string, string];
  adminController(app, ctx, controller, [
    defineAction({
      action,
      method: 'POST',
      access: 'login',
      schema: {
        summary: "A single-use ticket that opens the terminal's event stream (super administrators)",
        data: z.object({ ticket: z.string() }),
      },
      handler: async (request) => {
        request.adminLog.title = LOG_TITLES.ticket;
        const admin = requireSuper(request);
        return ok({ ticket: await ctx.terminal.tickets.issue(admin) });
      },
    }),
  ]);
  // Shutting down: running commands are stopped, so their streams end and the server can close.
  app.addHook('preClose', () => ctx.terminal.stopAll());
}

async function openStream(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  // Checked whole against the whitelist; only its echo in the messages is cut short.
  const key = typeof query.command === 'string' ? query.command : '';
  const extend = text(query.extend, 500);
  reply.hijack();
  const stream = new EventStream(
    reply.raw,
    { uuid: text(query.uuid, 100), extend, key: key.slice(0, 100) },
    // CORS and security headers the hooks set on the reply.
    reply.getHeaders(),
  );
  const say = (message: string) => translate(message, request.lang);
  try {
    const refusal = await refusalOf(ctx, request, query);
    if (refusal) return stream.fail(`Error:${say(refusal)}`);
    await ctx.terminal.execute({ key, extend, lang: request.lang, log: request.log }, stream);
  } catch (error) {
    request.log.error({ err: error }, 'terminal stream failed');
    stream.fail(`Error:${say('Server internal error')}`);
  }
}

/** Why the caller may not use the terminal, or null for a super administrator. */
async function refusalOf(
  ctx: AppContext,
  request: FastifyRequest,
  query: Record<string, unknown>,
): Promise<string | null> {
  const ticket = text(query.ticket, 200);
  if (ticket) {
    const use = await ctx.terminal.tickets.use(ticket);
    if (use.state === 'expired') return M.ticketExpired;
    if (use.state === 'missing') return M.notSuper;
    const admin = await ctx.adminAuth.identity(use.adminId, '');
    return admin?.super ? null : M.notSuper;
  }
  const token = text(query.batoken, 200) || headerToken(request, ADMIN_TOKEN_HEADERS);
  if (!token) return M.notSuper;
  const found = await ctx.adminAuth.identifyToken(token);
  if (found.state === 'expired') return M.tokenExpired;
  return found.state === 'valid' && found.admin.super ? null : M.notSuper;
}

/** A query value as text, cut to `max` (anything but a string is none). */
function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}
