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
