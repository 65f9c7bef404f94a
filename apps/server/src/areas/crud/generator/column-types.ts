/**
 * How a designed column becomes a column of each database, and its TypeScript and list types.
 *
 * | design type       | SQLite        | MariaDB / MySQL          | PostgreSQL                    |
 * |-------------------|---------------|--------------------------|-------------------------------|
 * | int(n)            | integer       | int(n) [unsigned]        | integer; bigint when unsigned |
 * | tinyint(n)        | integer       | tinyint(n) [unsigned]    | smallint                      |
 * | smallint(n)       | integer       | smallint(n) [unsigned]   | smallint; integer if unsigned |
 * | mediumint(n)      | integer       | mediumint(n) [unsigned]  | integer                       |
 * | bigint(n)         | integer       | bigint(n) [unsigned]     | bigint (times: unix seconds)  |
 * | decimal(l,p)      | numeric       | decimal(l,p) [unsigned]  | numeric(l,p)                  |
 * | float / double    | real          | float / double [unsigned]| real / double precision       |
 * | varchar(n)/char(n)| varchar(n)    | varchar(n) / char(n)     | varchar(n) (char pads blanks) |
 * | text              | text          | text                     | text                          |
 * | mediumtext        | text          | mediumtext               | text                          |
 * | longtext          | text          | longtext                 | text                          |
 * | enum('a','b')     | varchar(max)  | enum('a','b')            | varchar(longest option)       |
 * | set('a','b')      | varchar(all)  | set('a','b')             | varchar(all options, commas)  |
 * | date              | varchar(10)   | date                     | date (read as 'YYYY-MM-DD')   |
 * | time              | varchar(8)    | time                     | time(0)                       |
 * | datetime          | varchar(19)   | datetime                 | varchar(19)                   |
 * | timestamp         | varchar(19)   | datetime                 | varchar(19)                   |
 * | year              | integer       | year                     | smallint                      |
 *
 * Why: SQLite has no length, decimal or unsigned types (its affinities store them exactly
 * enough); PostgreSQL has no unsigned types (the next wider type keeps the range) and reads
 * TIMESTAMP as a JavaScript Date, so date-times are kept as their 'YYYY-MM-DD HH:mm:ss' text
 * there (and on SQLite), which sorts like the time; MySQL's TIMESTAMP updates itself and ends
 * in 2038, so a designed `timestamp` column is a DATETIME. Unsigned is not enforced outside
 * MySQL. An auto-increment primary key is `serial`/`bigserial` on PostgreSQL.
 */
import type { CrudField } from '@portico/shared/crud-design';
import { parseDictionary } from '@portico/shared/crud-design';

export type DialectName = 'sqlite' | 'mysql' | 'postgres';
export type DialectTypes = Record<DialectName, string>;

const INTEGERS = new Set(['int', 'tinyint', 'smallint', 'mediumint', 'bigint', 'year']);
const DECIMALS = new Set(['decimal', 'float', 'double']);
const TEXTS = new Set(['text', 'mediumtext', 'longtext']);

/** The longest text a TEXT-family column holds on MySQL (the tightest of the three). */
export const TEXT_MAX: Record<string, number> = {
  text: 65_535,
  mediumtext: 16_777_215,
  longtext: 4_294_967_295,
};

/**
 * The options of an enum or set column: its comment's dictionary ("Kind:a=Apple,b=Banana"),
 * which also labels them, as the original's designer derives the dataType from it; else its
 * dataType "enum('a','b')" (a column read from the database with a plain comment).
 */
export function columnOptions(field: CrudField): string[] {
  const dictionary = Object.keys(parseDictionary(field.comment).options);
  if (dictionary.length > 0) return dictionary;
  const listed = /^\s*(?:enum|set)\s*\((.*)\)\s*$/is.exec(field.dataType ?? '');
  if (listed?.[1] !== undefined) {
    return [...listed[1].matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
  }
  return [];
}

/** An SQL string literal; option values are checked to hold no backslash (see checkDesign). */
function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function isIntegerColumn(field: CrudField): boolean {
  return INTEGERS.has(field.type);
}

export function isNumericColumn(field: CrudField): boolean {
  return INTEGERS.has(field.type) || DECIMALS.has(field.type);
}

export function isTextColumn(field: CrudField): boolean {
  return TEXTS.has(field.type);
}

/** The SQL type of `field` on each database (an auto-increment key is built apart: autoIncrementTypes). */
export function dialectTypes(field: CrudField): DialectTypes {
  const unsigned = field.unsigned ? ' unsigned' : '';
  const length = field.length > 0 ? `(${field.length})` : '';
  const same = (type: string): DialectTypes => ({ sqlite: type, mysql: type, postgres: type });
  switch (field.type) {
    case 'int':
      return {
        sqlite: 'integer',
        mysql: `int${length}${unsigned}`,
        postgres: unsigned ? 'bigint' : 'integer',
      };
    case 'tinyint':
      return { sqlite: 'integer', mysql: `tinyint${length}${unsigned}`, postgres: 'smallint' };
    case 'smallint':
      return {
        sqlite: 'integer',
        mysql: `smallint${length}${unsigned}`,
        postgres: unsigned ? 'integer' : 'smallint',
      };
    case 'mediumint':
      return { sqlite: 'integer', mysql: `mediumint${length}${unsigned}`, postgres: 'integer' };
    case 'bigint':
      return { sqlite: 'integer', mysql: `bigint${length}${unsigned}`, postgres: 'bigint' };
    case 'decimal': {
      const size = `(${field.length || 10},${field.precision})`;
      return { sqlite: 'numeric', mysql: `decimal${size}${unsigned}`, postgres: `numeric${size}` };
    }
    case 'float':
      return { sqlite: 'real', mysql: `float${unsigned}`, postgres: 'real' };
    case 'double':
      return { sqlite: 'real', mysql: `double${unsigned}`, postgres: 'double precision' };
    case 'varchar':
      return same(`varchar(${field.length})`);
    case 'char':
      return {
        sqlite: `varchar(${field.length})`,
        mysql: `char(${field.length})`,
        postgres: `varchar(${field.length})`,
      };
    case 'text':
    case 'mediumtext':
    case 'longtext':
      return { sqlite: 'text', mysql: field.type, postgres: 'text' };
    case 'enum':
    case 'set': {
      const options = columnOptions(field);
      const width =
        field.type === 'enum'
          ? Math.max(1, ...options.map((o) => o.length))
          : Math.max(1, options.join(',').length);
      const text = `varchar(${width})`;
      return { sqlite: text, mysql: `${field.type}(${options.map(sqlText).join(',')})`, postgres: text };
    }
    case 'date':
      return { sqlite: 'varchar(10)', mysql: 'date', postgres: 'date' };
    case 'time':
      return { sqlite: 'varchar(8)', mysql: 'time', postgres: 'time(0)' };
    case 'datetime':
    case 'timestamp':
      return { sqlite: 'varchar(19)', mysql: 'datetime', postgres: 'varchar(19)' };
    case 'year':
      return { sqlite: 'integer', mysql: 'year', postgres: 'smallint' };
    default:
      throw new Error(`Unknown column type ${field.type}`);
  }
}

/** An auto-increment primary key's type on each database. */
export function autoIncrementTypes(field: CrudField): DialectTypes {
  const big = field.type === 'bigint';
  return {
    sqlite: 'integer',
    mysql: `${big ? 'bigint' : 'int'}${field.unsigned ? ' unsigned' : ''}`,
    postgres: big ? 'bigserial' : 'serial',
  };
}

/** The column's value in TypeScript, as the three databases answer it. */
export function tsType(field: CrudField): string {
  const base = isNumericColumn(field) ? 'number' : 'string';
  return field.null ? `${base} | null` : base;
}

/** The list engine's field type: unix-second times, integers, or text (decimals compare as text). */
export function listFieldType(field: CrudField): 'number' | 'string' | 'time' {
  if (field.designType === 'timestamp' && isIntegerColumn(field)) return 'time';
  return isIntegerColumn(field) ? 'number' : 'string';
}
