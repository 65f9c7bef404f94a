/**
 * What the designer refuses before asking the server: a missing or malformed table name, a
 * malformed or repeated field name, no primary key or several. The server checks again (it
 * never trusts the client); these give the administrator the reason at once.
 */
import { CRUD_FIELD_NAME_PATTERN, CRUD_TABLE_NAME_PATTERN } from '@portico/shared/crud-design';
import type { Design } from './model';

/** A translation key of the designer's texts and its parameters. */
export interface Refusal {
  key: string;
  params?: Record<string, string>;
}

/** The table name's own refusal, shown under its input as it is typed. */
export function tableNameRefusal(name: string): Refusal | null {
  if (name.trim() === '') return { key: 'Please enter the data table name!' };
  if (!CRUD_TABLE_NAME_PATTERN.test(name)) return { key: 'Please enter the correct table name!' };
  return null;
}

/** The first reason the design cannot be generated, or null. */
export function designRefusal(design: Design): Refusal | null {
  const table = tableNameRefusal(design.table.name);
  if (table) return table;
  const seen = new Set<string>();
  for (const { name } of design.fields) {
    if (!CRUD_FIELD_NAME_PATTERN.test(name)) return { key: 'Field name is invalid', params: { field: name } };
    if (seen.has(name)) return { key: 'Field name duplication', params: { field: name } };
    seen.add(name);
  }
  const keys = design.fields.filter((field) => field.primaryKey).length;
  if (keys === 0) return { key: 'Please design the primary key field!' };
  if (keys > 1) return { key: 'There can only be one primary key field' };
  return null;
}
