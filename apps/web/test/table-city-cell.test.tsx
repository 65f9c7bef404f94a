/**
 * A list's city cell (a generated screen's `city` field) shows the names the city cascader
 * shows, not the stored area ids ("110000,110100,110101"), from the same area endpoint; rows
 * of one page share its answers (each level is asked once), and an id the endpoint does not
 * know stays shown as stored.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { resetRequestState, setBaseUrl } from '../src/api/request';
import { Cell } from '../src/components/table/cells';
import type { Column } from '../src/components/table/types';
import { initI18n } from '../src/lang';
import { type LocalApi, listenAsApi } from './support/local-server';
import { WAIT } from './support/wait';

vi.setConfig({ testTimeout: 60_000 });

/** The area table by parent id, as `/admin/ajax/area` answers it. */
const AREAS: Record<number, { value: number; label: string }[]> = {
  0: [
    { value: 110000, label: 'Beijing' },
    { value: 310000, label: 'Shanghai' },
  ],
  110000: [{ value: 110100, label: 'Beijing City' }],
  110100: [
    { value: 110101, label: 'Dongcheng' },
    { value: 110102, label: 'Xicheng' },
  ],
};

let server: LocalApi;
beforeAll(async () => {
  await initI18n('en');
  server = await listenAsApi(({ path, query }) => {
    if (path !== '/admin/ajax/area') return { code: 0, msg: `unexpected ${path}` };
    const pid = Number(query.get('city') ?? query.get('province') ?? 0);
    return { data: AREAS[pid] ?? [] };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  server.calls.length = 0;
});
afterEach(cleanup);

const column: Column = { prop: 'region', label: 'Region', render: 'city' };

it('shows the area names of the stored ids, each level asked once for the page', async () => {
  render(
    <>
      <Cell column={column} row={{ region: '110000,110100,110101' }} />
      <Cell column={column} row={{ region: '110000,110100,110102' }} />
    </>,
  );
  await waitFor(() => expect(screen.getByText('Beijing / Beijing City / Dongcheng')).toBeTruthy(), WAIT);
  await waitFor(() => expect(screen.getByText('Beijing / Beijing City / Xicheng')).toBeTruthy(), WAIT);
  expect(screen.queryByText(/110000/)).toBeNull();
  const asked = server.calls.map((call) => call.query.toString()).sort();
  expect(asked).toEqual(['', 'province=110000', 'province=110000&city=110100'].sort());
});

it('keeps an id the area endpoint does not know as stored, and shows nothing for none', async () => {
  render(
    <>
      <Cell column={column} row={{ region: '310000,999999' }} />
      <Cell column={column} row={{ region: '' }} />
    </>,
  );
  await waitFor(() => expect(screen.getByText('Shanghai / 999999')).toBeTruthy(), WAIT);
});
