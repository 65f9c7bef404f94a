/**
 * A TCP proxy a test owns, put between the server and its database so the test can make the
 * database "go away" without touching the machine's shared database service:
 * `cut('reset')` is a database that restarts (every connection dropped, new ones refused),
 * `cut('hold')` one that stops answering (new connections accepted and never served), and
 * `restore()` brings it back.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Outage = 'reset' | 'hold';

export interface TcpProxy {
  port: number;
  cut(outage: Outage): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let outage: Outage | null = null;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // A cut connection reports ECONNRESET on the other side; that is the point, not a failure.
    socket.on('error', () => socket.destroy());
  };

  const server: Server = createServer((client) => {
    track(client);
    if (outage === 'reset') {
      client.resetAndDestroy();
      return;
    }
    if (outage === 'hold') return; // accepted, never answered, dropped when restored
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const dropAll = () => {
    for (const socket of open) if (!socket.destroyed) socket.resetAndDestroy();
  };
  return {
    port,
    cut(kind) {
      outage = kind;
      dropAll();
    },
    restore() {
      outage = null;
      // Connections held during a 'hold' outage never reached the database; end them.
      dropAll();
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
