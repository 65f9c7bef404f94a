/**
 * A form-input type a module provides takes the place of the core's input of that type: with an
 * editor module installed, `<FormItem type="editor" />` shows the module's editor (not the
 * textarea fallback) and the form saves what is typed into it. The module list is what Vite's
 * glob finds in src/modules, so here one module is added to it.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { FormItem } from '../src/components/form/form-item';
import { initI18n, loadBackendTexts } from '../src/lang';
import type { FormInputProps } from '../src/module-contract/contract';

vi.mock('../src/module-contract/registry', async (original) => {
  const actual = await original<typeof import('../src/module-contract/registry')>();
  function TestEditor({ value, onChange }: FormInputProps) {
    return (
      <div data-testid="module-editor">
        <input aria-label="editor" value={String(value ?? '')} onChange={(e) => onChange?.(e.target.value)} />
      </div>
    );
  }
  return {
    ...actual,
    moduleFormInput: (type: string) =>
      type === 'editor' ? async () => ({ default: TestEditor }) : actual.moduleFormInput(type),
  };
});

beforeAll(async () => {
  await initI18n('en');
  await loadBackendTexts();
});
afterEach(cleanup);

it("renders the module's input for its type and keeps the form's value in it", async () => {
  let form: ReturnType<typeof Form.useForm>[0] | undefined;
  function Page() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ body: '<p>Hi</p>', title: 'x' }}>
        <FormItem type="editor" name="body" label="Body" />
        <FormItem type="string" name="title" label="Title" />
      </Form>
    );
  }
  render(<Page />);
  const editor = (await screen.findByLabelText('editor')) as HTMLInputElement;
  expect(editor.value).toBe('<p>Hi</p>');
  expect(screen.queryByText('No rich-text editor is installed yet', { exact: false })).toBeNull();
  act(() => {
    fireEvent.change(editor, { target: { value: '<p>Bye</p>' } });
  });
  expect(form?.getFieldValue('body')).toBe('<p>Bye</p>');
  // Types no module provides keep the core's input.
  expect(screen.getAllByRole('textbox')).toHaveLength(2);
});
