/**
 * Module descriptions are markdown written by the store's administrators and shown to every
 * visitor of the market. The project has no markdown library, and the common subset a module
 * page uses is small, so it is rendered here: headings, paragraphs, lists, quotes, rules,
 * fenced code, bold, italic, strikethrough, inline code, links and images. Text is escaped
 * before any tag is made, and the result still goes through the content sanitizer (the one
 * articles use), so nothing a description says can reach the page as markup of its own.
 */
import { escapeHtml, sanitizeBody } from '@portico/server-sdk';

/** Links and images only to http(s), mailto or this site; anything else loses its target. */
const safeUrl = (url: string) => (/^(https?:\/\/|mailto:|\/(?!\/))/i.test(url) ? url : '#');

function inline(escaped: string): string {
  // Code spans first, so their content is not read as emphasis or links. They wait as `<n>`:
  // escaped text holds no `<`, so the placeholder cannot be forged.
  const codes: string[] = [];
  let text = escaped.replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `<${codes.length - 1}>`;
  });
  text = text
    .replace(
      /!\[([^\]]*)\]\(([^)\s]+)\)/g,
      (_, alt: string, url: string) => `<img src="${safeUrl(url)}" alt="${alt}">`,
    )
    .replace(
      /\[([^\]]+)\]\(([^)\s]+)\)/g,
      (_, label: string, url: string) => `<a href="${safeUrl(url)}">${label}</a>`,
    )
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(.+?)__/g, '<strong>$1</strong>')
    .replace(/~~(.+?)~~/g, '<del>$1</del>')
    .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, '$1<em>$2</em>')
    .replace(/(^|[^\w_])_([^_\s][^_]*?)_(?!\w)/g, '$1<em>$2</em>');
  return text.replace(/<(\d+)>/g, (_, i: string) => codes[Number(i)] ?? '');
}

const LIST_ITEM = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;

/** The markdown as HTML, before sanitizing. */
export function markdownToHtml(markdown: string): string {
  const lines = escapeHtml(markdown.replace(/\r\n?/g, '\n')).split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i++;
      out.push(`<pre><code>${code.join('\n')}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('<hr>');
      i++;
      continue;
    }
    if (/^\s*&gt;/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^\s*&gt;/.test(lines[i] ?? ''))
        quoted.push((lines[i++] ?? '').replace(/^\s*&gt;\s?/, ''));
      out.push(`<blockquote><p>${inline(quoted.join(' '))}</p></blockquote>`);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1] ?? '');
      const items: string[] = [];
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i] ?? '');
        if (!next || /\d/.test(next[1] ?? '') !== ordered) break;
        items.push(`<li>${inline(next[2] ?? '')}</li>`);
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.join('')}</${tag}>`);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (next.trim() === '' || /^(#{1,6}\s|\s*```|\s*&gt;)/.test(next) || LIST_ITEM.test(next)) break;
      paragraph.push(next.trim());
      i++;
    }
    out.push(`<p>${inline(paragraph.join(' '))}</p>`);
  }
  return out.join('\n');
}

/** A description as the market shows it: rendered, then sanitized. */
export async function renderDescription(markdown: string | null): Promise<string> {
  return markdown ? sanitizeBody(markdownToHtml(markdown)) : '';
}
