/**
 * A design from an existing table (`parseFieldData`): each column's design type guessed from
 * its name and type the way the original's generator does (its input-type rules, first match
 * wins: a name's ending says more than its type, so `*_switch` is a switch and `*_time` a time),
 * and the field filled with that type's list and form defaults.
 */
import {
  type CrudField,
  type DefaultType,
  type DesignType,
  FIELD_DEFAULTS,
} from '@portico/shared/crud-design';
import type { DbColumn } from './table-columns.js';

interface InputTypeRule {
  /** The column's type is one of these. */
  types?: string[];
  /** The column's full type is one of these ('tinyint(1)'): a one-digit flag. */
  fullTypes?: string[];
  /** The column's name ends with one of these. */
  suffixes?: string[];
  designType: DesignType;
}

const TEXTS = ['longtext', 'text', 'mediumtext', 'smalltext', 'tinytext', 'bigtext'];
const FLAGS = ['tinyint(1)', 'char(1)', 'tinyint(1) unsigned'];
const NUMBERS = ['bigint', 'int', 'mediumint', 'smallint', 'tinyint', 'decimal', 'double', 'float'];

/** The original's rules, in its order. */
const INPUT_TYPE_RULES: InputTypeRule[] = [
  { types: ['tinyint', 'int', 'enum'], suffixes: ['switch', 'toggle'], designType: 'switch' },
  { fullTypes: FLAGS, suffixes: ['switch', 'toggle'], designType: 'switch' },
  // Before textarea: long text named like content is rich text.
  { types: TEXTS, suffixes: ['content', 'editor'], designType: 'editor' },
  { types: ['varchar'], suffixes: ['textarea', 'multiline', 'rows'], designType: 'textarea' },
  { suffixes: ['array'], designType: 'array' },
  { types: ['int'], suffixes: ['time', 'datetime'], designType: 'timestamp' },
  { types: ['datetime', 'timestamp'], designType: 'datetime' },
  { types: ['date'], designType: 'date' },
  { types: ['year'], designType: 'year' },
  { types: ['time'], designType: 'time' },
  { suffixes: ['select', 'list', 'data'], designType: 'select' },
  { suffixes: ['selects', 'multi', 'lists'], designType: 'selects' },
  { suffixes: ['_id'], designType: 'remoteSelect' },
  { suffixes: ['_ids'], designType: 'remoteSelects' },
  { suffixes: ['city'], designType: 'city' },
  { suffixes: ['image', 'avatar'], designType: 'image' },
  { suffixes: ['images', 'avatars'], designType: 'images' },
  { suffixes: ['file'], designType: 'file' },
  { suffixes: ['files'], designType: 'files' },
  { suffixes: ['icon'], designType: 'icon' },
  { fullTypes: FLAGS, suffixes: ['status', 'state', 'type'], designType: 'radio' },
  { suffixes: ['number', 'int', 'num'], designType: 'number' },
  { types: NUMBERS, designType: 'number' },
  { types: TEXTS, designType: 'textarea' },
  { types: ['enum'], designType: 'radio' },
  { types: ['set'], designType: 'checkbox' },
  { suffixes: ['color'], designType: 'color' },
];

const TIME_NAMES = ['createtime', 'updatetime', 'create_time', 'update_time'];

/** The full type as MySQL's COLUMN_TYPE spells it, for the flag rules. */
function fullType(column: DbColumn): string {
  return column.unsigned ? `${column.dataType} unsigned` : column.dataType;
}

export function guessDesignType(column: DbColumn): DesignType {
  const name = column.name.toLowerCase();
  if (name.includes('id') && column.autoIncrement) return 'pk';
  if (name === 'weigh') return 'weigh';
  if (TIME_NAMES.includes(name)) return 'timestamp';
  const rule = INPUT_TYPE_RULES.find(
    (rule) =>
      (!rule.types || rule.types.includes(column.type)) &&
      (!rule.fullTypes || rule.fullTypes.includes(fullType(column))) &&
      (!rule.suffixes || rule.suffixes.some((suffix) => name.endsWith(suffix))),
  );
  return rule?.designType ?? 'string';
}

/** How the original reads a column's default: NULL, an empty string, none, or a value. */
function defaultOf(column: DbColumn): { default: string; defaultType: DefaultType } {
  if (column.nullable && column.default === null) return { default: '', defaultType: 'NULL' };
  if (column.default === '' && ['varchar', 'char'].includes(column.type))
    return { default: '', defaultType: 'EMPTY STRING' };
  if (column.default === null) return { default: '', defaultType: 'NONE' };
  return { default: column.default, defaultType: 'INPUT' };
}

/** A column as a designed field, in the original's shape, with its design type's defaults. */
export function fieldOfColumn(column: DbColumn): CrudField {
  const designType = guessDesignType(column);
  const defaults = FIELD_DEFAULTS[designType];
  return {
    name: column.name,
    designType,
    type: column.type,
    dataType: column.dataType,
    length: column.length,
    precision: column.precision,
    ...defaultOf(column),
    null: column.nullable,
    primaryKey: column.primaryKey,
    unsigned: column.unsigned,
    autoIncrement: column.autoIncrement,
    comment: column.comment,
    table: { ...defaults.table },
    form: { ...defaults.form },
  };
}
