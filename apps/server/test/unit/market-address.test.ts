/** The store's address the market screens link to: MARKET_URL as a browser may see it, or this site. */
import { expect, it } from 'vitest';
import { marketBrowserUrl } from '../../src/features/module/market/market-address.js';

it('is empty for this site, and MARKET_URL without credentials, query or trailing slash', () => {
  expect(marketBrowserUrl({ marketUrl: '' })).toBe('');
  expect(marketBrowserUrl({ marketUrl: 'https://store.example.com' })).toBe('https://store.example.com');
  expect(marketBrowserUrl({ marketUrl: 'https://buyer:secret@store.example.com:8443/shop/?a=1#x' })).toBe(
    'https://store.example.com:8443/shop',
  );
  expect(marketBrowserUrl({ marketUrl: 'ftp://store.example.com' })).toBe('');
});
