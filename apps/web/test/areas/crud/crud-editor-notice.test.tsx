/**
 * The CRUD designer warns when a design has a rich-text field and no editor module is installed
 * (the generated form would show "Please install editor"), as the original's screen does; with
 * an editor module installed, or without a rich-text field, it says nothing. Which modules are
 * installed is what Vite's glob finds in src/modules: here an editor is added to it or not.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { CrudScreen } from '../../../src/areas/crud/views/crud-page';
import { initI18n, loadBackendTexts, loadModuleTexts } from '../../../src/lang';

const installed = vi.hoisted(() => ({ editor: false }));
vi.mock('../../../src/module-contract/registry', async (original) => {
  const actual = await original<typeof import('../../../src/module-contract/registry')>();
  const provided = (type: string) => installed.editor && type === 'editor';
  return {
    ...actual,
    hasModuleFormInput: (type: string) => provided(type) || actual.hasModuleFormInput(type),
  };
});

// antd screens render slowly in jsdom under load.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await initI18n('en');
  await Promise.all([loadBackendTexts(), loadModuleTexts()]);
});
afterEach(() => {
  cleanup();
  installed.editor = false;
});

const NOTICE = 'no rich-text editor module is installed';

function designWith(...kinds: string[]) {
  render(<CrudScreen go={vi.fn()} />);
  fireEvent.click(screen.getByText('Create'));
  const palette = within(screen.getByTestId('crud-palette'));
  for (const kind of kinds) fireEvent.click(palette.getByRole('button', { name: kind }));
}

it('warns once a rich-text field is in the design and no editor module is installed', () => {
  designWith('Primary key', 'String');
  expect(screen.queryByText(NOTICE, { exact: false })).toBeNull();
  fireEvent.click(within(screen.getByTestId('crud-palette')).getByRole('button', { name: 'Rich text' }));
  expect(screen.getByRole('alert').textContent).toContain('Please install editor');
  expect(screen.getByText(NOTICE, { exact: false })).toBeTruthy();
});

it('says nothing when an editor module is installed', () => {
  installed.editor = true;
  designWith('Primary key', 'Rich text');
  expect(screen.queryByText(NOTICE, { exact: false })).toBeNull();
});
