/**
 * The current web build on disk: its start page (re-read when a build replaces it) and the
 * files it may serve, and the page's content security policy. Apart from web-app.ts, which
 * routes requests to it with the app context, because the context and the terminal hold a
 * WebBuild: declared there, both imported web-app.ts and so the context back (no import
 * cycles: docs/architecture.md, "Layers").
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** How often index.html is checked for a new build. */
const RECHECK_MS = 1000;

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
