/**
 * A store module's "View demo" entries and developer links: checked when an administrator
 * saves the module (a browser opens them from the market, so only http/https demos and an
 * http/https/mailto contact are kept), stored as JSON text, and read back for the form and
 * `/api/store/info`. A stored value that no longer reads as a demo list answers no demos.
 */

import { fail } from '@portico/server-sdk';
import {
  isStoreLink,
  isStorePath,
  STORE_DEMO_LIMITS as LIMITS,
  STORE_CONTACT_PROTOCOLS,
  STORE_WEB_PROTOCOLS,
  type StoreDemo,
} from '@portico/shared';
import { STORE_MESSAGES as M } from './messages.js';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const imageOk = (image: string) =>
  image === '' ||
  (image.length <= LIMITS.url && (isStoreLink(image, STORE_WEB_PROTOCOLS) || isStorePath(image)));

/** The demos as the form sends them (a list of {title, url, image}), checked; rows left blank are dropped. */
export function parseDemos(value: unknown): StoreDemo[] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value)) fail(M.demosInvalid);
  const demos = value
    .map((entry) => {
      if (typeof entry !== 'object' || entry === null) fail(M.demosInvalid);
      const row = entry as Record<string, unknown>;
      return { title: text(row.title), url: text(row.url), image: text(row.image) };
    })
    .filter((demo) => demo.title || demo.url || demo.image);
  if (demos.length > LIMITS.count) fail(M.demosTooMany, LIMITS.count);
  demos.forEach((demo, index) => {
    const n = index + 1;
    if (!demo.title) fail(M.demoTitle, n);
    if (demo.title.length > LIMITS.title) fail(M.demoTitleLong, n, LIMITS.title);
    if (demo.url.length > LIMITS.url || !isStoreLink(demo.url, STORE_WEB_PROTOCOLS)) fail(M.demoUrl, n);
    if (!imageOk(demo.image)) fail(M.demoImage, n);
  });
  return demos;
}

export const storedDemos = (demos: StoreDemo[]): string | null =>
  demos.length ? JSON.stringify(demos) : null;

/** The stored JSON as demos; anything unreadable is left out rather than sent to a browser. */
export function readDemos(stored: string | null): StoreDemo[] {
  let value: unknown;
  try {
    value = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const row = (entry ?? {}) as Record<string, unknown>;
    const demo = { title: text(row.title), url: text(row.url), image: text(row.image) };
    return demo.title && isStoreLink(demo.url, STORE_WEB_PROTOCOLS) && imageOk(demo.image) ? [demo] : [];
  });
}

/** '' or an address a browser may open: the developer's contact (mailto allowed) or homepage. */
export function checkedLink(value: string, kind: 'contact' | 'homepage'): string {
  if (value === '') return '';
  const protocols = kind === 'contact' ? STORE_CONTACT_PROTOCOLS : STORE_WEB_PROTOCOLS;
  if (!isStoreLink(value, protocols)) fail(kind === 'contact' ? M.contactInvalid : M.homepageInvalid);
  return value;
}
