/**
 * The editor module as it works once installed (in a fresh checkout it waits for installation): every `editor` form field is its rich-text editor instead of the textarea
 * fallback, formatting from the toolbar or the keyboard gives the HTML the server keeps, and
 * the source view edits that HTML. Its entry is added to the module list here, as the web build
 * does for an installed module; its files import the core by their installed paths (the web test
 * project resolves them with scripts/module-mirror-plugin.mjs). Its packages (module.json
 * `web.dependencies`) must be installed: without them the tests are skipped.
 */
import { createRequire } from 'node:module';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_HTML } from '../../../apps/server/test/fixtures/editor-html';
import { FormItem } from '../../../apps/web/src/components/form/form-item';
import { initI18n, loadModuleTexts } from '../../../apps/web/src/lang';
import editorModule from '../apps/web/src/modules/editor/index';

const missing = (() => {
  try {
    createRequire(import.meta.url).resolve('@tiptap/react');
    return false;
  } catch {
    return true;
  }
})();
if (missing)
  console.warn(
    'modules/editor/test/editor.test skipped: the editor module packages are not installed ' +
      '(npm install the web.dependencies of modules/editor/module.json).',
  );

// Whether the module is in the web build (the installer copies its entry in; disabling takes it out).
const build = vi.hoisted(() => ({ hasEditorModule: true }));

vi.mock('../../../apps/web/src/module-contract/registry', async (original) => {
  const actual = await original<typeof import('../../../apps/web/src/module-contract/registry')>();
  const { default: entry } = await import('../apps/web/src/modules/editor/index');
  return {
    ...actual,
    moduleFormInput: (type: string) =>
      (build.hasEditorModule && entry.formInputs[type as 'editor']) || actual.moduleFormInput(type),
    moduleLangPacks: async (lang: 'en' | 'zh-cn') => [(await entry.lang[lang]()).default],
  };
});

// Module texts load with the screens that use them (the sign-in page needs none), as here.
beforeAll(async () => {
  await initI18n('en');
  await loadModuleTexts();
});
// jsdom has no ResizeObserver; the source view's auto-sized textarea observes itself with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// jsdom lays nothing out and its ranges cannot be measured; ProseMirror (prosemirror-view 1.44 on)
// measures the selection's range to scroll it into view after every change, so give ranges the
// empty boxes jsdom gives elements.
Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
afterEach(cleanup);

function renderBody(body: string) {
  let form: ReturnType<typeof Form.useForm>[0] | undefined;
  function Page() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ body }}>
        <FormItem type="editor" name="body" label="Body" />
      </Form>
    );
  }
  render(<Page />);
  return () => form?.getFieldValue('body');
}

async function editable(): Promise<HTMLElement> {
  await screen.findByRole('toolbar');
  const area = document.querySelector<HTMLElement>('.ProseMirror');
  if (!area) throw new Error('no editable area');
  return area;
}

// First: the form input is remembered per type once shown, as in a build (disabling rebuilds).
it('leaves the textarea fallback while the module is not in the build', async () => {
  build.hasEditorModule = false;
  try {
    const body = renderBody('<p>Hi</p>');
    expect(await screen.findByText('No rich-text editor is installed yet', { exact: false })).toBeTruthy();
    expect(document.querySelector('.ProseMirror')).toBeNull();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '<p>Bye</p>' } });
    expect(body()).toBe('<p>Bye</p>');
  } finally {
    build.hasEditorModule = true;
  }
});

describe.skipIf(missing)('editor module', () => {
  it('declares the editor form input and both language packs', () => {
    expect(editorModule.uid).toBe('editor');
    expect(Object.keys(editorModule.formInputs)).toEqual(['editor']);
    expect(Object.keys(editorModule.lang).sort()).toEqual(['en', 'zh-cn']);
  });

  it('has every toolbar text in both languages', async () => {
    const en = (await editorModule.lang.en()).default.editor;
    const zh = (await editorModule.lang['zh-cn']()).default.editor;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.values({ ...en, ...zh }).every((text) => text.trim() !== '')).toBe(true);
  });

  it('replaces the textarea fallback and formats the selection from the toolbar', async () => {
    const body = renderBody('<p>Hello</p>');
    const area = await editable();
    expect(screen.queryByText('No rich-text editor is installed yet', { exact: false })).toBeNull();
    expect(area.innerHTML).toContain('Hello');
    act(() => {
      area.focus();
      fireEvent.keyDown(area, { key: 'a', ctrlKey: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(body()).toBe('<p><strong>Hello</strong></p>'));
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(body()).toBe('<h2><strong>Hello</strong></h2>'));
    fireEvent.click(screen.getByRole('button', { name: 'Heading 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    await waitFor(() => expect(body()).toBe('<h3><strong><em>Hello</em></strong></h3>'));
    fireEvent.click(screen.getByRole('button', { name: 'Heading 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bullet list' }));
    await waitFor(() => expect(body()).toBe('<ul><li><p><strong><em>Hello</em></strong></p></li></ul>'));
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(body()).toBe('<ol><li><p><strong><em>Hello</em></strong></p></li></ol>'));
  });

  it('makes the selection bold and italic with the keyboard shortcuts', async () => {
    const body = renderBody('<p>Hi</p>');
    const area = await editable();
    act(() => {
      area.focus();
      fireEvent.keyDown(area, { key: 'a', ctrlKey: true });
    });
    act(() => {
      fireEvent.keyDown(area, { key: 'b', ctrlKey: true });
    });
    act(() => {
      fireEvent.keyDown(area, { key: 'i', ctrlKey: true });
    });
    await waitFor(() => expect(body()).toBe('<p><strong><em>Hi</em></strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links the selection to the address entered', async () => {
    const body = renderBody('<p>Docs</p>');
    const area = await editable();
    act(() => {
      area.focus();
      fireEvent.keyDown(area, { key: 'a', ctrlKey: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    fireEvent.change(await screen.findByPlaceholderText('https://'), {
      target: { value: 'https://example.com/docs' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(body()).toBe('<p><a href="https://example.com/docs">Docs</a></p>'));
  });

  it('edits the HTML in the source view and shows it formatted again', async () => {
    const body = renderBody('<p>One</p>');
    await editable();
    fireEvent.click(screen.getByRole('button', { name: 'HTML source' }));
    const source = screen.getByRole('textbox', { name: 'HTML source' }) as HTMLTextAreaElement;
    expect(source.value).toBe('<p>One</p>');
    const html = '<h2>Title</h2><p><img src="/storage/default/a.png" alt="A"></p>';
    fireEvent.change(source, { target: { value: html } });
    expect(body()).toBe(html);
    fireEvent.click(screen.getByRole('button', { name: 'HTML source' }));
    const area = await editable();
    expect(area.querySelector('h2')?.textContent).toBe('Title');
    expect(area.querySelector('img')?.getAttribute('src')).toBe('/storage/default/a.png');
    // Showing it changes nothing: the form keeps the HTML as typed until the next edit.
    expect(body()).toBe(html);
  });

  it('writes the HTML the server keeps unchanged (the fixture of its sanitizer test)', async () => {
    // A computed specifier: Vite resolves literal imports when it transforms this file, which
    // would fail before skipIf could skip the tests where the packages are not installed.
    const tiptapCore = '@tiptap/core';
    const { Editor } = (await import(/* @vite-ignore */ tiptapCore)) as typeof import('@tiptap/core');
    const { extensions } = await import('../apps/web/src/modules/editor/extensions');
    const editor = new Editor({ extensions, content: EDITOR_HTML });
    expect(editor.getHTML()).toBe(EDITOR_HTML);
    editor.destroy();
  });

  it('reports an emptied editor as an empty value', async () => {
    const body = renderBody('<p>x</p>');
    const area = await editable();
    act(() => {
      area.focus();
      fireEvent.keyDown(area, { key: 'a', ctrlKey: true });
    });
    act(() => {
      fireEvent.keyDown(area, { key: 'Backspace' });
    });
    await waitFor(() => expect(body()).toBe(''));
  });
});
