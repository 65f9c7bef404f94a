/**
 * Serves the built web app (apps/web/dist) at the same origin as the API. Hashed assets
 * are cached for a year; index.html is answered for any other GET that accepts HTML (the
 * SPA's routes use browser history), or the page the build drew for that address (the site's
 * name written in; index.html where the site would not show it), with a content security
 * policy that allows only this origin's scripts plus the page's own inline start-up scripts,
 * by hash.
 *
 * A new build is served without a restart (the terminal's `web-build` writes one while the
 * server runs, and every server process on the machine must pick it up): files are looked
 * up in the build folder per request rather than routed once at start, and index.html is
 * re-read when it changes, checked at most once a second.
 *
 * Compressed as the browser accepts (brotli, else gzip), never on the fly: the build writes
 * `<file>.br` and `<file>.gz` beside each file (apps/web/build/precompress.ts), which
 * @fastify/static's `preCompressed` picks, and index.html is compressed once per version
 * in memory. Every answer says it depends on Accept-Encoding, so no cache hands brotli to a
 * browser that asked for none.
 */
import { sep } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { PAGE_ENCODINGS, type Page, type PageEncoding } from './web-build.js';

export type HtmlFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

const NOT_BUILT =
  'The web app is not built. Run `npm start` (it builds it) or `npm run build`, then reload this page.';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(app: FastifyInstance, ctx: AppContext): Promise<HtmlFallback> {
  const build = ctx.webBuild;
  // Only reply.sendFile: which files exist is decided per request, from the current build.
  // preCompressed: a file is sent from its `.br` or `.gz` sibling when the request accepts
  // that encoding and the build wrote one, with the file's own type and `Vary`. A range of a
  // compressed answer is a range of the compressed bytes, with that file's own ETag.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  // Not async: an async handler's promise adopts the reply it returns (a thenable that settles,
  // with nothing, once the answer is sent), so the not-found handler would read "no page" and
  // answer again. The one answer that waits, for the site's settings, returns the reply unsent.
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
    // A page drawn at build time for this address (a sign-in page), else index.html.
    const page = build.current(path);
    if (!page || (!page.whileMemberCentreOpen && !page.namesSite)) return sendPage(request, reply, page);
    void forThisSite(page, ctx).then((shown) => {
      sendPage(request, reply, shown);
    });
    return reply;
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page | null): FastifyReply {
  if (!page) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
  reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', page.csp)
    .header('etag', page.etag)
    .header('vary', withAcceptEncoding(reply.getHeader('vary')))
    .type('text/html; charset=utf-8');
  // The browser revalidates the page on every visit: unchanged, it is not sent again.
  if (matches(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const encoding = pageEncoding(request, page);
  if (!encoding) return reply.status(200).send(page.html);
  return reply.status(200).header('content-encoding', encoding).send(page.encoded[encoding]);
}

/**
 * A drawn page as this site shows it: with the site's name, or index.html where the site would
 * not show it (a members' page while the member centre is closed). Settings that cannot be read
 * (the database is away) give index.html too: the app then says what is wrong.
 */
async function forThisSite(page: Page, ctx: AppContext): Promise<Page | null> {
  try {
    if (page.whileMemberCentreOpen && !(await ctx.settings.flag('open_member_center'))) {
      return ctx.webBuild.current('/');
    }
    return await ctx.webBuild.withSiteName(page, await ctx.settings.get('site_name'));
  } catch {
    return ctx.webBuild.current('/');
  }
}

/** The encoding of the page to send, or null for plain text. */
function pageEncoding(request: FastifyRequest, page: Page): PageEncoding | null {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return null;
  const available = PAGE_ENCODINGS.filter((name) => page.encoded[name]);
  // Read as @fastify/static reads it for the files (`*` taken as gzip), so page and files agree.
  return negotiate<PageEncoding>(accepted.toLowerCase().replace(/\*/g, 'gzip'), available);
}

function withAcceptEncoding(vary: ReturnType<FastifyReply['getHeader']>): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for a GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
