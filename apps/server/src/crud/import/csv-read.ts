/**
 * CSV as spreadsheet programs save it: RFC 4180 quoting; comma, semicolon or tab between fields
 * (whichever the header line uses most: Excel in some locales saves with semicolons); UTF-8
 * with or without a byte-order mark, or GB18030 (what Excel on a Chinese Windows saves), told
 * apart by whether the bytes are valid UTF-8. The import reads it in slices within the read
 * budget (read-budget.ts): a few MiB of CSV takes about a second, which other requests must
 * not wait for.
 */
import { ReadBudget, writeInSlices } from './read-budget.js';
import { MAX_COLUMNS, type TableRows, tooManyColumns } from './table-rows.js';

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** The whole text's rows at once (for files already known to be small). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const parser = new CsvParser(guessDelimiter(text), (row) => rows.push(row));
  parser.write(text);
  parser.end();
  return rows;
}

/** An upload's rows into `rows`, giving way to other requests between slices. */
export async function readCsv(bytes: Buffer, rows: TableRows, budget = new ReadBudget()): Promise<void> {
  const text = decodeText(bytes);
  await budget.giveWay();
  const parser = new CsvParser(guessDelimiter(text), (row) => rows.add(row), MAX_COLUMNS);
  await writeInSlices(text, (slice) => parser.write(slice), budget);
  parser.end();
}

/** RFC 4180 fields, fed in pieces of any size; a row goes to `onRow` as soon as it ends. */
class CsvParser {
  private row: string[] = [];
  private field = '';
  private quoted = false;
  /** The previous piece ended on a quote inside quotes, or on a carriage return. */
  private pending: '"' | '\r' | '' = '';

  constructor(
    private readonly delimiter: string,
    private readonly onRow: (row: string[]) => void,
    /** Wider rows are refused as soon as they pass it, before a line of commas fills memory. */
    private readonly maxFields = Number.POSITIVE_INFINITY,
  ) {}

  write(text: string): void {
    for (const c of text) {
      const pending = this.pending;
      this.pending = '';
      if (pending === '"') {
        // A quote inside quotes: doubled, it is a quote; otherwise it closed the field.
        if (c === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      } else if (pending === '\r' && c === '\n') continue;
      if (this.quoted) {
        if (c === '"') this.pending = '"';
        else this.field += c;
      } else if (c === '"' && this.field === '') this.quoted = true;
      else if (c === this.delimiter) this.endField();
      else if (c === '\n' || c === '\r') {
        this.endField();
        this.onRow(this.row);
        this.row = [];
        if (c === '\r') this.pending = '\r';
      } else this.field += c;
    }
  }

  end(): void {
    if (this.field !== '' || this.row.length > 0) {
      this.endField();
      this.onRow(this.row);
    }
  }

  private endField(): void {
    if (this.row.length >= this.maxFields) throw tooManyColumns();
    this.row.push(this.field);
    this.field = '';
  }
}

function guessDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, header.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}
