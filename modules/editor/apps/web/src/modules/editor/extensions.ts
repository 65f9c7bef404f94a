/**
 * The editor's document model: only the elements the server's sanitizer keeps as they are
 * (h2, h3, p, br, strong, em, ul, ol, li, a[href], img[src, alt]), so what is saved is what is
 * shown. apps/web/test/editor-module.test.tsx checks the HTML it writes against the server's.
 */
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';

export const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // No empty paragraph forced after a closing heading or list: the saved HTML has only what was written.
    trailingNode: false,
    // A plain href: the sanitizer would rewrite target/rel, and the saved HTML would differ.
    link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null, class: null } },
  }),
  Image,
];
