/**
 * Every request the browser tests' own code sends with fetch (the API helpers, a test's checks
 * against a server) goes on a connection of its own, not a pooled one.
 *
 * Why: a pooled socket that sat idle through a long step (a module bought, installed and the web
 * app rebuilt: half a minute or more on a loaded machine) could be closed by the server, which
 * keeps idle connections 72 s (Fastify's default), just as it was reused: the request failed with
 * "other side closed" on a socket that had carried earlier requests (market-two-sites, once,
 * load average 6-8). Node's fetch is meant to drop an idle socket before the server's Keep-Alive
 * hint runs out; most likely its timer ran late in a busy test process (not shown: the race did
 * not come again in one run). Browsers retry such a request; fetch does not. A new connection per
 * request costs the tests nothing they measure.
 */
const pooledFetch = globalThis.fetch;

globalThis.fetch = (input: string | URL | Request, init: RequestInit = {}) => {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  headers.set('connection', 'close');
  return pooledFetch(input, { ...init, headers });
};
