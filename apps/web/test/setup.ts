/**
 * jsdom lacks what antd measures with; storage starts empty for every test; the request
 * layer is wired to the router and stores and the modules' registry to the layers below it, as
 * main.tsx does at start, and the market API to the market store as the market's views do.
 */
import { configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// findBy*/waitFor wait up to 5 s, not testing-library's 1 s: a view's first render imports its
// antd parts lazily, seconds under jsdom on two busy cores (CI's Node 24 run, niced, once missed
// the terminal icon and the sessions card by that margin). A wait ends as soon as what it looks
// for is there, so a passing run is no slower.
configure({ asyncUtilTimeout: 5000 });

// Imported as the suite starts, not at the top: the wiring reaches the language packs and the
// module registry, and a test file's vi.mock of those (modules/editor's tests) must apply.
beforeAll(async () => {
  const { wireRequestLayer } = await import('../src/router/request-wiring');
  wireRequestLayer();
  const { wireModules } = await import('../src/router/module-wiring');
  wireModules();
  await import('../src/views/backend/module/market-session');
});

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

// The table observes its width with one, a confirm popup's positioning too.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
