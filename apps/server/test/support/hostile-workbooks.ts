/**
 * Workbooks made to hurt a reader, built here byte by byte (a minimal zip writer: stored
 * sizes and CRCs as a zip program writes them, each part deflated once even when repeated):
 * a relationship id that is a catastrophic pattern, a sheet of unclosed tags, and many parts
 * that each unpack to tens of MiB.
 */
import { crc32, deflateRawSync } from 'node:zlib';

interface Part {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

export function part(name: string, text: string | Buffer): Part {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** The zip of the parts, in order (one deflated part may be given under several names). */
export function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(p.crc, 14);
    header.writeUInt32LE(p.deflated.length, 18);
    header.writeUInt32LE(p.size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, p.deflated);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc, 16);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function workbook(relationshipId: string): Part {
  return part(
    'xl/workbook.xml',
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="s" sheetId="1" r:id="${relationshipId}"/></sheets></workbook>`,
  );
}

function relationships(id: string, target = 'worksheets/sheet1.xml'): Part {
  return part(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="${id}" Type="${REL_NS}/worksheet" Target="${target}"/></Relationships>`,
  );
}

const SMALL_SHEET = part(
  'xl/worksheets/sheet1.xml',
  `<worksheet xmlns="${MAIN_NS}"><sheetData><row><c t="inlineStr"><is><t>username</t></is></c></row><row><c t="inlineStr"><is><t>someone</t></is></c></row></sheetData></worksheet>`,
);

/** A relationship id that, made into a pattern, backtracks exponentially against the rels' id. */
export function craftedRelationshipId(): Buffer {
  return zip([workbook('(x+x+)+y'), relationships('x'.repeat(28)), SMALL_SHEET]);
}

/** A sheet of `<row>` opened over and over and never closed: under 2 KiB zipped. */
export function unclosedTags(): Buffer {
  return zip([
    workbook('rId1'),
    relationships('rId1'),
    part('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${'<row><c>'.repeat(60_000)}`),
  ]);
}

/** Forty sheets of 60 MB each (2.4 GB unpacked) in about 2.4 MB of zip. */
export function manyLargeParts(): Buffer {
  const filler = Buffer.alloc(60 * 1000 * 1000, ' ');
  const head = `<worksheet xmlns="${MAIN_NS}"><sheetData><row><c t="inlineStr"><is><t>`;
  const bytes = Buffer.concat([
    Buffer.from(head),
    filler,
    Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ]);
  const sheet = part('xl/worksheets/sheet1.xml', bytes);
  const sheets = Array.from({ length: 40 }, (_, i) => ({
    ...sheet,
    name: `xl/worksheets/sheet${i + 1}.xml`,
  }));
  return zip([workbook('rId1'), relationships('rId1'), ...sheets]);
}
