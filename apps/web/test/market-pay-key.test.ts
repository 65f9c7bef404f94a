/**
 * A store payment carries the purchase's Idempotency-Key to the market proxy, against a real
 * local HTTP server: retries of one payment send the same key, so the store charges once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { payOrder } from '../src/api/backend/market';
import { notifier } from '../src/api/notifier';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { initI18n } from '../src/lang';
import { type LocalServer, listenLocally } from './support/local-server';

let server: LocalServer;
const seen: { path: string | null; key: string }[] = [];

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  for await (const _chunk of req) {
    // the body is not looked at
  }
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.searchParams.get('path'), key: String(req.headers['idempotency-key'] ?? '') });
  const data = { order: {}, score: 90, money: '0.00' };
  res
    .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' })
    .end(JSON.stringify({ code: 1, msg: 'Payment successful', time: 1, data }));
}

beforeAll(async () => {
  await initI18n('en');
  server = await listenLocally(handle);
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
});

it('sends the payment key with every try of the payment', async () => {
  await payOrder(7, 'score', 'purchase-key-0001');
  await payOrder(7, 'score', 'purchase-key-0001');
  expect(seen).toEqual([
    { path: 'store/pay', key: 'purchase-key-0001' },
    { path: 'store/pay', key: 'purchase-key-0001' },
  ]);
});
