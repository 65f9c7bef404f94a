/**
 * The check-in calendar's year and month selects have accessible names (a screen reader said
 * only "combo box"), in the reader's language, and choosing a month asks the server for that
 * month and shows it (a local HTTP server answers as the site does).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { setBaseUrl } from '../../../apps/web/src/api/request';
import { i18n, initI18n } from '../../../apps/web/src/lang';
import { type LocalServer, listenLocally } from '../../../apps/web/test/support/local-server';
import en from '../apps/web/src/modules/checkin/lang/en';
import MemberCheckin from '../apps/web/src/modules/checkin/views/member-checkin';

// jsdom has no ResizeObserver; antd's select list observes its size with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let server: LocalServer;
/** The months the page asked for. */
const asked: string[] = [];

beforeAll(async () => {
  server = await listenLocally((req, res) => {
    // Another origin than jsdom's page: it allows the page's calls as the site's CORS does.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const month = new URL(req.url ?? '/', 'http://x').searchParams.get('month') ?? '2026-01';
    asked.push(month);
    const data = { today: '2026-01-20', checkedToday: false, streak: 0, reward: 5 };
    const status = { ...data, month, days: [`${month}-15`], monthPoints: 5, total: 1 };
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 1, msg: '', time: 0, data: status }));
  });
  setBaseUrl(server.url);
  await initI18n('en');
  // The module's texts as the app merges them: keys prefixed with their namespace.
  i18n.addResourceBundle(
    'en',
    'translation',
    Object.fromEntries(Object.entries(en.checkin).map(([key, text]) => [`checkin.${key}`, text])),
  );
});
afterEach(cleanup);
afterAll(() => server.close());

it('names the year and month selects', async () => {
  await act(async () => {
    render(<MemberCheckin />);
  });
  const names = screen.getAllByRole('combobox').map((select) => select.getAttribute('aria-label'));
  expect(names).toEqual(['Year', 'Month']);
});

it('shows the month chosen in the month select', async () => {
  await act(async () => {
    render(<MemberCheckin />);
  });
  await waitFor(() => expect(document.querySelector('[data-date="2026-01-15"]')).not.toBeNull());
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Month' }));
  fireEvent.click(await screen.findByTitle('Mar'));
  await waitFor(() => expect(document.querySelector('[data-date="2026-03-15"]')).not.toBeNull());
  expect(asked).toContain('2026-03');
});
