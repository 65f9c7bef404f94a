/**
 * A tiny HTTP reverse proxy that hands each request to the next of several server processes in
 * turn, as a load balancer (nginx's default upstream, docs/deploy.md) does, and tells them the
 * client's address in X-Forwarded-For. It answers which process served each request, so a test
 * can prove that requests of one session really were spread.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  baseUrl: string;
  /** The upstream index that served each request, in order. */
  served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    served.push(index);
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const forwarded = incoming.headers['x-forwarded-for'] ?? incoming.socket.remoteAddress ?? '';
    const upstream = httpRequest(
      target,
      { method: incoming.method, headers: { ...incoming.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
