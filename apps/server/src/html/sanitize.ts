/**
 * Article and page bodies are HTML written in the back-office and shown to every visitor,
 * so only formatting survives: no scripts, event handlers, styles that could overlay the
 * page, frames or forms; links and images only over http(s) or site-relative paths.
 */
import type sanitizeHtml from 'sanitize-html';

// Loaded on first use: the parser and its CSS dependency cost about 10 MB of memory, and
// most processes never save or serve an article.
let loaded: Promise<(html: string) => string> | undefined;
const load = () => {
  loaded ??= import('sanitize-html').then(({ default: sanitize }) => {
    const configured = options(sanitize);
    return (html: string) => sanitize(html, configured).replace(XHTML_VOID_END, '$1>');
  });
  return loaded;
};

/**
 * sanitize-html closes void elements the XHTML way (`<img src="a.png" />`); browsers and the
 * rich-text editor write `<img src="a.png">`, so a body saved from the editor would come back
 * changed and the editor would report an edit nobody made. Its output escapes `<` and `>` in
 * text and attribute values, so this only ever matches the end of a tag it wrote.
 */
const XHTML_VOID_END = /(<(?:img|br|hr|source|col|wbr)\b[^<>]*?) \/>/g;

const options = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitize.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'video',
    'audio',
    'source',
    'del',
    'ins',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    audio: ['src', 'controls'],
    source: ['src', 'type'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], audio: ['http', 'https'] },
  allowProtocolRelative: false,
  // A link that opens a new tab must not hand the opener to the target page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
});

export async function sanitizeBody(html: string): Promise<string> {
  return (await load())(html);
}
