/**
 * CSV as spreadsheet programs open it: UTF-8 with a byte-order mark (without it Excel reads
 * Chinese as mojibake), CRLF line ends, fields quoted when they hold a quote, comma or line
 * break (RFC 4180). A text beginning like a formula is prefixed with an apostrophe, so that a
 * member who names themself `=HYPERLINK(...)` cannot make an administrator's spreadsheet run it.
 */
import { Readable } from 'node:stream';
import type { Cell } from './export-columns.js';

export function csvStream(titles: string[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* lines() {
    yield `\uFEFF${line(titles)}`;
    for await (const batch of batches) yield batch.map(line).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

function line(cells: Cell[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}

function field(cell: Cell): string {
  if (typeof cell === 'number') return String(cell);
  const safe = defuseFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** A text a spreadsheet would run as a formula, made plain text (numbers like `-1.50` stay). */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_TEXT.test(text) ? `'${text}` : text;
}
