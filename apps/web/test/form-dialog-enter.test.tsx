/**
 * Enter saves the add/edit dialog from a one-line input, but not while writing in a multi-line
 * field: a textarea or a rich-text editor (a contenteditable area, e.g. the editor module's),
 * where Enter starts a new line or paragraph. Saving is seen here by the required field's
 * message, which appears when the dialog tries to save.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { FormDialog } from '../src/components/table/form-dialog';
import type { ListSpec } from '../src/components/table/types';
import { initI18n, loadBackendTexts } from '../src/lang';

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(cleanup);

function Fields() {
  return (
    <>
      <Form.Item name="title" label="Title" rules={[{ required: true, message: 'Title needed' }]}>
        <Input />
      </Form.Item>
      {/* biome-ignore lint/a11y/useSemanticElements: what a rich-text editor renders (Tiptap's is the same) */}
      <div contentEditable suppressContentEditableWarning aria-label="Body" role="textbox" tabIndex={0}>
        Text
      </div>
    </>
  );
}

const spec: ListSpec = { api: '/admin/test.Thing/', columns: [], form: Fields };

function renderDialog() {
  render(
    <FormDialog
      spec={spec}
      target={{ operate: 'add', ids: [] }}
      extra={{}}
      onClose={() => {}}
      onSaved={() => {}}
    />,
  );
}

it('does not save when Enter is pressed in a rich-text area', async () => {
  renderDialog();
  const body = await screen.findByRole('textbox', { name: 'Body' });
  await act(async () => {
    fireEvent.keyDown(body, { key: 'Enter' });
    await new Promise((done) => setTimeout(done, 50));
  });
  expect(screen.queryByText('Title needed')).toBeNull();
});

it('saves when Enter is pressed in a one-line input', async () => {
  renderDialog();
  await screen.findByRole('textbox', { name: 'Body' });
  const title = document.querySelector<HTMLInputElement>('input#title');
  if (!title) throw new Error('no title input');
  fireEvent.keyDown(title, { key: 'Enter' });
  expect(await screen.findByText('Title needed')).toBeTruthy();
});
