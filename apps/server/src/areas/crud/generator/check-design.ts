/**
 * The one gate into the generator: a design as the client sent it (the original's wire shape)
 * is parsed, and refused with a message naming the problem unless every name is safe, every
 * type known and every reference points at a field of the design. Nothing else of the
 * generator reads an unchecked design. Keys the original's designs carry that Portico does not
 * use are dropped, not refused.
 */
import { ApiError, FieldError } from '@portico/server-sdk';
import {
  COLUMN_TYPES,
  CRUD_FIELD_NAME_PATTERN,
  CRUD_TABLE_NAME_PATTERN,
  type CrudField,
  type CrudTable,
  DEFAULT_TYPES,
  DESIGN_OPERATORS,
  DESIGN_TYPES,
  TABLE_RENDERS,
} from '@portico/shared/crud-design';
import { z } from 'zod';
import { columnOptions, isIntegerColumn, isNumericColumn, isTextColumn } from './column-types.js';
import { isReserved } from './reserved-words.js';

/** A design that passed checkDesign: only such a design is generated. */
export interface CheckedDesign {
  table: CrudTable;
  fields: CrudField[];
  /** Branded, so an unchecked design cannot be handed to generateModule by mistake. */
  readonly checked: true;
}

/** The messages of the refusals (English source texts, translated by the endpoints' pack). */
export const DESIGN_MESSAGES = {
  invalid: 'The design is invalid: %s',
  tableName:
    'The table name %s is invalid: use lower-case letters, digits and underscores, starting with a letter',
  fieldName:
    'The field name %s is invalid: use lower-case letters, digits and underscores, starting with a letter',
  reserved: 'The name %s is a reserved word of a database or of JavaScript; choose another',
  duplicate: 'The field %s is designed twice',
  primaryKey: 'A design needs exactly one primary key field',
  columnType: 'The field %s has an unknown column type %s',
  length: 'The length or decimals of the field %s are out of range',
  defaultValue: 'The default of the field %s does not suit its type',
  dictionary: 'The field %s needs options: write them in its comment, e.g. "Status:0=Off,1=On"',
  option: 'The option %s of the field %s is invalid',
  remoteTable: 'The remote select %s needs a valid table and field names',
  unknownField: 'The field %s named in %s is not in the design',
  passwordColumn: 'The password field %s stores a hash: make it a text column of at least %s characters',
} as const;

/**
 * What a password column must hold: the SDK's hashPassword writes 97 characters (argon2id with
 * the project's parameters), and MySQL and PostgreSQL refuse a longer value than the column's.
 */
export const PASSWORD_HASH_LENGTH = 100;

const text = (max: number) => z.string().max(max);
const bool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const number = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);

const fieldSchema = z.object({
  title: text(100).optional(),
  name: text(64),
  designType: z.enum(DESIGN_TYPES),
  type: text(20),
  dataType: text(2000).optional(),
  length: number.default(0),
  precision: number.default(0),
  default: z.union([z.string(), z.number()]).transform(String).nullish(),
  defaultType: z.enum(DEFAULT_TYPES).default('NONE'),
  null: bool.default(false),
  primaryKey: bool.default(false),
  unsigned: bool.default(false),
  autoIncrement: bool.default(false),
  comment: text(1000).default(''),
  formBuildExclude: bool.optional(),
  tableBuildExclude: bool.optional(),
  table: z
    .object({
      render: z.enum(TABLE_RENDERS).optional(),
      operator: z.enum(DESIGN_OPERATORS).optional(),
      sortable: z.enum(['false', 'custom']).optional(),
      width: number.optional(),
      timeFormat: text(50).optional(),
    })
    .default({}),
  form: z
    .object({
      validator: z.array(text(30)).optional(),
      validatorMsg: text(500).optional(),
      step: z.coerce.number().optional(),
      rows: number.optional(),
      'select-multi': bool.optional(),
      'image-multi': bool.optional(),
      'file-multi': bool.optional(),
      'remote-table': text(64).optional(),
      'remote-pk': text(64).optional(),
      'remote-field': text(64).optional(),
      'relation-fields': text(1000).optional(),
    })
    .default({}),
});

const nameList = z.union([z.array(text(64)), z.string().transform((s) => (s === '' ? [] : s.split(',')))]);

const tableSchema = z.object({
  name: text(64),
  comment: text(500).default(''),
  quickSearchField: nameList.default([]),
  defaultSortField: text(64).default(''),
  defaultSortType: z.enum(['desc', 'asc']).default('desc'),
  columnFields: nameList.default([]),
  formFields: nameList.default([]),
  designChange: z
    .array(
      z.object({
        type: z.enum([
          'change-field-name',
          'del-field',
          'add-field',
          'change-field-attr',
          'change-field-order',
        ]),
        index: number.optional(),
        oldName: text(64).default(''),
        newName: text(64).default(''),
        sync: bool.optional(),
        after: text(64).optional(),
      }),
    )
    .default([]),
  rebuild: z.enum(['Yes', 'No']).default('No'),
  databaseConnection: text(64).optional(),
});

const designSchema = z.object({ table: tableSchema, fields: z.array(fieldSchema).min(1).max(200) });

const TEXT_TYPES = new Set(['varchar', 'char']);
const OPTION_TYPES = new Set(['radio', 'checkbox', 'select', 'selects']);

/** Parses and checks a design; throws an ApiError (a FieldError naming the field) on the first problem. */
export function checkDesign(body: unknown): CheckedDesign {
  const parsed = designSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(DESIGN_MESSAGES.invalid, [issue ? issue.path.join('.') : '']);
  }
  const { table, fields } = parsed.data as { table: CrudTable; fields: CrudField[] };
  checkName(table.name, CRUD_TABLE_NAME_PATTERN, DESIGN_MESSAGES.tableName);
  const names = new Set<string>();
  for (const field of fields) {
    checkName(field.name, CRUD_FIELD_NAME_PATTERN, DESIGN_MESSAGES.fieldName, field.name);
    if (names.has(field.name)) throw new FieldError(field.name, DESIGN_MESSAGES.duplicate, [field.name]);
    names.add(field.name);
    checkColumn(field);
    checkOptions(field);
    checkRemote(field);
    checkPasswordColumn(field);
  }
  if (fields.filter((field) => field.primaryKey).length !== 1) throw new ApiError(DESIGN_MESSAGES.primaryKey);
  const lists: [string, string[]][] = [
    ['quickSearchField', table.quickSearchField],
    ['columnFields', table.columnFields],
    ['formFields', table.formFields],
    ['defaultSortField', table.defaultSortField ? [table.defaultSortField] : []],
  ];
  for (const [list, named] of lists) {
    const missing = named.find((name) => !names.has(name));
    if (missing !== undefined) throw new ApiError(DESIGN_MESSAGES.unknownField, [missing, list]);
  }
  for (const change of table.designChange) {
    for (const name of [change.oldName, change.newName]) {
      if (name) checkName(name, CRUD_FIELD_NAME_PATTERN, DESIGN_MESSAGES.fieldName, name);
    }
  }
  return { table, fields, checked: true };
}

function checkName(name: string, pattern: RegExp, message: string, field?: string): void {
  const refuse = (why: string) => {
    throw field === undefined ? new ApiError(why, [name]) : new FieldError(field, why, [name]);
  };
  if (!pattern.test(name)) refuse(message);
  if (isReserved(name)) refuse(DESIGN_MESSAGES.reserved);
}

function checkColumn(field: CrudField): void {
  if (!(COLUMN_TYPES as readonly string[]).includes(field.type)) {
    throw new FieldError(field.name, DESIGN_MESSAGES.columnType, [field.name, String(field.type)]);
  }
  const { length, precision } = field;
  const lengthOk = TEXT_TYPES.has(field.type)
    ? length >= 1 && length <= (field.type === 'char' ? 255 : 16_383)
    : field.type === 'decimal'
      ? length >= 1 && length <= 65 && precision >= 0 && precision <= 30 && precision <= length
      : length >= 0 && length <= 255 && precision >= 0 && precision <= 30;
  if (!lengthOk) throw new FieldError(field.name, DESIGN_MESSAGES.length, [field.name]);
  if (!defaultFits(field)) throw new FieldError(field.name, DESIGN_MESSAGES.defaultValue, [field.name]);
}

/** A default must be a value its column can hold; a text column of MySQL takes none but NULL. */
function defaultFits(field: CrudField): boolean {
  if (field.defaultType === 'NULL') return field.null;
  if (field.defaultType === 'NONE') return true;
  if (field.primaryKey || isTextColumn(field)) return false;
  if (field.defaultType === 'EMPTY STRING') return !isNumericColumn(field) && !field.type.startsWith('date');
  const value = field.default ?? '';
  if (isIntegerColumn(field))
    return /^-?\d{1,18}$/.test(value) && (!field.unsigned || !value.startsWith('-'));
  if (isNumericColumn(field)) return /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
  if (field.type === 'enum') return columnOptions(field).includes(value);
  if (field.type === 'set')
    return value === '' || value.split(',').every((v) => columnOptions(field).includes(v));
  if (field.type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (field.type === 'time') return /^\d{2}:\d{2}:\d{2}$/.test(value);
  if (field.type === 'datetime' || field.type === 'timestamp')
    return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value);
  return value.length <= field.length;
}

/** Option fields need a dictionary; option values become SQL enum members and object keys. */
function checkOptions(field: CrudField): void {
  const needs = OPTION_TYPES.has(field.designType) || field.type === 'enum' || field.type === 'set';
  if (!needs) return;
  const options = columnOptions(field);
  if (options.length === 0) throw new FieldError(field.name, DESIGN_MESSAGES.dictionary, [field.name]);
  for (const option of options) {
    // No backslash (MySQL string escapes), no comma (set separator), nothing empty or long.
    if (!/^[^\\,]{1,100}$/.test(option))
      throw new FieldError(field.name, DESIGN_MESSAGES.option, [option, field.name]);
  }
}

function checkPasswordColumn(field: CrudField): void {
  if (field.designType !== 'password') return;
  const holdsHash =
    isTextColumn(field) || (TEXT_TYPES.has(field.type) && field.length >= PASSWORD_HASH_LENGTH);
  if (!holdsHash)
    throw new FieldError(field.name, DESIGN_MESSAGES.passwordColumn, [
      field.name,
      String(PASSWORD_HASH_LENGTH),
    ]);
}

function checkRemote(field: CrudField): void {
  if (field.designType !== 'remoteSelect' && field.designType !== 'remoteSelects') return;
  const form = field.form;
  const table = form['remote-table'] ?? '';
  const names = [form['remote-pk'] || 'id', form['remote-field'] || 'name'];
  const shown = (form['relation-fields'] ?? '').split(',').filter(Boolean);
  // Existing tables (the core's `user`) may have reserved names: they are only quoted references.
  const ok =
    CRUD_TABLE_NAME_PATTERN.test(table) &&
    [...names, ...shown].every((name) => CRUD_FIELD_NAME_PATTERN.test(name));
  if (!ok) throw new FieldError(field.name, DESIGN_MESSAGES.remoteTable, [field.name]);
}
