/**
 * The current web build on disk: its start page (re-read when a build replaces it) and the
 * files it may serve, and the page's content security policy. Apart from web-app.ts, which
 * routes requests to it with the app context, because the context and the terminal hold a
 * WebBuild: declared there, both imported web-app.ts and so the context back (no import
 * cycles: docs/architecture.md, "Layers").
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzip,
  gzipSync,
} from 'node:zlib';
import { type DrawnPage, PRERENDERED_LIST, SITE_NAME_MARK } from '@portico/shared/web-build';
import { escapeHtml } from '../../html/escape.js';

/** How often index.html is checked for a new build. */
const RECHECK_MS = 1000;

/** The encodings the page is kept in besides plain text, the preferred one first. */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

export interface Page {
  html: string;
  /** The page compressed once per version, in each encoding that makes it smaller. */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  csp: string;
  /** Weak: the same for the plain and the compressed page (they differ only in encoding). */
  etag: string;
  /** A drawn page of the member centre's open look: while it is closed, index.html is answered. */
  whileMemberCentreOpen: boolean;
  /** Whether it holds the mark for the site's name (withSiteName). */
  namesSite: boolean;
}

/** What identifies this version of a file on disk ('' while there is none). */
function stampOf(file: string): string {
  if (!existsSync(file)) return '';
  const stat = statSync(file);
  return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

/** An address as the web app's router matches it: no trailing slash, any case. */
const normalised = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

/** The current build's start pages, re-read when a build replaces them. */
export class WebBuild {
  readonly root: string;
  /** index.html at '/', and the pages drawn at build time at their addresses. */
  private pages: ReadonlyMap<string, Page> = new Map();
  private stamp = '';
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Each page that names the site, last filled in with a name (the name rarely changes). */
  private named = new WeakMap<Page, { siteName: string; page: Promise<Page> }>();

  /** `imageSources`: further image origins the pages may show (an http module store's). */
  constructor(
    root: string,
    private readonly imageSources: string[] = [],
  ) {
    this.root = resolve(root);
  }

  /** The page to answer at `path`, or null while there has never been a build. */
  current(path = '/'): Page | null {
    if (Date.now() - this.checkedAt >= RECHECK_MS) {
      this.checkedAt = Date.now();
      this.reload();
    }
    return this.pages.get(normalised(path)) ?? this.pages.get('/') ?? null;
  }

  /** Looks at the build folder on the next request (a build just finished in this process). */
  refresh(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private reload(): void {
    const index = join(this.root, 'index.html');
    const list = join(this.root, PRERENDERED_LIST);
    try {
      const stamp = [index, list].map(stampOf).join(' ');
      if (stamp === this.stamp) return;
      const pages = new Map([['/', this.pageFrom(index)]]);
      if (existsSync(list)) {
        // A build from before the list named more than a file gave the file alone.
        const listed = JSON.parse(readFileSync(list, 'utf8')) as Record<string, DrawnPage | string>;
        for (const [path, entry] of Object.entries(listed)) {
          const { file, whileMemberCentreOpen } = typeof entry === 'string' ? { file: entry } : entry;
          const inside = resolve(this.root, file);
          if (inside.startsWith(this.root + sep)) {
            pages.set(normalised(path), this.pageFrom(inside, whileMemberCentreOpen === true));
          }
        }
      }
      this.pages = pages;
      this.stamp = stamp;
    } catch {
      // A build is replacing the folder: keep answering the last pages until the new ones are there.
    }
  }

  private pageFrom(file: string, whileMemberCentreOpen = false): Page {
    const html = readFileSync(file, 'utf8');
    // A page with the mark is only ever sent named (withSiteName compresses that).
    const encoded = html.includes(SITE_NAME_MARK) ? {} : encodedBeside(file, Buffer.from(html));
    return this.pageOf(html, whileMemberCentreOpen, encoded);
  }

  private pageOf(html: string, whileMemberCentreOpen: boolean, encoded: Page['encoded']): Page {
    return {
      html,
      encoded,
      csp: contentSecurityPolicy(html, this.imageSources),
      etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      whileMemberCentreOpen,
      namesSite: html.includes(SITE_NAME_MARK),
    };
  }

  /**
   * `page` with the site's name where the build put its mark: compressed, and with a tag, of its
   * own, so a browser holding the page under another name gets it again. Compressed off the
   * event loop, once per name: brotli's strongest quality takes about 66 ms for this page, which
   * every other request would otherwise wait out. Requests meanwhile share the one promise.
   */
  withSiteName(page: Page, siteName: string): Promise<Page> {
    if (!page.namesSite) return Promise.resolve(page);
    const last = this.named.get(page);
    if (last?.siteName === siteName) return last.page;
    const html = page.html.replaceAll(SITE_NAME_MARK, escapeHtml(siteName));
    const named = compressedOffThread(html).then((encoded) =>
      this.pageOf(html, page.whileMemberCentreOpen, encoded),
    );
    this.named.set(page, { siteName, page: named });
    // A failed compression is tried again by the next request.
    named.catch(() => {
      if (this.named.get(page)?.page === named) this.named.delete(page);
    });
    return named;
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

/** As the build's precompress plugin writes its other files (apps/web/build/precompress.ts). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } };
const GZIP_OPTIONS = { level: 9 };

/** Each encoding: the suffix of the build's copy, and how the server makes and reads one. */
const CODECS: Record<
  PageEncoding,
  { suffix: string; compress(plain: Buffer): Buffer; decompress(packed: Buffer): Buffer }
> = {
  br: {
    suffix: '.br',
    compress: (plain) => brotliCompressSync(plain, BROTLI_OPTIONS),
    decompress: brotliDecompressSync,
  },
  gzip: { suffix: '.gz', compress: (plain) => gzipSync(plain, GZIP_OPTIONS), decompress: gunzipSync },
};

/**
 * The page in brotli and gzip, once per build: the copies the build wrote beside its file
 * (apps/web/build/precompress.ts), else compressed here, synchronously, by the request that
 * found the new build: a few milliseconds for index.html, about 66 ms for a drawn sign-in page
 * (with its antd styles), during which every other request waits. A copy is used only if it
 * holds this very page: while a build replaces the folder, the one beside it may be the last
 * build's (checking costs a decompression, a fraction of a millisecond).
 */
function encodedBeside(file: string, plain: Buffer): Page['encoded'] {
  const all = Object.fromEntries(
    PAGE_ENCODINGS.map((name) => {
      const { suffix, compress, decompress } = CODECS[name];
      const copy = readIfThere(file + suffix);
      const holdsPage = copy !== null && decompressed(copy, decompress)?.equals(plain) === true;
      return [name, holdsPage ? copy : compress(plain)];
    }),
  ) as Record<PageEncoding, Buffer>;
  return smaller(plain, all);
}

function readIfThere(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** A copy's contents, or null when it is not valid in its encoding (cut short by a build). */
function decompressed(copy: Buffer, decompress: (packed: Buffer) => Buffer): Buffer | null {
  try {
    return decompress(copy);
  } catch {
    return null;
  }
}

/** The page in brotli and gzip, compressed in zlib's worker threads (a page named for the site). */
async function compressedOffThread(html: string): Promise<Page['encoded']> {
  const plain = Buffer.from(html);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(plain, BROTLI_OPTIONS),
    promisify(gzip)(plain, GZIP_OPTIONS),
  ]);
  return smaller(plain, { br, gzip: gz });
}

/** The encodings that make the page smaller. */
function smaller(plain: Buffer, all: Record<PageEncoding, Buffer>): Page['encoded'] {
  return Object.fromEntries(
    PAGE_ENCODINGS.filter((name) => all[name].length < plain.length).map((name) => [name, all[name]]),
  );
}

/**
 * Scripts from this origin and the inline start-up script (by hash); styles inline for antd;
 * images from here, https, and `imageSources`; frames from here and https; forms to here.
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
    // Menu rules of type iframe embed other sites, over https (or this site's own pages);
    // nothing else may open a frame, whatever HTML reaches a page.
    "frame-src 'self' https:",
    // No form may post anywhere but here (a form slipped into a page could send what is typed).
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
