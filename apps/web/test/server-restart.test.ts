/**
 * Waiting for the server's restart after a module change, against a real local HTTP server that
 * goes away and comes back on the same port: the overlay says the server is restarting until
 * /health answers again, and a server that never comes back ends the wait with an error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { LOADING_ID } from '../src/api/loading';
import { initI18n } from '../src/lang';
import { waitForServerRestart } from '../src/utils/server-restart';

let servers: Server[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function listen(port = 0): Promise<Server> {
  const server = createServer((_request, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 1, msg: '', time: 1, data: { status: 'ok' } }));
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
const overlayText = () => document.getElementById(LOADING_ID)?.textContent ?? null;

beforeAll(() => initI18n('en'));
afterEach(async () => {
  await Promise.all(servers.map(close));
  servers = [];
});

it('shows that the server is restarting until it answers again', async () => {
  const old = await listen();
  const { port } = old.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  let settled = false;
  const waiting = waitForServerRestart({ baseUrl, interval: 20 }).then(() => {
    settled = true;
  });
  expect(overlayText()).toBe('The server is restarting, please wait…');

  // The old process answers a little longer (it is sending the installer's answer), then goes.
  await sleep(60);
  expect(settled).toBe(false);
  await close(old);
  await sleep(200);
  expect(settled).toBe(false);
  expect(overlayText()).toBe('The server is restarting, please wait…');

  await listen(port);
  await waiting;
  expect(overlayText()).toBeNull();
});

it('gives up with an error when the server does not come back', async () => {
  const gone = await listen();
  const { port } = gone.address() as AddressInfo;
  await close(gone);
  await expect(
    waitForServerRestart({ baseUrl: `http://127.0.0.1:${port}`, interval: 20, timeout: 300 }),
  ).rejects.toThrow('The server did not come back');
  expect(overlayText()).toBeNull();
});
