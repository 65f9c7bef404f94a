/**
 * A real HTTP server on a free local port, for tests of the request layer (no axios mocks):
 * `url` to hand to setBaseUrl, `close` to end it with any connection still open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

export async function listenLocally(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<LocalServer> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** One request a local API received: its path (no query), query and JSON body (null when none). */
export interface ApiCall {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * What a local API answers: an envelope's parts (code 1, msg '' and data null unless given), or
 * a file instead of the envelope (a download), sent with its type and name.
 */
export interface ApiAnswer {
  code?: number;
  msg?: string;
  data?: unknown;
  file?: { body: Buffer; type: string; name: string };
}

export type LocalApi = LocalServer & { calls: ApiCall[] };

/**
 * A local back end for the web app's request layer: answers the browser's CORS preflights,
 * records each call and answers it with `answer(call)` as a JSON envelope.
 */
export async function listenAsApi(answer: (call: ApiCall) => ApiAnswer): Promise<LocalApi> {
  const calls: ApiCall[] = [];
  const server = await listenLocally(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://local');
    const call = { path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : null };
    calls.push(call);
    const { file, ...envelope } = answer(call);
    if (file) {
      const disposition = `attachment; filename="${file.name}"`;
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
      return void res
        .writeHead(200, { 'Content-Type': file.type, 'Content-Disposition': disposition })
        .end(file.body);
    }
    res
      .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify({ code: 1, msg: '', time: 1, data: null, ...envelope }));
  });
  return { ...server, calls };
}
