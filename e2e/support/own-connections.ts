/**
 * Every request the browser tests' own code sends with fetch (the API helpers, a test's checks
 * against a server) goes on a connection of its own, not a pooled one.
 *
 * Why: a pooled socket that sat idle through a long step (a module bought, installed and the web
 * app rebuilt: half a minute or more on a loaded machine) could be closed by the server, which
 * keeps idle connections 72 s (Fastify's default), just as it was reused: the request failed with
 * "other side closed" (market-two-sites, once, load average 6-8). Node's fetch is meant to drop
 * such a socket first, by the server's Keep-Alive hint, but its timer runs late when the test
 * process is busy; browsers retry such a request, fetch does not. A new connection per request
 * costs the tests nothing they measure.
 */
const pooledFetch = globalThis.fetch;

globalThis.fetch = (input: string | URL | Request, init: RequestInit = {}) => {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  headers.set('connection', 'close');
  return pooledFetch(input, { ...init, headers });
};
