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
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

export type HtmlFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

const NOT_BUILT =
  'The web app is not built. Run `npm start` (it builds it) or `npm run build`, then reload this page.';
/** How often index.html is checked for a new build. */
const RECHECK_MS = 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Page {
  html: string;
  csp: string;
  /** What identifies this version of index.html on disk. */
  stamp: string;
}

/** The current build's start page, re-read when a build replaces it. */
export class WebBuild {
  readonly root: string;
  private page: Page | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;

  /** `imageSources`: further image origins the pages may show (an http module store's). */
  constructor(
    root: string,
    private readonly imageSources: string[] = [],
  ) {
    this.root = resolve(root);
  }

  /** The page to answer, or null while there has never been a build. */
  current(): Page | null {
    if (Date.now() - this.checkedAt >= RECHECK_MS) {
      this.checkedAt = Date.now();
      this.reload();
    }
    return this.page;
  }

  /** Looks at the build folder on the next request (a build just finished in this process). */
  refresh(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private reload(): void {
    const file = join(this.root, 'index.html');
    try {
      const stat = statSync(file);
      const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
      if (stamp === this.page?.stamp) return;
      const html = readFileSync(file, 'utf8');
      this.page = { html, csp: contentSecurityPolicy(html, this.imageSources), stamp };
    } catch {
      // A build is replacing the folder: keep answering the last page until the new one is there.
    }
  }

  /** The build's file a URL path names (never a hidden one, never outside the build), or null. */
  fileFor(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const path = resolve(this.root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
    if (!path.startsWith(this.root + sep)) return null;
    const inside = relative(this.root, path);
    if (inside.split(sep).some((segment) => segment.startsWith('.'))) return null;
    try {
      return statSync(path).isFile() ? inside : null;
    } catch {
      return null;
    }
  }
}

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

/**
 * Scripts from this origin and the inline start-up script (by hash); styles inline for antd;
 * images from here, https, and `imageSources`.
 */
function contentSecurityPolicy(html: string, imageSources: string[]): string {
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
    ["img-src 'self' data: blob: https:", ...imageSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    // Menu rules of type iframe embed other sites.
    'frame-src *',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
