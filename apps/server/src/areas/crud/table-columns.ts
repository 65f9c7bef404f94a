/**
 * An existing table's columns as the database describes them, in one shape on SQLite,
 * MariaDB/MySQL and PostgreSQL, with the types under the original's MySQL names (the designer
 * offers those): what `parseFieldData` turns into a design. The table comes by its physical
 * (prefixed) name, already checked against the name pattern, and reaches SQL only as a bound
 * value or a quoted identifier.
 */
import type { Db } from '@portico/server-sdk';
import { sql } from 'kysely';

export interface DbColumn {
  name: string;
  /** The type's name, MySQL's spelling: 'int', 'varchar', 'decimal'… */
  type: string;
  /** The full type as the original shows it, without UNSIGNED: 'varchar(255)', "enum('a','b')". */
  dataType: string;
  length: number;
  precision: number;
  nullable: boolean;
  /** The default's text; null when there is none (or it is NULL). */
  default: string | null;
  primaryKey: boolean;
  autoIncrement: boolean;
  unsigned: boolean;
  comment: string;
}

export interface DbTable {
  comment: string;
  columns: DbColumn[];
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** `varchar(255)` → [255, 0]; `decimal(10,2)` → [10, 2]; no parenthesis → [0, 0]. */
function limits(full: string): [number, number] {
  const match = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(full);
  return match ? [Number(match[1]), Number(match[2] ?? 0)] : [0, 0];
}

/** A literal default as the database spells it, without quotes, casts or the NULL keyword. */
function plainDefault(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let literal = String(value).trim();
  // PostgreSQL writes casts ('a'::character varying, NULL::text).
  literal = literal.replace(/::[a-z ]+(\[\])?$/i, '');
  if (/^null$/i.test(literal)) return null;
  const quoted = /^'(.*)'$/s.exec(literal);
  return quoted ? (quoted[1] ?? '').replaceAll("''", "'") : literal;
}

async function mysqlTable(db: Db, physical: string): Promise<DbTable> {
  const { rows } = await sql<Raw>`
    select COLUMN_NAME as name, DATA_TYPE as type, COLUMN_TYPE as full_type, IS_NULLABLE as nullable,
      COLUMN_DEFAULT as dflt, COLUMN_KEY as col_key, EXTRA as extra, COLUMN_COMMENT as comment
    from information_schema.COLUMNS where TABLE_SCHEMA = database() and TABLE_NAME = ${physical}
    order by ORDINAL_POSITION`.execute(db.kysely);
  const table = await sql<Raw>`
    select TABLE_COMMENT as comment from information_schema.TABLES
    where TABLE_SCHEMA = database() and TABLE_NAME = ${physical}`.execute(db.kysely);
  const columns = rows.map((row) => {
    const full = text(row.full_type).toLowerCase();
    const [length, precision] = limits(full);
    const nullable = text(row.nullable) === 'YES';
    return {
      name: text(row.name),
      type: text(row.type).toLowerCase(),
      dataType: full.replace(/ unsigned.*$/, '').replace(/ zerofill$/, ''),
      length,
      precision,
      nullable,
      // MariaDB quotes literal defaults and writes a NULL default as the word NULL.
      default: plainDefault(row.dflt),
      primaryKey: text(row.col_key) === 'PRI',
      autoIncrement: /auto_increment/i.test(text(row.extra)),
      unsigned: / unsigned/.test(full),
      comment: text(row.comment),
    };
  });
  return { comment: text(table.rows[0]?.comment), columns };
}

/** PostgreSQL's type names under MySQL's. */
const PG_TYPES: Record<string, string> = {
  integer: 'int',
  smallint: 'smallint',
  bigint: 'bigint',
  'character varying': 'varchar',
  character: 'char',
  text: 'text',
  numeric: 'decimal',
  'double precision': 'double',
  real: 'float',
  boolean: 'tinyint',
  date: 'date',
  'timestamp without time zone': 'datetime',
  'timestamp with time zone': 'timestamp',
  'time without time zone': 'time',
  'time with time zone': 'time',
  json: 'text',
  jsonb: 'text',
};

function pgDataType(type: string, row: Raw): { dataType: string; length: number; precision: number } {
  if (type === 'varchar' || type === 'char') {
    const length = Number(row.max_length ?? 0);
    return { dataType: length ? `${type}(${length})` : type, length, precision: 0 };
  }
  if (type === 'decimal') {
    const length = Number(row.num_precision ?? 0);
    const precision = Number(row.num_scale ?? 0);
    return { dataType: length ? `decimal(${length},${precision})` : 'decimal', length, precision };
  }
  if (type === 'tinyint') return { dataType: 'tinyint(1)', length: 1, precision: 0 };
  return { dataType: type, length: 0, precision: 0 };
}

async function postgresTable(db: Db, physical: string): Promise<DbTable> {
  const relation = sql`format('%I.%I', current_schema(), ${physical}::text)::regclass`;
  const { rows } = await sql<Raw>`
    select c.column_name as name, c.data_type as type, c.character_maximum_length as max_length,
      c.numeric_precision as num_precision, c.numeric_scale as num_scale, c.is_nullable as nullable,
      c.column_default as dflt, c.is_identity as is_identity,
      col_description(${relation}, c.ordinal_position) as comment,
      exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${relation} and i.indisprimary and a.attname = c.column_name) as primary_key
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${physical}
    order by c.ordinal_position`.execute(db.kysely);
  const table = await sql<Raw>`select obj_description(${relation}, 'pg_class') as comment`.execute(db.kysely);
  const columns = rows.map((row) => {
    const type = PG_TYPES[text(row.type)] ?? text(row.type);
    const dflt = text(row.dflt);
    const autoIncrement = text(row.is_identity) === 'YES' || dflt.startsWith('nextval(');
    return {
      name: text(row.name),
      type,
      ...pgDataType(type, row),
      nullable: text(row.nullable) === 'YES',
      default: autoIncrement ? null : plainDefault(row.dflt),
      primaryKey: row.primary_key === true,
      autoIncrement,
      unsigned: false,
      comment: text(row.comment),
    };
  });
  return { comment: text(table.rows[0]?.comment), columns };
}

/** SQLite's declared types under MySQL's (SQLite keeps what the CREATE TABLE said). */
function sqliteType(declared: string): string {
  const name = declared
    .toLowerCase()
    .replace(/\(.*$/, '')
    .replace(/ unsigned$/, '')
    .trim();
  if (name === 'integer') return 'int';
  if (name === 'real') return 'float';
  if (name === 'numeric') return 'decimal';
  if (name === 'boolean') return 'tinyint';
  return name || 'text';
}

async function sqliteTable(db: Db, physical: string): Promise<DbTable> {
  const { rows } = await sql<Raw>`select * from pragma_table_info(${physical}) order by cid`.execute(
    db.kysely,
  );
  const columns = rows.map((row) => {
    const declared = text(row.type).toLowerCase();
    const type = sqliteType(declared);
    const [length, precision] = limits(declared);
    const primaryKey = Number(row.pk) > 0;
    return {
      name: text(row.name),
      type,
      dataType: declared.replace(/ unsigned$/, '') || type,
      length,
      precision,
      nullable: Number(row.notnull) === 0 && !primaryKey,
      default: plainDefault(row.dflt_value),
      primaryKey,
      // An INTEGER PRIMARY KEY is the rowid: it counts up by itself.
      autoIncrement: primaryKey && declared === 'integer',
      unsigned: / unsigned$/.test(declared),
      comment: '',
    };
  });
  // SQLite keeps no comments.
  return { comment: '', columns };
}

/** The table's columns in its order; an empty list when there is no such table. */
export function readTable(db: Db, physical: string): Promise<DbTable> {
  if (db.dialect === 'mysql') return mysqlTable(db, physical);
  if (db.dialect === 'postgres') return postgresTable(db, physical);
  return sqliteTable(db, physical);
}
