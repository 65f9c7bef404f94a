/**
 * The market's links to the store (as in the original): when the goods info offers "View demo",
 * that only http/https demos (and http/https/mailto contacts) become links, and where
 * "Publishing module" and "Get points" lead on the store.
 */
import type { StoreDemo } from '@portico/shared';
import { describe, expect, it } from 'vitest';
import {
  contactLink,
  demoEntries,
  demoShown,
  storeBase,
  storeLinks,
  webLink,
} from '../src/views/backend/module/market-extras';

const demos: StoreDemo[] = [{ title: 'Admin demo', url: 'https://demo.example.com', image: '' }];

describe('View demo', () => {
  it('shows while not purchased or installable, never without entries', () => {
    const installable = { install: true };
    const installed = { install: false };
    expect(demoShown({ demos, purchased: false }, installed)).toBe(true);
    expect(demoShown({ demos, purchased: true }, installable)).toBe(true);
    // Bought (or free) and already on the machine: the site has the real thing.
    expect(demoShown({ demos, purchased: true }, installed)).toBe(false);
    expect(demoShown({ demos: [], purchased: false }, installable)).toBe(false);
    expect(demoShown(null, installable)).toBe(false);
  });

  it('links only http/https demos and makes an uploaded QR image an address on the store', () => {
    const base = storeBase('', 'https://site.example.com');
    expect(
      demoEntries(
        [
          { title: 'Phone', url: 'http://m.example.com/', image: '/storage/qr.png' },
          { title: 'Hosted QR', url: 'https://a.example.com', image: 'https://cdn.example.com/qr.png' },
          { title: 'Trap', url: 'javascript:alert(1)', image: '' },
          { title: 'Bad image', url: 'https://b.example.com', image: 'javascript:alert(1)' },
        ],
        base,
      ),
    ).toEqual([
      { title: 'Phone', url: 'http://m.example.com/', image: 'https://site.example.com/storage/qr.png' },
      { title: 'Hosted QR', url: 'https://a.example.com', image: 'https://cdn.example.com/qr.png' },
      { title: 'Bad image', url: 'https://b.example.com', image: '' },
    ]);
  });

  it('refuses script and data addresses for the developer links', () => {
    expect(contactLink('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(contactLink('https://example.com/contact')).toBe('https://example.com/contact');
    expect(contactLink('javascript:alert(1)')).toBe('');
    expect(webLink('mailto:ada@example.com')).toBe('');
    expect(webLink('data:text/html,hi')).toBe('');
  });
});

describe('header links', () => {
  it('opens the store named by MARKET_URL, or this site when there is none', () => {
    expect(storeLinks(storeBase('https://store.example.com/', 'https://site.example.com'))).toEqual({
      publish: 'https://store.example.com/admin/store/module',
      points: 'https://store.example.com/user/account/integral',
    });
    expect(storeLinks(storeBase('', 'http://127.0.0.1:8000')).points).toBe(
      'http://127.0.0.1:8000/user/account/integral',
    );
  });
});
