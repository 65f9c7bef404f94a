/** Reading exported files back as a spreadsheet program would: CSV by RFC 4180, XLSX by its sheet. */
import { readFileSync } from 'node:fs';
import yauzl from 'yauzl';
import { parseCsv as parseCsvText } from '../../src/crud/import/csv-read.js';

/** CSV text → rows of fields: the import's own RFC 4180 reader, after the export's byte-order mark. */
export function parseCsv(text: string): string[][] {
  return parseCsvText(text.replace(/^\uFEFF/, ''));
}

/** The zip's entries in order, with their text. */
export async function zipEntries(buffer: Buffer): Promise<{ name: string; text: string }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries: { name: string; text: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.push({ name: entry.fileName, text: Buffer.concat(chunks).toString('utf8') });
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** A sheet's rows: each cell's inline text or value, unescaped. */
export function sheetRows(xml: string): string[][] {
  const unescapeXml = (text: string) =>
    text.replace(
      /&(lt|gt|quot|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name] ?? '',
    );
  return [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map(([, cells = '']) =>
    [...cells.matchAll(/<c[^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/gs)].map(
      ([, text, value]) => unescapeXml(text ?? value ?? ''),
    ),
  );
}

/** The first sheet of a workbook file, as rows of cell texts. */
export async function readXlsxFile(path: string): Promise<string[][]> {
  const entries = await zipEntries(readFileSync(path));
  const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('no sheet in the workbook');
  return sheetRows(sheet.text);
}
