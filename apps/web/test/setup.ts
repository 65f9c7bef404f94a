/**
 * jsdom lacks what antd measures with; storage starts empty for every test; the request
 * layer is wired to the router and stores as main.tsx does at start.
 */
import { afterEach } from 'vitest';
import { wireRequestLayer } from '../src/router/request-wiring';

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
