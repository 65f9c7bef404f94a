/**
 * A balance change's add dialog sends an Idempotency-Key, against a real local HTTP server:
 * the same key when the save is tried again after a failed answer (the server may have saved
 * the first), a new key when the dialog is opened again; dialogs of other lists send none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IDEMPOTENCY_KEY_PATTERN } from '@portico/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notifier } from '../src/api/notifier';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { FormDialog } from '../src/components/table/form-dialog';
import type { ListSpec } from '../src/components/table/types';
import { initI18n, loadBackendTexts } from '../src/lang';
import { type LocalServer, listenLocally } from './support/local-server';

let server: LocalServer;
/** The key each add arrived with ('' for none), and whether the next one fails. */
const keys: string[] = [];
let failNext = false;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  for await (const _chunk of req) {
    // the body is not looked at
  }
  keys.push(String(req.headers['idempotency-key'] ?? ''));
  const failed = failNext;
  failNext = false;
  res
    .writeHead(failed ? 503 : 200, { 'Content-Type': 'application/json; charset=utf-8' })
    .end(
      JSON.stringify({ code: failed ? 0 : 1, msg: failed ? 'Unavailable' : 'Added', time: 1, data: null }),
    );
}

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
  server = await listenLocally(handle);
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  keys.length = 0;
  vi.spyOn(notifier, 'error').mockImplementation((() => {}) as never);
  vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Fields() {
  return (
    <Form.Item name="memo" label="Memo">
      <Input />
    </Form.Item>
  );
}

function openDialog(idempotentAdd: boolean) {
  const spec: ListSpec = { api: '/admin/test.Ledger/', columns: [], form: Fields, idempotentAdd };
  return render(
    <FormDialog
      spec={spec}
      target={{ operate: 'add', ids: [] }}
      extra={{}}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  );
}

async function save(count: number) {
  const before = keys.length;
  await act(async () => {
    fireEvent.click(await screen.findByTestId('form-save'));
    for (let i = 0; i < 100 && keys.length < before + count; i++) {
      await new Promise((done) => setTimeout(done, 20));
    }
    await new Promise((done) => setTimeout(done, 20));
  });
}

it('sends one key per opening of the dialog, the same on a retry', async () => {
  const first = openDialog(true);
  failNext = true;
  await save(1);
  await save(1);
  first.unmount();
  openDialog(true);
  await save(1);

  expect(keys).toHaveLength(3);
  const [tried, retried, reopened] = keys as [string, string, string];
  expect(tried).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(retried).toBe(tried);
  expect(reopened).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(reopened).not.toBe(tried);
});

it('sends no key from the dialogs of other lists', async () => {
  openDialog(false);
  await save(1);
  expect(keys).toEqual(['']);
});
