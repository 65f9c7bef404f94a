/**
 * The columns an export writes and how each cell reads: the browser names the visible columns
 * with their translated titles and how the list shows them; the server checks each against the
 * resource's declared row (a column the list does not answer is refused, and so is any name of
 * a secret, whatever a resource might select) and renders the cells itself.
 */
import { EXPORT_MAX_COLUMNS, EXPORT_MAX_TITLE, EXPORT_RENDERS, type ExportColumn } from '@portico/shared';
import { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import type { Row } from '../resource-spec.js';
import { wallClockText } from '../time-zone.js';

/** Words of a field name that mean a secret: never exported, whatever a resource might answer. */
const SECRET_WORDS = new Set(['password', 'pwd', 'salt', 'secret', 'token', 'otp', 'hash', 'recovery']);

function namesSecret(prop: string): boolean {
  const words = prop
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_.]/);
  return words.some((word) => SECRET_WORDS.has(word));
}

const columnSchema = z.strictObject({
  prop: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.]+$/),
  title: z.string().max(EXPORT_MAX_TITLE),
  render: z.enum(EXPORT_RENDERS).optional(),
  values: z.record(z.string().max(100), z.string().max(EXPORT_MAX_TITLE)).optional(),
});
const columnsSchema = z.array(columnSchema).min(1).max(EXPORT_MAX_COLUMNS);

/** The `columns` parameter (JSON), checked against the fields the list's rows declare. */
export function parseColumns(raw: string, row: z.ZodType): ExportColumn[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    throw new ApiError('Parameter %s is invalid', ['columns']);
  }
  const parsed = columnsSchema.safeParse(decoded);
  if (!parsed.success) throw new ApiError('Parameter %s is invalid', ['columns']);
  const declared = row instanceof z.ZodObject ? Object.keys(row.shape) : null;
  for (const { prop } of parsed.data) {
    const [head = ''] = prop.split('.');
    if (namesSecret(prop) || (declared && !declared.includes(head))) {
      throw new ApiError('Column %s cannot be exported', [prop]);
    }
  }
  return parsed.data;
}

/** A cell as the list shows it: text, or a number left a number. */
export type Cell = string | number;

/** Turns presented rows into cells, column by column. */
export function cellWriter(columns: ExportColumn[], timeZone: string) {
  return (row: Row): Cell[] => columns.map((column) => cell(valueAt(row, column.prop), column, timeZone));
}

function cell(value: unknown, column: ExportColumn, timeZone: string): Cell {
  if (value === null || value === undefined) return '';
  switch (column.render) {
    case 'datetime': {
      const seconds = Number(value);
      return Number.isFinite(seconds) && seconds > 0 ? wallClockText(seconds, timeZone) : text(value);
    }
    case 'tag':
      return label(value, column);
    case 'tags': {
      const items = Array.isArray(value) ? value : String(value).split(',').filter(Boolean);
      return items.map((item) => label(item, column)).join(', ');
    }
    default:
      return typeof value === 'number' ? value : text(value);
  }
}

function label(value: unknown, column: ExportColumn): string {
  const key = text(value);
  return column.values?.[key] ?? key;
}

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `a.b` reads `row.a.b` (a joined object); a plain name reads the row's own field. */
function valueAt(row: Row, prop: string): unknown {
  if (prop in row) return row[prop];
  let value: unknown = row;
  for (const part of prop.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Row)[part];
  }
  return value;
}
