/**
 * The terminal setup's selects (npm source, package manager) have accessible names: a screen
 * reader says what each chooses, where it said only "combo box".
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { TerminalSettingsView } from '../../../src/areas/terminal/views/settings';
import { initI18n, loadBackendTexts } from '../../../src/lang';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(cleanup);

it('names the npm source and package manager selects by their labels', () => {
  render(<TerminalSettingsView />);
  const names = screen.getAllByRole('combobox').map((select) => select.getAttribute('aria-label'));
  expect(names).toEqual(['NPM source', 'NPM package manager']);
});
