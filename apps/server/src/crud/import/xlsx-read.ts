/**
 * The first sheet of an Excel workbook as rows of text: the sheet the workbook names first
 * (through its relationships), cells by their reference (gaps stay empty), shared and inline
 * strings, numbers as written. No other sheet is opened. Every part is streamed through an
 * XML parser within the read budget (read-budget.ts), so a crafted workbook is refused, not
 * slow: nothing taken from the file ever becomes a pattern or a search.
 */

import { posix } from 'node:path';
import { IMPORT_MAX_ROWS } from '@portico/shared';
import { ApiError } from '../../http/errors.js';
import { READ_LIMITS, ReadBudget, type ReadLimits, unreadable } from './read-budget.js';
import { MAX_COLUMNS, type TableRows, tooManyColumns } from './table-rows.js';
import { readXmlPart } from './xml-part.js';
import { openZip, type ZipParts } from './zip-parts.js';

/** A workbook's shared strings are distinct cell texts: more than its cells could use is refused. */
const MAX_SHARED_STRINGS = (IMPORT_MAX_ROWS + 1) * MAX_COLUMNS;

export async function readXlsx(
  bytes: Buffer,
  rows: TableRows,
  limits: ReadLimits = READ_LIMITS,
): Promise<void> {
  const budget = new ReadBudget(limits);
  const parts = await openZip(bytes, budget);
  try {
    const sheet = await firstSheetPart(parts);
    if (!sheet || !parts.has(sheet)) throw unreadable();
    const shared = await sharedStrings(parts);
    await readSheet(parts, sheet, shared, rows);
  } finally {
    parts.close();
  }
}

/** The part of the first `<sheet>` in workbook.xml, through the workbook's relationships. */
async function firstSheetPart(parts: ZipParts): Promise<string | undefined> {
  let id: string | undefined;
  await readXmlPart(parts, 'xl/workbook.xml', {
    open: (name, attributes) => {
      if (name !== 'sheet' || id !== undefined) return;
      // The relationship attribute is `r:id` under whatever prefix the workbook binds.
      const key = Object.keys(attributes).find((a) => a.endsWith(':id'));
      id = key ? attributes[key] : '';
    },
  });
  let target: string | undefined;
  await readXmlPart(parts, 'xl/_rels/workbook.xml.rels', {
    open: (name, attributes) => {
      if (name === 'Relationship' && id && attributes.Id === id && target === undefined)
        target = attributes.Target;
    },
  });
  if (!target) return undefined;
  // Targets are relative to xl/, or absolute within the package.
  return target.startsWith('/') ? posix.normalize(target.slice(1)) : posix.join('xl', target);
}

/** The text of each `<si>`: its `<t>` runs (rich text has several), not its phonetic guides. */
async function sharedStrings(parts: ZipParts): Promise<string[]> {
  const strings: string[] = [];
  const item = new TextCollector('t', 'rPh');
  await readXmlPart(parts, 'xl/sharedStrings.xml', {
    open: (name) => {
      if (name === 'si') item.start();
      else item.open(name);
    },
    text: (text) => item.text(text),
    close: (name) => {
      if (name !== 'si') return item.close(name);
      if (strings.length >= MAX_SHARED_STRINGS) throw new ApiError('The file is too large to import');
      strings.push(item.finish());
    },
  });
  return strings;
}

async function readSheet(parts: ZipParts, part: string, shared: string[], rows: TableRows): Promise<void> {
  let row: string[] = [];
  let cell: { at: number; type: string } | undefined;
  const value = new TextCollector('v');
  const inline = new TextCollector('t', 'rPh');
  await readXmlPart(parts, part, {
    open: (name, attributes) => {
      if (name === 'row') row = [];
      else if (name === 'c') {
        const at = columnIndex(attributes.r ?? '') ?? row.length;
        if (at >= MAX_COLUMNS) throw tooManyColumns();
        cell = { at, type: attributes.t ?? 'n' };
        value.start();
        inline.start();
      } else if (cell) {
        value.open(name);
        inline.open(name);
      }
    },
    text: (text) => {
      value.text(text);
      inline.text(text);
    },
    close: (name) => {
      if (name === 'row') rows.add(row);
      else if (name === 'c' && cell) {
        while (row.length < cell.at) row.push('');
        row[cell.at] = cellText(cell.type, value.finish(), inline.finish(), shared);
        cell = undefined;
      } else if (cell) {
        value.close(name);
        inline.close(name);
      }
    },
  });
}

function cellText(type: string, value: string, inline: string, shared: string[]): string {
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'inlineStr') return inline;
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return value;
}

/** `A1` → 0, `Z7` → 25, `AA3` → 26 (absurdly long: past any column); undefined without letters. */
function columnIndex(reference: string): number | undefined {
  let index = 0;
  let letters = 0;
  for (const c of reference) {
    const code = c.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + code - 64;
    if (++letters > 3) return Number.POSITIVE_INFINITY;
  }
  return letters === 0 ? undefined : index - 1;
}

/**
 * The text inside one kind of element (`<t>`, `<v>`) within an item, leaving out what lies
 * inside an element to skip (a phonetic guide's `<rPh>`).
 */
class TextCollector {
  private parts: string[] = [];
  private inside = 0;
  private skipped = 0;

  constructor(
    private readonly element: string,
    private readonly skip?: string,
  ) {}

  start(): void {
    this.parts = [];
    this.inside = 0;
    this.skipped = 0;
  }

  open(name: string): void {
    if (name === this.element) this.inside++;
    else if (name === this.skip) this.skipped++;
  }

  close(name: string): void {
    if (name === this.element) this.inside--;
    else if (name === this.skip) this.skipped--;
  }

  text(text: string): void {
    if (this.inside > 0 && this.skipped === 0) this.parts.push(text);
  }

  finish(): string {
    const text = this.parts.join('');
    this.start();
    return text;
  }
}
