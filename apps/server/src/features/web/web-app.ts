/**
 * Serves the built web app (apps/web/dist) at the same origin as the API. Hashed assets
 * are cached for a year; index.html is answered for any other GET that accepts HTML (the
 * SPA's routes use browser history), with a content security policy that allows only
 * this origin's scripts plus the page's own inline start-up script, by hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export type HtmlFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

const NOT_BUILT =
  'The web app is not built. Run `npm start` (it builds it) or `npm run build`, then reload this page.';

export async function registerWebApp(app: FastifyInstance, ctx: AppContext): Promise<HtmlFallback> {
  const root = ctx.config.webDist;
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    return (request, reply) =>
      wantsHtml(request) ? reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT) : null;
  }

  const html = readFileSync(indexFile, 'utf8');
  const csp = contentSecurityPolicy(html);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per built file: every other path stays free for the API and the fallback.
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${join(root, 'assets')}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return (request, reply) =>
    wantsHtml(request)
      ? reply
          .status(200)
          .header('cache-control', 'no-cache')
          .header('content-security-policy', csp)
          .type('text/html; charset=utf-8')
          .send(html)
      : null;
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Scripts from this origin and the inline start-up script (by hash); styles inline for antd. */
function contentSecurityPolicy(html: string): string {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Menu rules of type iframe embed other sites.
    'frame-src *',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
