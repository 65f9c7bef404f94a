/**
 * The first sheet of an Excel workbook as rows of text: cells by their reference (gaps stay
 * empty), shared and inline strings, numbers as written. Entries are read with a ceiling on
 * their unpacked size, so a small upload cannot unpack into gigabytes.
 */
import yauzl from 'yauzl';
import { ApiError } from '../../http/errors.js';

/** The most an entry of an uploaded workbook may unpack to. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const entries = await unzip(bytes, (name) =>
    /^xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/.test(name),
  );
  const sheet = entries.get(firstSheetPath(entries)) ?? '';
  const shared = [...(entries.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map(
    ([, si = '']) => texts(si),
  );
  const rows: string[][] = [];
  for (const [, cells = ''] of sheet.matchAll(/<row\b[^>]*?(?:\/>|>(.*?)<\/row>)/gs)) {
    const row: string[] = [];
    for (const [, attributes = '', content = ''] of cells.matchAll(/<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const ref = /\br="([A-Z]+)\d+"/.exec(attributes)?.[1];
      const at = ref ? columnIndex(ref) : row.length;
      while (row.length < at) row.push('');
      row[at] = cellText(/\bt="(\w+)"/.exec(attributes)?.[1] ?? 'n', content, shared);
    }
    rows.push(row);
  }
  return rows;
}

function cellText(type: string, content: string, shared: string[]): string {
  const value = unescapeXml(/<v>(.*?)<\/v>/s.exec(content)?.[1] ?? '');
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'inlineStr') return texts(content);
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return value;
}

/** The text of every `<t>` in a string item (rich text has several runs). */
function texts(xml: string): string {
  return [...xml.matchAll(/<t\b[^>]*>(.*?)<\/t>/gs)].map(([, t = '']) => unescapeXml(t)).join('');
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[name.toLowerCase()] ?? entity;
  });
}

/** `A` → 0, `Z` → 25, `AA` → 26. */
function columnIndex(letters: string): number {
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The workbook's first sheet, through its relationship (sheet1.xml when that cannot be read). */
function firstSheetPath(entries: Map<string, string>): string {
  const id = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(entries.get('xl/workbook.xml') ?? '')?.[1];
  const rels = entries.get('xl/_rels/workbook.xml.rels') ?? '';
  const target = id && new RegExp(`<Relationship\\b[^>]*Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  const byTarget = target && `xl/${target.replace(/^\/?xl\//, '').replace(/^\//, '')}`;
  return byTarget && entries.has(byTarget) ? byTarget : 'xl/worksheets/sheet1.xml';
}

async function unzip(bytes: Buffer, wanted: (name: string) => boolean): Promise<Map<string, string>> {
  const unreadable = () => new ApiError('The file could not be read as CSV or Excel');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(unreadable()) : resolve(file),
    ),
  );
  const found = new Map<string, string>();
  return new Promise((resolve, reject) => {
    zip.on('error', () => reject(unreadable()));
    zip.on('end', () => resolve(found));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!wanted(entry.fileName)) return zip.readEntry();
      if (entry.uncompressedSize > MAX_ENTRY_BYTES)
        return reject(new ApiError('The file is too large to import'));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(unreadable());
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ENTRY_BYTES) {
            stream.destroy();
            reject(new ApiError('The file is too large to import'));
          } else chunks.push(chunk);
        });
        stream.on('error', () => reject(unreadable()));
        stream.on('end', () => {
          found.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
