/**
 * The workbook reader: the sheet the workbook names first (not sheet1 by habit), shared strings
 * without their phonetic guides, prefixed elements, references with gaps; and its bounds, each
 * a translated refusal: the unpacked total, the time, a sheet wider than an import can map.
 */
import { expect, it } from 'vitest';
import { READ_LIMITS } from '../../src/crud/import/read-budget.js';
import { TableRows } from '../../src/crud/import/table-rows.js';
import { readXlsx } from '../../src/crud/import/xlsx-read.js';
import { ApiError } from '../../src/http/errors.js';
import { part, zip } from '../support/hostile-workbooks.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function workbook(sheetXml: string, sharedXml?: string) {
  return zip([
    part(
      'xl/worksheets/sheet1.xml',
      `<worksheet xmlns="${MAIN}"><sheetData><row><c><v>wrong sheet</v></c></row></sheetData></worksheet>`,
    ),
    part('xl/worksheets/data.xml', sheetXml),
    ...(sharedXml ? [part('xl/sharedStrings.xml', sharedXml)] : []),
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${MAIN}" xmlns:rel="${REL}"><sheets><sheet name="Data" sheetId="2" rel:id="rId7"/><sheet name="Other" sheetId="1" rel:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="/xl/worksheets/data.xml"/></Relationships>`,
    ),
  ]);
}

async function read(bytes: Buffer, limits = READ_LIMITS): Promise<string[][]> {
  const rows = new TableRows();
  await readXlsx(bytes, rows, limits);
  return rows.kept;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).message;
}

it('reads the sheet the workbook names first, its strings and gaps', async () => {
  const shared = `<sst xmlns="${MAIN}"><si><t>name</t></si><si><r><t>Zh</t></r><r><t xml:space="preserve">ang &amp; co</t></r><rPh><t>ちょう</t></rPh></si></sst>`;
  const sheet = `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>note &lt;1&gt;</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="B2"><x:v>42.5</x:v></x:c><x:c r="C2" t="b"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
  expect(await read(workbook(sheet, shared))).toEqual([
    ['name', '', 'note <1>'],
    ['Zhang & co', '42.5', 'TRUE'],
  ]);
});

it('refuses what unpacks past the total, even when each part is within its own bound', async () => {
  const cells = '<row><c><v>1</v></c></row>'.repeat(20_000);
  const sheet = `<worksheet xmlns="${MAIN}"><sheetData>${cells}</sheetData></worksheet>`;
  const shared = `<sst xmlns="${MAIN}">${'<si><t>x</t></si>'.repeat(30_000)}</sst>`;
  const limits = { ...READ_LIMITS, entryBytes: 1024 * 1024, totalBytes: 700 * 1024 };
  expect(await refusal(read(workbook(sheet, shared), limits))).toBe('The file is too large to import');
});

it('refuses a file that takes too long to read', async () => {
  const sheet = `<worksheet xmlns="${MAIN}"><sheetData><row><c><v>1</v></c></row></sheetData></worksheet>`;
  const limits = { ...READ_LIMITS, milliseconds: 0 };
  expect(await refusal(read(workbook(sheet), limits))).toBe('The file took too long to read');
});

it('refuses a cell past the columns an import can map, before filling the row', async () => {
  const sheet = `<worksheet xmlns="${MAIN}"><sheetData><row><c r="XFD1"><v>1</v></c></row></sheetData></worksheet>`;
  expect(await refusal(read(workbook(sheet)))).toBe('The file has more than %s columns');
});
