/**
 * The `editor` form input: a Tiptap rich-text editor whose value is HTML (its elements are in
 * ./extensions), with a toolbar, images from the attachment library and an HTML source view.
 */
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { AttachmentPicker } from '@portico/web-sdk/form';
import type { FormInputProps } from '@portico/web-sdk/module';
import { EditorContent, useEditor } from '@tiptap/react';
import { Button, Input, Modal, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extensions } from './extensions';
import './rich-editor.css';

/** An empty document is an empty value, so a required editor field is still reported empty. */
const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }) => (editor.isEmpty ? '' : editor.getHTML());

export default function RichEditor({ value, onChange, placeholder }: FormInputProps) {
  const { t } = useTranslation();
  const html = typeof value === 'string' ? value : '';
  // The last HTML this editor reported: a value that differs came from outside (form reset, load).
  const reported = useRef(html);
  const [source, setSource] = useState(false);
  const [picking, setPicking] = useState(false);
  const [linking, setLinking] = useState<string | null>(null);

  const editor = useEditor({
    extensions,
    content: html,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: 'ba-rich-editor-content', 'aria-label': placeholder ?? '' } },
    onUpdate: ({ editor: current }) => {
      reported.current = htmlOf(current);
      onChange?.(reported.current);
    },
  });

  useEffect(() => {
    if (!editor || html === reported.current) return;
    reported.current = html;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  const toggleSource = () => {
    // Back from the source: the editor shows the HTML as typed (keeping what it can represent).
    if (source && editor) editor.commands.setContent(html, { emitUpdate: false });
    setSource(!source);
  };

  const tool = (title: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={title} key={title}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        aria-label={title}
        aria-pressed={active}
        icon={icon}
        disabled={source && title !== t('editor.Source code')}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor?.chain().focus();

  return (
    <div className="ba-rich-editor">
      <div className="ba-rich-editor-toolbar" role="toolbar">
        {tool(t('editor.Heading 2'), 'H2', !!editor?.isActive('heading', { level: 2 }), () =>
          chain()?.toggleHeading({ level: 2 }).run(),
        )}
        {tool(t('editor.Heading 3'), 'H3', !!editor?.isActive('heading', { level: 3 }), () =>
          chain()?.toggleHeading({ level: 3 }).run(),
        )}
        {tool(t('editor.Bold'), <BoldOutlined />, !!editor?.isActive('bold'), () =>
          chain()?.toggleBold().run(),
        )}
        {tool(t('editor.Italic'), <ItalicOutlined />, !!editor?.isActive('italic'), () =>
          chain()?.toggleItalic().run(),
        )}
        {tool(t('editor.Bullet list'), <UnorderedListOutlined />, !!editor?.isActive('bulletList'), () =>
          chain()?.toggleBulletList().run(),
        )}
        {tool(t('editor.Numbered list'), <OrderedListOutlined />, !!editor?.isActive('orderedList'), () =>
          chain()?.toggleOrderedList().run(),
        )}
        {tool(t('editor.Link'), <LinkOutlined />, !!editor?.isActive('link'), () =>
          setLinking(String(editor?.getAttributes('link').href ?? '')),
        )}
        {editor?.isActive('link') &&
          tool(t('editor.Remove link'), <DisconnectOutlined />, false, () =>
            chain()?.extendMarkRange('link').unsetLink().run(),
          )}
        {tool(t('editor.Image'), <PictureOutlined />, false, () => setPicking(true))}
        {tool(t('editor.Source code'), <CodeOutlined />, source, toggleSource)}
      </div>
      {source ? (
        <Input.TextArea
          className="ba-rich-editor-source"
          aria-label={t('editor.Source code')}
          autoSize={{ minRows: 8, maxRows: 24 }}
          value={html}
          onChange={(event) => {
            reported.current = event.target.value;
            onChange?.(event.target.value);
          }}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
      {linking !== null && (
        <Modal
          open
          title={t('editor.Link address')}
          onCancel={() => setLinking(null)}
          onOk={() => {
            const href = linking.trim();
            const run = chain()?.extendMarkRange('link');
            if (href) run?.setLink({ href }).run();
            else run?.unsetLink().run();
            setLinking(null);
          }}
        >
          <Input
            autoFocus
            aria-label={t('editor.Link address')}
            placeholder="https://"
            value={linking}
            onChange={(event) => setLinking(event.target.value)}
          />
        </Modal>
      )}
      {picking && (
        <AttachmentPicker
          images
          limit={0}
          onClose={() => setPicking(false)}
          onChoose={(urls) => {
            setPicking(false);
            chain()
              ?.insertContent(urls.map((src) => ({ type: 'image', attrs: { src, alt: '' } })))
              .run();
          }}
        />
      )}
    </div>
  );
}
