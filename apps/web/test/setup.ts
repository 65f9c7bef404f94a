/**
 * jsdom lacks what antd measures with; storage starts empty for every test; the request
 * layer is wired to the router and stores as main.tsx does at start, and the market API to
 * the market store as the market's views do.
 */
import { afterEach } from 'vitest';
import { wireRequestLayer } from '../src/router/request-wiring';
import '../src/views/backend/module/market-session';

wireRequestLayer();

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
