/**
 * A one-sheet Excel workbook written as it streams: the sheet's rows go into the zip as they
 * come (inline strings, so nothing is gathered in memory first), and the few fixed parts of
 * the package follow. The sheet is the zip's first entry, so the browser can follow its rows
 * while it downloads (XLSX_SHEET_ENTRY). Header row bold and frozen.
 */
import { Readable } from 'node:stream';
import { XLSX_SHEET_ENTRY } from '@portico/shared';
import { ZipFile } from 'yazl';
import { defuseFormula } from './csv.js';
import type { Cell } from './export-columns.js';

/** Excel's limit on the text of one cell. */
const MAX_CELL_TEXT = 32_767;

export function xlsxStream(titles: string[], batches: AsyncIterable<Cell[][]>, sheetName: string): Readable {
  const zip = new ZipFile();
  const options = { compress: true, forceDosTimestamp: true };
  zip.addReadStream(Readable.from(sheet(titles, batches), { objectMode: false }), XLSX_SHEET_ENTRY, options);
  for (const [name, content] of Object.entries(packageParts(sheetName))) {
    zip.addBuffer(Buffer.from(content, 'utf8'), name, options);
  }
  zip.end();
  return zip.outputStream as Readable;
}

async function* sheet(titles: string[], batches: AsyncIterable<Cell[][]>) {
  yield `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`;
  yield row(titles, ' s="1"');
  for await (const batch of batches) yield batch.map((cells) => row(cells, '')).join('');
  yield '</sheetData></worksheet>';
}

function row(cells: Cell[], style: string): string {
  return `<row>${cells.map((cell) => xmlCell(cell, style)).join('')}</row>`;
}

function xmlCell(cell: Cell, style: string): string {
  if (typeof cell === 'number' && Number.isFinite(cell)) return `<c${style}><v>${cell}</v></c>`;
  const text = escapeXml(defuseFormula(String(cell)).slice(0, MAX_CELL_TEXT));
  return `<c t="inlineStr"${style}><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** Escapes markup and drops the control characters XML 1.0 cannot hold at all. */
function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`)
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The package around the sheet: content types, relationships, the workbook and its styles. */
function packageParts(sheetName: string): Record<string, string> {
  // Sheet names: at most 31 characters, none of []:*?/\
  const name = escapeXml(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/${XLSX_SHEET_ENTRY}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
  };
}
