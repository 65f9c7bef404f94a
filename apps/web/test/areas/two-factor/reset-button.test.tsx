/**
 * The two-factor area's "Reset two-factor sign-in" in the administrator form's slot: a super
 * administrator editing someone sees it and, once confirmed, resets that administrator (the
 * request reaches a real local server); nobody else sees it, and adding has nothing to reset.
 */
import type { AdminRow } from '@portico/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notifier } from '../../../src/api/notifier';
import { resetRequestState, setBaseUrl } from '../../../src/api/request';
import { initI18n, loadBackendTexts, loadModuleTexts } from '../../../src/lang';
import { ModuleSlot } from '../../../src/module-contract/slot';
import { useAdminInfo } from '../../../src/stores/admin-info';
import { type LocalApi, listenAsApi } from '../../support/local-server';

let server: LocalApi;

beforeAll(async () => {
  await initI18n('en');
  // The slot's part loads lazily; importing it here first keeps its first transform (seconds on
  // two busy cores, past findByRole's second) out of the tests, and lets the 100 ms waits below
  // see a part that has loaded, not one still loading.
  await Promise.all([
    loadBackendTexts(),
    loadModuleTexts(),
    import('../../../src/areas/two-factor/views/reset-button'),
  ]);
  server = await listenAsApi(() => ({ msg: 'Reset' }));
});
afterAll(() => server.close());
beforeEach(() => {
  setBaseUrl(server.url);
  resetRequestState();
  server.calls.length = 0;
  vi.spyOn(notifier, 'success').mockImplementation((() => {}) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFields(operate: 'add' | 'edit', isSuper: boolean) {
  useAdminInfo.setState({ super: isSuper });
  render(
    <Form>
      <ModuleSlot name="admin-form.fields" props={{ operate, row: { id: 7 } as AdminRow }} />
    </Form>,
  );
}

it('lets a super administrator reset the edited administrator once confirmed', async () => {
  renderFields('edit', true);
  fireEvent.click(await screen.findByRole('button', { name: 'Reset two-factor sign-in' }));
  expect(server.calls).toEqual([]);
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));
  });
  await vi.waitFor(() => expect(server.calls).toHaveLength(1));
  expect(server.calls[0]).toMatchObject({ path: '/admin/auth.Admin/resetTwoFactor', body: { id: 7 } });
});

it.each([
  ['other administrators', 'edit', false],
  ['anyone adding an administrator', 'add', true],
] as const)('shows nothing to %s', async (_who, operate, isSuper) => {
  renderFields(operate, isSuper);
  // The slot's part is lazy: it has loaded and rendered nothing.
  await act(() => new Promise((done) => setTimeout(done, 100)));
  expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in' })).toBeNull();
});

it('is what the slot shows once allowed (the check above is not a part still loading)', async () => {
  renderFields('edit', true);
  await act(() => new Promise((done) => setTimeout(done, 100)));
  expect(screen.getByRole('button', { name: 'Reset two-factor sign-in' })).toBeTruthy();
});
