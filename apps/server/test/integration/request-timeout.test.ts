/**
 * A client that sends a request's headers and then stalls its body is cut off after the
 * request timeout (REQUEST_TIMEOUT_MS), instead of holding a connection and its parser for
 * as long as it likes; a body that keeps arriving within it is taken as usual.
 */
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { collect } from '../support/raw-http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TIMEOUT_MS = 1500;

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function loginHead(length: number): string {
  return (
    'POST /admin/index/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
    `Content-Length: ${length}\r\nthink-lang: en\r\n\r\n`
  );
}

it('cuts off a request whose body stalls, and takes one that arrives in time', async () => {
  const t = await startTestApp('sqlite', { requestTimeoutMs: TIMEOUT_MS });
  try {
    const port = await listening(t);

    // Headers and a first byte of the body, then nothing more.
    const stalled = connect(port, '127.0.0.1');
    const stalledAnswers = collect(stalled);
    const closed = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    const started = Date.now();
    stalled.write(`${loginHead(1000)}{`);
    const [cut] = await stalledAnswers.responses(1);
    expect(cut?.status).toBe(408);
    await closed;
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(TIMEOUT_MS + 2000);

    // A body sent in pieces, all of it within the timeout, is answered as usual.
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password-1' });
    const slow = connect(port, '127.0.0.1');
    const slowAnswers = collect(slow);
    slow.write(loginHead(Buffer.byteLength(body)));
    for (const piece of [body.slice(0, 10), body.slice(10, 20), body.slice(20)]) {
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 5));
      slow.write(piece);
    }
    const [answer] = await slowAnswers.responses(1);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({
      code: 0,
      msg: 'Incorrect user name or password!',
    });
    slow.destroy();
  } finally {
    await t.app.close();
    await t.close();
  }
});
