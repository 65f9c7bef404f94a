/**
 * What a MySQL/MariaDB database holds under Portico's table prefix: nothing yet, Portico's
 * tables, the original product's (BuildAdmin v2) tables in a shape Portico can run on, or
 * something else that Portico must not touch. Read from information_schema, so telling costs
 * no change to the database: a takeover is all or nothing, and this is where "nothing" is decided.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { CORE_TABLES } from '../core-tables.js';
// The original's core tables (v2.1.2): the ones Portico's first migration creates.
import { ORIGINAL_TABLES } from '../original-tables.js';
import {
  ORIGINAL_COLUMNS,
  type OriginalColumn,
  TABLES_CHECKED_WHEN_PRESENT,
  type TypeFamily,
} from './original-columns.js';
import { ADDED } from './schema-steps.js';

export type DatabaseKind =
  | { kind: 'empty' }
  | { kind: 'portico' }
  | { kind: 'original' }
  | { kind: 'unknown'; reason: string };

export async function detectDatabase(db: Db): Promise<DatabaseKind> {
  const names = await tableNames(db);
  const tables = new Set(
    names.filter((name) => name.startsWith(db.prefix)).map((name) => name.slice(db.prefix.length)),
  );
  if (tables.size === 0) {
    // Empty under this prefix, but not empty: a wrong TABLE_PREFIX would install Portico beside the site.
    const elsewhere = otherPrefixes(names, db.prefix);
    if (elsewhere.length === 0) return { kind: 'empty' };
    return {
      kind: 'unknown',
      reason: `it has no table with the prefix \`${db.prefix}\`, but ${elsewhere} rather than install Portico beside them.`,
    };
  }
  if (tables.has('migration') && (await porticoMigrated(db))) return { kind: 'portico' };
  if (tables.has('migration') && (await migrating(db))) {
    // Another process is migrating it (a first start, or a takeover): look again once it is done.
    await migrationsDone(db);
    return detectDatabase(db);
  }
  const missing = ORIGINAL_TABLES.filter((table) => !tables.has(table));
  // Portico's migrator was here and nothing is recorded, and these are not the original's
  // tables: a first start that has just begun (or was cut short); its migrations carry on.
  if (tables.has('migration') && missing.length > 0) return { kind: 'portico' };
  const named = (list: readonly string[]) => list.map((table) => `${db.prefix}${table}`).join(', ');
  if (missing.length > 0) {
    const v1 = tables.has('menu_rule') ? ' It looks like BuildAdmin v1 (it has a menu_rule table).' : '';
    const elsewhere = otherPrefixes(names, db.prefix);
    return {
      kind: 'unknown',
      reason:
        `it has tables named ${db.prefix}… (${named([...tables].slice(0, 5))}${tables.size > 5 ? ', …' : ''}) but neither Portico's migration record nor all of BuildAdmin v2's tables (missing: ${named(missing)}).${v1}` +
        (elsewhere ? ` ${elsewhere[0]?.toUpperCase()}${elsewhere.slice(1)}.` : ''),
    };
  }
  // Portico's later migrations create these without looking (content, module…): a site's own
  // table of the same name would stop them half-way, after the takeover.
  const taken = [...CORE_TABLES].filter((table) => tables.has(table) && !isOriginal(table));
  if (taken.length > 0) {
    return {
      kind: 'unknown',
      reason: `its tables are BuildAdmin v2's, but it also has tables Portico creates for itself (${named(taken)}); rename them first.`,
    };
  }
  const problems = await columnProblems(db, tables);
  if (problems.length > 0) {
    return {
      kind: 'unknown',
      reason:
        `its tables are BuildAdmin v2's, but these columns are not what Portico reads and writes:\n` +
        problems.map((problem) => `  ${problem}\n`).join('') +
        `Bring them back to BuildAdmin v2's shape (extra columns, longer texts, BIGINTs and nullable ` +
        `columns are fine), then run this again.`,
    };
  }
  return { kind: 'original' };
}

const isOriginal = (table: string) => (ORIGINAL_TABLES as readonly string[]).includes(table);

/** Every table of the current schema. */
async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = database()`.execute(db.kysely);
  return rows.map((row) => row.name);
}

/**
 * Other prefixes under which the schema holds all of the original's core tables, which both
 * BuildAdmin v2 and Portico have (Portico with its `migration` record beside them; the
 * original's own record is `migrations`), said as "found …; set TABLE_PREFIX=… to …"; '' when
 * there are none.
 */
function otherPrefixes(names: string[], current: string): string {
  const present = new Set(names);
  const found = names
    .filter((name) => name.endsWith('admin_rule'))
    .map((name) => name.slice(0, -'admin_rule'.length))
    .filter((prefix) => prefix !== current && ORIGINAL_TABLES.every((t) => present.has(`${prefix}${t}`)))
    .sort()
    .map((prefix) => ({ prefix, portico: present.has(`${prefix}migration`) }));
  if (found.length === 0) return '';
  const what = found
    .map(
      ({ prefix, portico }) =>
        `${portico ? 'Portico' : 'BuildAdmin v2'} tables with the prefix \`${prefix}\``,
    )
    .join(' and ');
  const only = found.length === 1 ? found[0] : undefined;
  const set = only
    ? `set TABLE_PREFIX=${only.prefix} to ${only.portico ? 'use them' : 'take them over'}`
    : 'set TABLE_PREFIX to the prefix of the ones to use';
  return `found ${what}; ${set}`;
}

/** Portico's schema is in place once its first migration is recorded (a takeover does all its work in that step). */
async function porticoMigrated(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from ${sql.id(`${db.prefix}migration`)} where name = '0001-schema'`.execute(
    db.kysely,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/**
 * Kysely's migration lock on MySQL: a named lock (`get_lock`) of this id, held while any
 * migrator runs. Named locks are server-wide, so another database's migrations may hold it too;
 * waiting for them costs a moment, nothing else.
 */
const KYSELY_MYSQL_LOCK = 'ea586330-2c93-47c8-908d-981d9d270f9d';

async function migrating(db: Db): Promise<boolean> {
  const { rows } = await sql<{ holder: number | null }>`
    select is_used_lock(${KYSELY_MYSQL_LOCK}) as holder`.execute(db.kysely);
  return rows[0]?.holder !== null && rows[0]?.holder !== undefined;
}

/** Waits until no migrator holds the lock (taking and giving it back on one connection). */
async function migrationsDone(db: Db): Promise<void> {
  await db.kysely.connection().execute(async (connection) => {
    await sql`select get_lock(${KYSELY_MYSQL_LOCK}, 3600)`.execute(connection);
    await sql`select release_lock(${KYSELY_MYSQL_LOCK})`.execute(connection);
  });
}

interface FoundColumn {
  /** information_schema's DATA_TYPE: `int`, `varchar`, `enum`... */
  dataType: string;
  /** The full type as declared: `int(10) unsigned`, `enum('0','1')`... */
  columnType: string;
  /** `auto_increment` among others. */
  extra: string;
}

/** Columns the takeover adds itself when missing (schema-steps.ts): their absence is no problem. */
const ADDED_BY_TAKEOVER = new Set(ADDED.map(([table, column]) => `${table}.${column}`));

/**
 * `prefix_table.column: what is wrong` for each column of ORIGINAL_COLUMNS the database lacks or
 * has in a type Portico cannot use, in the list's order.
 */
async function columnProblems(db: Db, tables: Set<string>): Promise<string[]> {
  const checked = Object.keys(ORIGINAL_COLUMNS).filter(
    (table) => tables.has(table) || !TABLES_CHECKED_WHEN_PRESENT.has(table),
  );
  const found = await columnsOf(db, checked);
  const problems: string[] = [];
  const v1Names: string[] = [];
  for (const table of checked) {
    const have = found.get(table) ?? new Map<string, FoundColumn>();
    for (const [column, expected] of Object.entries(ORIGINAL_COLUMNS[table] ?? {})) {
      const where = `${db.prefix}${table}.${column}`;
      const actual = have.get(column);
      if (!actual) {
        if (ADDED_BY_TAKEOVER.has(`${table}.${column}`)) continue;
        problems.push(`${where}: missing (expected ${describe(expected)})`);
        // v2.0.0 renamed createtime → create_time, loginfailure → login_failure...
        const v1Name = column.replaceAll('_', '');
        if (have.has(v1Name)) v1Names.push(`${db.prefix}${table}.${v1Name}`);
        continue;
      }
      if (!fits(expected, actual)) {
        problems.push(`${where}: expected ${describe(expected)}, found ${actual.columnType}`);
      }
    }
  }
  if (v1Names.length > 0)
    problems.push(`(${v1Names.join(', ')}: BuildAdmin v1's names; upgrade it to BuildAdmin v2 first)`);
  return problems;
}

/** Type families by information_schema's DATA_TYPE; any other type is its own family. */
const FAMILIES: Record<string, TypeFamily> = {
  tinyint: 'integer',
  smallint: 'integer',
  mediumint: 'integer',
  int: 'integer',
  integer: 'integer',
  bigint: 'integer',
  decimal: 'decimal',
  numeric: 'decimal',
  float: 'floating point',
  double: 'floating point',
  real: 'floating point',
  char: 'text',
  varchar: 'text',
  tinytext: 'text',
  text: 'text',
  mediumtext: 'text',
  longtext: 'text',
  enum: 'text',
  date: 'date',
  datetime: 'date and time',
  timestamp: 'date and time',
};

function fits(expected: OriginalColumn, actual: FoundColumn): boolean {
  const family = FAMILIES[actual.dataType.toLowerCase()] ?? actual.dataType;
  if (family !== expected.family) return false;
  if (expected.autoIncrement && !/auto_increment/i.test(actual.extra)) return false;
  // An ENUM must allow each value Portico writes; a VARCHAR or TEXT allows any.
  if (expected.values && actual.dataType.toLowerCase() === 'enum') {
    const allowed = enumValues(actual.columnType);
    return expected.values.every((value) => allowed.includes(value));
  }
  return true;
}

function describe(expected: OriginalColumn): string {
  if (expected.autoIncrement) return `auto-increment ${expected.family}`;
  if (expected.values)
    return `${expected.family} allowing ${expected.values.map((v) => `'${v}'`).join(', ')}`;
  return expected.family;
}

/** `enum('a','it''s')` → ['a', "it's"]. */
function enumValues(columnType: string): string[] {
  return [...columnType.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] ?? '').replaceAll("''", "'"));
}

/** The found columns by logical table name, then column name. */
async function columnsOf(db: Db, tables: string[]): Promise<Map<string, Map<string, FoundColumn>>> {
  const { rows } = await sql<FoundColumn & { tableName: string; columnName: string }>`
    select table_name as tableName, column_name as columnName, data_type as dataType,
      column_type as columnType, extra
    from information_schema.columns
    where table_schema = database() and table_name in (${sql.join(tables.map((t) => `${db.prefix}${t}`))})`.execute(
    db.kysely,
  );
  const found = new Map<string, Map<string, FoundColumn>>();
  for (const { tableName, columnName, ...column } of rows) {
    const table = tableName.slice(db.prefix.length);
    found.set(table, (found.get(table) ?? new Map()).set(columnName, column));
  }
  return found;
}
