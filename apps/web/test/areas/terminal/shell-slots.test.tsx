/**
 * The terminal area fills the back-office shell's slots: its icon in the nav bar and its panel
 * beside the page. A super administrator's icon opens the panel; anyone else gets neither.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n, loadBackendTexts } from '../../../src/lang';
import { moduleSlotParts } from '../../../src/module-contract/registry';
import { ModuleSlot } from '../../../src/module-contract/slot';
import { useAdminInfo } from '../../../src/stores/admin-info';
import { useTerminal } from '../../../src/stores/terminal';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(() => {
  cleanup();
  useTerminal.setState({ taskList: [], activeUuid: null, show: false, showConfig: false });
});

/** The components a slot's parts load, by name. */
async function partNames(slot: 'admin-shell.nav' | 'admin-shell.overlay'): Promise<string[]> {
  const parts = await Promise.all(moduleSlotParts(slot).map((load) => load()));
  return parts.map((part) => part.default.name);
}

function renderShell(isSuper: boolean) {
  useAdminInfo.setState({ super: isSuper });
  render(
    <>
      <ModuleSlot name="admin-shell.nav" />
      <ModuleSlot name="admin-shell.overlay" />
    </>,
  );
}

/** Lets the slots' lazy parts load and render. */
const partsSettle = () => act(() => new Promise((done) => setTimeout(done, 100)));

it("holds the terminal's icon in the nav bar and its panel host beside the page", async () => {
  expect(await partNames('admin-shell.nav')).toContain('TerminalButton');
  expect(await partNames('admin-shell.overlay')).toContain('TerminalOverlay');
});

it('shows a super administrator the icon, which opens the panel', async () => {
  renderShell(true);
  const button = await screen.findByTestId('terminal-button');
  expect(button.getAttribute('aria-label')).toBe('Terminal');
  act(() => fireEvent.click(button));
  expect(await screen.findByText('There is no task yet')).toBeTruthy();
});

it('shows other administrators nothing (the check is not a part still loading)', async () => {
  renderShell(false);
  await partsSettle();
  expect(screen.queryByTestId('terminal-button')).toBeNull();
  act(() => useTerminal.setState({ show: true }));
  await partsSettle();
  expect(screen.queryByText('There is no task yet')).toBeNull();
});
