/**
 * jsdom lacks what antd measures with; storage starts empty for every test; the request
 * layer is wired to the router and stores and the modules' registry to the layers below it, as
 * main.tsx does at start, and the market API to the market store as the market's views do.
 */
import { configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { WAIT_MS } from './support/wait';

// findBy*/waitFor wait as long as support/wait.ts says, not testing-library's 1 s: a view's first
// render imports its antd parts lazily, seconds under jsdom on two busy cores (CI's Node 24 run,
// niced, missed the terminal icon and the sessions card by 5 s once, the CRUD screen by 10 s
// on a slow day).
configure({ asyncUtilTimeout: WAIT_MS });

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
