/**
 * The layout drawer's "Restore default": after confirming, the settings the browser kept are
 * gone and the page reloads, so it comes back with the defaults; the sign-in stays.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { initI18n, loadBackendTexts } from '../src/lang';
import { ConfigDrawer } from '../src/layouts/backend/config-drawer';
import { useConfig } from '../src/stores/config';
import { ADMIN_INFO_STORAGE_KEY, CONFIG_STORAGE_KEY } from '../src/stores/storage-keys';
import { WAIT } from './support/wait';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useConfig.getState().restoreDefaults();
  localStorage.clear();
});

it('forgets the stored layout and reloads, keeping the sign-in', async () => {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  localStorage.setItem(ADMIN_INFO_STORAGE_KEY, '{"state":{"token":"kept"},"version":0}');
  useConfig.getState().setLayout('isDark', true);
  useConfig.getState().setLayout('showDrawer', true);
  expect(localStorage.getItem(CONFIG_STORAGE_KEY)).toContain('"isDark":true');

  render(<ConfigDrawer />);
  fireEvent.click(await screen.findByRole('button', { name: 'Restore default' }, WAIT));
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }, WAIT));

  expect(localStorage.getItem(CONFIG_STORAGE_KEY)).toBeNull();
  expect(localStorage.getItem(ADMIN_INFO_STORAGE_KEY)).toContain('kept');
  expect(reload).toHaveBeenCalledTimes(1);
});
