/**
 * One XML part of a zip read with a streaming parser (saxes): linear in the part's size
 * whatever it holds, an unclosed tag or a malformed document is an error, not a slow search,
 * and elements are handed over by their local name (`x:row` and `row` alike).
 */
import { SaxesParser } from 'saxes';
import { unreadable } from './read-budget.js';
import type { ZipParts } from './zip-parts.js';

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

export async function readXmlPart(parts: ZipParts, name: string, handlers: XmlHandlers): Promise<void> {
  if (!parts.has(name)) return;
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) =>
    handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>),
  );
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  // Without an error handler, saxes throws at the first fault; the zip reader refuses the file.
  await parts.read(name, (text) => parser.write(text));
  try {
    parser.close();
  } catch {
    throw unreadable();
  }
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
