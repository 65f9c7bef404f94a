/**
 * A TCP proxy a test owns, put between the server and its database so the test can make the
 * database "go away" without touching the machine's shared database service:
 * `cut('reset')` is a database that restarts (every connection dropped, new ones refused),
 * `cut('hold')` one that stops answering (new connections accepted and never served),
 * `cut('blackhole')` a network that silently drops everything (open connections stay open and
 * nothing more passes either way, new ones are accepted and never served), and
 * `restore()` brings it back. `loseAnswerTo(pattern)` is a connection lost at the worst moment:
 * the next statement matching the pattern reaches the database and is carried out, and the
 * connection drops before the answer gets back (a COMMIT that was saved, told as a failure).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type Outage = 'reset' | 'hold' | 'blackhole';

export interface TcpProxy {
  port: number;
  cut(outage: Outage): void;
  restore(): void;
  /** Resolves once a statement matching `pattern` was answered by the database and the answer lost. */
  loseAnswerTo(pattern: RegExp): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let outage: Outage | null = null;
  let losing: { pattern: RegExp; lost: () => void } | null = null;
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
    // Accepted, never answered, dropped when restored.
    if (outage === 'hold' || outage === 'blackhole') return;
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    let answerLost = false;
    client.on('data', (chunk: Buffer) => {
      if (outage === 'blackhole') return;
      if (losing?.pattern.test(chunk.toString('latin1'))) {
        const { lost } = losing;
        losing = null;
        answerLost = true;
        // The database has answered, so it carried the statement out; the answer goes nowhere.
        upstream.once('data', () => {
          client.resetAndDestroy();
          upstream.destroy();
          lost();
        });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (outage !== 'blackhole' && !answerLost) client.write(chunk);
    });
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
      if (kind !== 'blackhole') dropAll();
    },
    loseAnswerTo(pattern) {
      return new Promise<void>((lost) => {
        losing = { pattern, lost };
      });
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
