/**
 * Rows of an uploaded file turned into add-form bodies: the file read (CSV or Excel), its size
 * and row count bounded, each mapped column put under its field. An empty cell counts as not
 * given, so the form's default applies (or, for a required field, it is refused as missing).
 */
import { IMPORT_MAX_ROWS, type ImportField, type ImportMapping } from '@portico/shared';
import { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import { readCsv } from './csv-read.js';
import { TableRows } from './table-rows.js';
import { readXlsx } from './xlsx-read.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export interface ImportTable {
  columns: string[];
  rows: string[][];
}

/** The file's header row and data rows (blank lines dropped), or a refusal saying why not. */
export async function readTable(bytes: Buffer): Promise<ImportTable> {
  const found = new TableRows();
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) await readXlsx(bytes, found);
  else await readCsv(bytes, found);
  const [header, ...rows] = found.kept;
  if (!header || rows.length === 0) throw new ApiError('The file has no rows to import');
  if (found.count - 1 > IMPORT_MAX_ROWS) {
    throw new ApiError('The file has %s rows; at most %s can be imported at once', [
      found.count - 1,
      IMPORT_MAX_ROWS,
    ]);
  }
  return { columns: header.map((title) => title.trim()), rows };
}

/** The add form's fields, each required unless the form has a default or lets it out. */
export function formFields(addBody: z.ZodType): ImportField[] {
  if (!(addBody instanceof z.ZodObject)) return [];
  return Object.entries(addBody.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    required: !schema.safeParse(undefined).success,
  }));
}

/** A column whose header is a field's name (ignoring case, spaces and underscores) fills it. */
export function guessMapping(columns: string[], fields: ImportField[]): ImportMapping {
  const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const taken = new Set<string>();
  return columns.map((title) => {
    const field = fields.find((f) => squash(f.name) === squash(title) && !taken.has(f.name));
    if (!field) return null;
    taken.add(field.name);
    return field.name;
  });
}

/** The `mapping` field: one entry per file column, each a field of the form or null, no field twice. */
export function parseMapping(raw: string, columns: string[], fields: ImportField[]): ImportMapping {
  let mapping: unknown;
  try {
    mapping = JSON.parse(raw);
  } catch {
    throw new ApiError('Parameter %s is invalid', ['mapping']);
  }
  const names = fields.map((f) => f.name);
  const valid =
    Array.isArray(mapping) &&
    mapping.length === columns.length &&
    mapping.every((m) => m === null || (typeof m === 'string' && names.includes(m)));
  if (!valid) throw new ApiError('Parameter %s is invalid', ['mapping']);
  const chosen = (mapping as ImportMapping).filter((m): m is string => m !== null);
  if (new Set(chosen).size !== chosen.length) throw new ApiError('Parameter %s is invalid', ['mapping']);
  return mapping as ImportMapping;
}

/** A data row as the add form's body: each mapped, non-empty cell under its field. */
export function rowBody(row: string[], mapping: ImportMapping): Record<string, string> {
  const body: Record<string, string> = {};
  mapping.forEach((field, i) => {
    const cell = row[i]?.trim() ?? '';
    if (field && cell !== '') body[field] = cell;
  });
  return body;
}
