/** Reading exported files back as a spreadsheet program would: CSV by RFC 4180, XLSX by its sheet. */
import yauzl from 'yauzl';

/** CSV text (BOM stripped) → rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
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
