/** A raw HTTP/1.1 client over a socket, for tests that hold a request in flight (Expect: 100-continue). */
import type { Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Reads HTTP/1.1 responses (with Content-Length bodies) off a raw socket. */
export function collect(socket: Socket) {
  let text = '';
  const waiters: (() => void)[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (done: (text: string) => boolean) => {
    while (!done(text)) {
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error(`no such answer within 10 seconds; received:\n${text}`)), 10_000);
      });
    }
  };
  const parse = (): RawResponse[] => {
    const responses: RawResponse[] = [];
    let rest = text;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) break;
      const head = rest.slice(0, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (rest.length < end + 4 + length) break;
      if (status !== 100)
        responses.push({ status, headers: head, body: rest.slice(end + 4, end + 4 + length) });
      rest = rest.slice(end + 4 + length);
    }
    return responses;
  };
  return {
    until,
    responses: async (count: number) => {
      await until(() => parse().length >= count);
      return parse();
    },
  };
}
