/**
 * Where the market screens send the administrator's browser on the store (its back-office
 * "Publishing module", its member centre's "Get points", its uploaded images): MARKET_URL
 * without any credentials, query or fragment it may carry, or '' for this site itself (the
 * browser then uses the address it already has: the server's own listening address, which
 * `marketOrigin` uses, may not be reachable from outside).
 */
import type { AppConfig } from '../../../config.js';

export function marketBrowserUrl(config: Pick<AppConfig, 'marketUrl'>): string {
  if (!config.marketUrl) return '';
  try {
    const url = new URL(config.marketUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * What the site's pages must add to their image sources to show the store's pictures (logos,
 * images, demo QR codes uploaded there): an http store's origin. https images are allowed
 * already; this site's own are 'self'.
 */
export function marketImageSources(config: Pick<AppConfig, 'marketUrl'>): string[] {
  const url = marketBrowserUrl(config);
  return url.startsWith('http:') ? [new URL(url).origin] : [];
}
