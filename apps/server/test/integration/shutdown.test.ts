/**
 * Shutting down (SIGTERM → app.close()): a request already in flight is answered normally;
 * a request that still arrives on an open connection gets a 503 in the envelope, with a
 * translated message, like every other answer of the API.
 */
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { testDatabases } from '../support/databases.js';
import { collect, type RawResponse } from '../support/raw-http.js';
import { startTestApp } from '../support/test-app.js';

for (const { dialect } of testDatabases()) {
  it(`answers requests arriving while the server shuts down with the 503 envelope [${dialect}]`, async () => {
    const t = await startTestApp(dialect);
    let closed: Promise<void> | undefined;
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const socket = connect(port, '127.0.0.1');
      const received = collect(socket);

      // Request A: headers now, body later. "100 Continue" says the server has taken it up.
      const body = JSON.stringify({ username: 'admin', password: 'not-the-password-1' });
      socket.write(
        'POST /admin/index/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nthink-lang: en\r\n\r\n`,
      );
      await received.until((text) => text.includes('100 Continue'));

      closed = t.app.close();
      // The server stops listening once its shutdown is under way.
      await poll(() => !t.app.server.listening);

      // A's body, then request B on the same connection.
      socket.write(body);
      socket.write('GET /admin/index/index HTTP/1.1\r\nHost: localhost\r\nthink-lang: en\r\n\r\n');
      const [answerA, answerB] = (await received.responses(2)) as [RawResponse, RawResponse];

      expect(answerA.status).toBe(200);
      expect(JSON.parse(answerA.body)).toMatchObject({ code: 0 });
      expect(answerB.status).toBe(503);
      // The client is told to take its next request elsewhere (or to come back later).
      expect(answerB.headers).toMatch(/\r\nconnection: close/i);
      expect(JSON.parse(answerB.body)).toEqual({
        code: 0,
        msg: 'The service is temporarily unavailable. Please try again later.',
        time: expect.any(Number),
        data: null,
      });
      socket.destroy();
      await closed;
    } finally {
      await (closed ?? t.app.close());
      await t.close();
    }
  });
}

async function poll(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error('the condition did not come true within 5 seconds');
}
