/**
 * The export's progress counts rows exactly from the bytes as they arrive: CSV line ends
 * outside quoted fields, whichever chunks they come in; an XLSX's `</row>`s inflated from its
 * first zip entry, built here with yazl as a streaming writer builds it (sizes in a trailing
 * descriptor), and only that entry's bytes given to the decompressor.
 */
import { Readable } from 'node:stream';
import { XLSX_SHEET_ENTRY } from '@portico/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { csvRowCounter, type RowCounter, xlsxRowCounter } from '../src/api/export-progress';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds `bytes` in pieces of `size` (or at the given offsets) and returns every count heard. */
async function feed(
  make: (onRows: (rows: number) => void) => RowCounter,
  given: Uint8Array,
  cuts: number | number[],
): Promise<{ total: number; heard: number[] }> {
  const bytes = new Uint8Array(given);
  const heard: number[] = [];
  const counter = make((rows) => heard.push(rows));
  const offsets =
    typeof cuts === 'number'
      ? Array.from({ length: Math.ceil(bytes.length / cuts) }, (_, i) => i * cuts)
      : [0, ...cuts];
  for (const [i, from] of offsets.entries()) {
    await counter.push(bytes.subarray(from, offsets[i + 1] ?? bytes.length));
  }
  return { total: await counter.end(), heard };
}

describe('CSV rows', () => {
  // A BOM, CRLF line ends, and quoted fields holding line ends, commas and doubled quotes.
  const CSV = [
    '\uFEFFID,Name,Motto\r\n',
    '1,"Ann, the first","She said ""hi""\r\nand left"\r\n',
    '2,Bob,"""\n"""\r\n',
    '3,"Cy","a\nb\nc"\r\n',
  ].join('');
  const bytes = encode(CSV);

  it('counts data rows, not line ends inside quoted fields, for every split of the file', async () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      const { total } = await feed(csvRowCounter, bytes, [cut]);
      expect(total, `split at byte ${cut}`).toBe(3);
    }
    const oneByOne = await feed(csvRowCounter, bytes, 1);
    expect(oneByOne.total).toBe(3);
    // Each row is reported once it is complete, in order, never more than the file holds.
    expect([...new Set(oneByOne.heard)]).toEqual([0, 1, 2, 3]);
  });

  it('reports a row only once its line has ended', async () => {
    const firstRowEnd = CSV.indexOf('left"\r\n') + 'left"\r\n'.length;
    const upToFirstRow = encode(CSV.slice(0, firstRowEnd));
    const heard: number[] = [];
    const counter = csvRowCounter((rows) => heard.push(rows));
    await counter.push(upToFirstRow.subarray(0, upToFirstRow.length - 1));
    // The quoted line end inside "She said..." is not a row.
    expect(heard.at(-1) ?? 0).toBe(0);
    await counter.push(upToFirstRow.subarray(upToFirstRow.length - 1));
    expect(heard.at(-1)).toBe(1);
  });

  it('counts a last line without a line end, and a header-only file as no rows', async () => {
    expect((await feed(csvRowCounter, encode('ID\r\n1\r\n2'), 3)).total).toBe(2);
    expect((await feed(csvRowCounter, encode('\uFEFFID,Name\r\n'), 4)).total).toBe(0);
    expect((await feed(csvRowCounter, new Uint8Array(0), 1)).total).toBe(0);
  });
});

/** A worksheet of `rows` data rows after a header row, with text that looks like markup. */
function sheetXml(rows: number): string {
  const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
  let xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  xml += `<row r="1">${cell('ID')}${cell('用户名')}</row>`;
  for (let i = 1; i <= rows; i++) {
    xml += `<row r="${i + 1}">${cell(String(i))}${cell(`member ${i} &lt;/row&gt; 名字`)}</row>`;
  }
  return `${xml}</sheetData></worksheet>`;
}

/** An xlsx-shaped zip: the sheet first, then the parts a workbook has. */
function buildXlsx(rows: number, how: 'stream' | 'buffer' | 'stored'): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const sheet = Buffer.from(sheetXml(rows));
  if (how === 'stream') zip.addReadStream(Readable.from([sheet]), XLSX_SHEET_ENTRY);
  else zip.addBuffer(sheet, XLSX_SHEET_ENTRY, { compress: how === 'buffer' });
  zip.addBuffer(Buffer.from('<Types/>'.repeat(50)), '[Content_Types].xml');
  zip.addBuffer(
    Buffer.from('<workbook><sheets><sheet name="Sheet1"/></sheets></workbook>'),
    'xl/workbook.xml',
  );
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** The sheet entry's compressed size, read from the zip's central directory. */
function sheetCompressedSize(zip: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === XLSX_SHEET_ENTRY) resolve(entry.compressedSize);
        else file.readEntry();
      });
      file.on('end', () => reject(new Error('no sheet entry')));
      file.readEntry();
    });
  });
}

describe('XLSX rows', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts the rows of a streamed workbook, in chunks of any size, with progress on the way', async () => {
    const zip = await buildXlsx(3000, 'stream');
    // The writer did not know the sizes: they follow the data (general purpose flag bit 3).
    expect(zip.readUInt16LE(6) & 0x08).toBe(0x08);
    expect(zip.readUInt16LE(8)).toBe(8);
    for (const size of [1, 13, 4096, zip.length]) {
      const { total, heard } = await feed(xlsxRowCounter, zip, size);
      expect(total, `chunks of ${size}`).toBe(3000);
      expect(heard.at(-1)).toBe(3000);
      // Never backwards, never past the file.
      expect(heard.every((rows, i) => rows <= 3000 && rows >= (heard[i - 1] ?? 0))).toBe(true);
      if (size < zip.length)
        expect(heard.filter((rows) => rows > 0 && rows < 3000).length).toBeGreaterThan(0);
    }
  });

  it('counts a workbook whose sizes are in the local header, deflated or stored', async () => {
    expect((await feed(xlsxRowCounter, await buildXlsx(120, 'buffer'), 100)).total).toBe(120);
    expect((await feed(xlsxRowCounter, await buildXlsx(120, 'stored'), 100)).total).toBe(120);
    expect((await feed(xlsxRowCounter, await buildXlsx(0, 'stream'), 100)).total).toBe(0);
  });

  it('gives the decompressor the sheet’s bytes and nothing after them', async () => {
    // Chromium's decompressor errors on bytes after the deflate stream and drops the output it
    // still held: the last rows would go uncounted.
    const zip = await buildXlsx(500, 'stream');
    const inflated: number[] = [];
    const Real = globalThis.DecompressionStream;
    vi.stubGlobal(
      'DecompressionStream',
      class {
        readonly readable: ReadableStream<Uint8Array>;
        readonly writable: WritableStream<Uint8Array<ArrayBuffer>>;
        constructor(format: CompressionFormat) {
          const real = new Real(format);
          const count = new TransformStream<Uint8Array<ArrayBuffer>, BufferSource>({
            transform(chunk, controller) {
              inflated.push(chunk.length);
              controller.enqueue(chunk);
            },
          });
          void count.readable.pipeTo(real.writable).catch(() => {});
          this.writable = count.writable;
          this.readable = real.readable;
        }
      },
    );
    const { total } = await feed(xlsxRowCounter, zip, 97);
    expect(total).toBe(500);
    expect(inflated.reduce((a, b) => a + b, 0)).toBe(await sheetCompressedSize(zip));
  });
});
