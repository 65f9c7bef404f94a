/**
 * The design being edited and every edit the designer makes to it, as pure functions (the
 * screen keeps one `Design` in state). Edits keep the table's settings in step with the fields
 * (a renamed field stays a quick-search field, a deleted one leaves the lists) and, for a design
 * started from an existing table, record what the table must change (design-change.ts).
 */
import {
  type CrudField,
  type CrudTable,
  type PaletteItem,
  paletteField,
  parseDictionary,
  type TableDesignChange,
} from '@portico/shared/crud-design';
import { recordChange } from './design-change';

/** How the design started: from nothing, from a database table, or from a crud_log record. */
export type StartType = 'create' | 'db' | 'log';

export interface Design {
  type: StartType;
  table: CrudTable;
  fields: CrudField[];
}

export function emptyTable(name = ''): CrudTable {
  return {
    name,
    comment: '',
    quickSearchField: [],
    defaultSortField: '',
    defaultSortType: 'desc',
    columnFields: [],
    formFields: [],
    designChange: [],
    rebuild: 'No',
    databaseConnection: '',
  };
}

export function newDesign(type: StartType = 'create'): Design {
  return { type, table: emptyTable(), fields: [] };
}

/** A design read from elsewhere (a record, a file): every table setting present, lists as lists. */
export function openDesign(type: StartType, table: Partial<CrudTable>, fields: CrudField[]): Design {
  const base = emptyTable();
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    type,
    table: {
      ...base,
      ...table,
      quickSearchField: list(table.quickSearchField),
      columnFields: list(table.columnFields),
      formFields: list(table.formFields),
      designChange: [],
      rebuild: 'No',
    },
    fields: fields.map((field) => ({ ...field, table: { ...field.table }, form: { ...field.form } })),
  };
}

/** Records a change only when the design alters an existing table. */
function withChange(design: Design, change: TableDesignChange): CrudTable {
  if (design.type === 'create') return design.table;
  return { ...design.table, designChange: recordChange(design.table.designChange, change) };
}

const afterOf = (fields: CrudField[], index: number) =>
  index === 0 ? 'FIRST FIELD' : (fields[index - 1]?.name ?? '');

/** `base`, or `base_1`, `base_2`… : the first name no field has. */
function freeName(fields: CrudField[], base: string): string {
  const taken = new Set(fields.map((f) => f.name));
  if (!taken.has(base)) return base;
  let n = 1;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** Adds a palette item's field at `at` (the end by default), listed and formed as its kind is. */
export function addField(design: Design, item: PaletteItem, at = design.fields.length): Design {
  const field = { ...paletteField(item), name: freeName(design.fields, item.field.name) };
  const index = Math.max(0, Math.min(at, design.fields.length));
  const fields = [...design.fields.slice(0, index), field, ...design.fields.slice(index)];
  const table = withChange(design, {
    type: 'add-field',
    index,
    oldName: '',
    newName: field.name,
    after: afterOf(fields, index),
  });
  return {
    ...design,
    fields,
    table: {
      ...table,
      columnFields: field.tableBuildExclude ? table.columnFields : [...table.columnFields, field.name],
      formFields: field.formBuildExclude ? table.formFields : [...table.formFields, field.name],
      // The primary key is what a new list searches and sorts by, as in the original.
      quickSearchField:
        field.primaryKey && table.quickSearchField.length === 0 ? [field.name] : table.quickSearchField,
      defaultSortField: field.primaryKey && !table.defaultSortField ? field.name : table.defaultSortField,
    },
  };
}

/** Moves the field at `from` to position `to` (clamped). */
export function moveField(design: Design, from: number, to: number): Design {
  const field = design.fields[from];
  const target = Math.max(0, Math.min(to, design.fields.length - 1));
  if (!field || from === target) return design;
  const fields = design.fields.filter((_, i) => i !== from);
  fields.splice(target, 0, field);
  const table = withChange(design, {
    type: 'change-field-order',
    index: target,
    oldName: field.name,
    newName: '',
    after: afterOf(fields, target),
  });
  return { ...design, fields, table };
}

export function removeField(design: Design, index: number): Design {
  const field = design.fields[index];
  if (!field) return design;
  const table = withChange(design, { type: 'del-field', index, oldName: field.name, newName: '' });
  const without = (names: string[]) => names.filter((name) => name !== field.name);
  return {
    ...design,
    fields: design.fields.filter((_, i) => i !== index),
    table: {
      ...table,
      quickSearchField: without(table.quickSearchField),
      columnFields: without(table.columnFields),
      formFields: without(table.formFields),
      defaultSortField: table.defaultSortField === field.name ? '' : table.defaultSortField,
    },
  };
}

export function renameField(design: Design, index: number, name: string): Design {
  const field = design.fields[index];
  if (!field || field.name === name) return design;
  const table = withChange(design, { type: 'change-field-name', index, oldName: field.name, newName: name });
  const follow = (names: string[]) => names.map((n) => (n === field.name ? name : n));
  return {
    ...design,
    fields: design.fields.map((f, i) => (i === index ? { ...f, name } : f)),
    table: {
      ...table,
      quickSearchField: follow(table.quickSearchField),
      columnFields: follow(table.columnFields),
      formFields: follow(table.formFields),
      defaultSortField: table.defaultSortField === field.name ? name : table.defaultSortField,
    },
  };
}

/** Changes a field's attributes (not its name: renameField). */
export function updateField(design: Design, index: number, patch: Partial<Omit<CrudField, 'name'>>): Design {
  const field = design.fields[index];
  if (!field) return design;
  const table = withChange(design, { type: 'change-field-attr', index, oldName: field.name, newName: '' });
  const changed = withCommentOptions({ ...field, ...patch });
  return { ...design, fields: design.fields.map((f, i) => (i === index ? changed : f)), table };
}

/**
 * An enum or set column's options follow its comment's dictionary ("Kind:a=Apple,b=Banana"
 * makes enum('a','b')), as in the original's designer; a default that is no longer an option
 * becomes the first one, so the design stays one the server accepts.
 */
function withCommentOptions(field: CrudField): CrudField {
  if (field.type !== 'enum' && field.type !== 'set') return field;
  const options = Object.keys(parseDictionary(field.comment).options);
  if (options.length === 0) return field;
  const dataType = `${field.type}(${options.map((option) => `'${option.replace(/'/g, "''")}'`).join(',')})`;
  if (field.defaultType !== 'INPUT') return { ...field, dataType };
  const chosen = (field.default ?? '').split(',').filter((value) => options.includes(value));
  const keep = field.type === 'set' ? chosen.join(',') : chosen.length === 1 ? chosen[0] : undefined;
  return { ...field, dataType, default: keep || options[0] };
}

export function updateTable(design: Design, patch: Partial<CrudTable>): Design {
  return { ...design, table: { ...design.table, ...patch } };
}

/** Nothing designed yet: giving up needs no confirmation. */
export function isEmptyDesign(design: Design): boolean {
  return design.fields.length === 0 && design.table.name === '' && design.table.comment === '';
}
