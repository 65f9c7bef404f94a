/**
 * Serves the built web app (apps/web/dist) at the same origin as the API. Hashed assets
 * are cached for a year; index.html is answered for any other GET that accepts HTML (the
 * SPA's routes use browser history), with a content security policy that allows only
 * this origin's scripts plus the page's own inline start-up script, by hash.
 *
 * A new build is served without a restart (the terminal's `web-build` writes one while the
 * server runs, and every server process on the machine must pick it up): files are looked
 * up in the build folder per request rather than routed once at start, and index.html is
 * re-read when it changes, checked at most once a second.
 */
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export type HtmlFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

const NOT_BUILT =
  'The web app is not built. Run `npm start` (it builds it) or `npm run build`, then reload this page.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(app: FastifyInstance, ctx: AppContext): Promise<HtmlFallback> {
  const build = ctx.webBuild;
  // Only reply.sendFile: which files exist is decided per request, from the current build.
  await app.register(fastifyStatic, { serve: false });

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const path = (request.raw.url ?? '/').split('?')[0] ?? '/';
    const startPage = path === '/' || path === '/index.html';
    const file = startPage ? null : build.fileFor(path);
    if (file) {
      const hashed = file.startsWith(`assets${sep}`);
      return reply
        .code(200)
        .header('cache-control', hashed ? IMMUTABLE : 'no-cache')
        .sendFile(file, build.root, { cacheControl: false, dotfiles: 'deny' });
    }
    if (!startPage && !wantsHtml(request)) return null;
    const page = build.current();
    if (!page) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.csp)
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
