/**
 * A design as a JSON file (beyond the original, issue 33 point 7): exported to keep or move to
 * another site, imported to start designing from it. The file holds the design in the wire
 * shape (`table`, `fields`), so a crud_log record's `table` and `fields`, or a generated
 * module's crud-design.json, import as well.
 */
import type { CrudField, CrudTable } from '@portico/shared/crud-design';
import type { Design } from './model';

const KIND = 'portico-crud-design';

export function designToJson(design: Design): string {
  const { designChange: _pending, rebuild: _rebuild, ...table } = design.table;
  return `${JSON.stringify({ kind: KIND, version: 1, table, fields: design.fields }, null, 2)}\n`;
}

export function designFileName(design: Design): string {
  return `crud-design-${design.table.name || 'untitled'}.json`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The table and fields a file holds; throws when it holds no design. */
export function designFromJson(text: string): { table: Partial<CrudTable>; fields: CrudField[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('This file is not a CRUD design');
  }
  if (!isObject(parsed) || !isObject(parsed.table) || !Array.isArray(parsed.fields))
    throw new Error('This file is not a CRUD design');
  const fields = parsed.fields.filter(
    (field): field is CrudField =>
      isObject(field) && typeof field.name === 'string' && typeof field.designType === 'string',
  );
  if (fields.length !== parsed.fields.length) throw new Error('This file is not a CRUD design');
  return {
    table: parsed.table as Partial<CrudTable>,
    fields: fields.map((field) => ({ ...field, table: { ...field.table }, form: { ...field.form } })),
  };
}
