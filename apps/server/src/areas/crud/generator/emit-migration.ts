/**
 * The generated migrations, one file each (`migrations/m0001.ts`, ...), so a regeneration keeps
 * the earlier ones byte-identical and adds the next: the first creates the table, each later
 * one alters it (add, change, rename and drop columns) keeping its rows. Column types are
 * written out per database (column-types.ts), indexes cover the quick-search and sortable fields,
 * and the quick-search text fields get the substring search index the core's large tables have
 * (the SDK's searchIndex: FTS5, trigram side table or pg_trgm), so `%q%` does not scan.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import { autoIncrementTypes, type DialectTypes, dialectTypes, isNumericColumn } from './column-types.js';
import type { ColumnChange } from './design-diff.js';
import { indexable, primaryKey, searchColumns } from './design-fields.js';
import { generatedHeader, key, literal } from './source-text.js';

export function migrationName(index: number): string {
  return `m${String(index + 1).padStart(4, '0')}`;
}

/**
 * The table's indexes, as column lists: a sortable field's ends with the key, as the core's
 * list indexes do (the list engine pages by the order and the key); a quick-search field that
 * is not sortable gets its own (a prefix search uses it; `%q%` reads the search index,
 * searchIndexCall). Not the key itself, not long texts.
 */
export function indexesOf(design: CheckedDesign): string[][] {
  const pk = design.fields.find((field) => field.primaryKey)?.name ?? 'id';
  const quick = new Set(design.table.quickSearchField);
  return design.fields
    .filter((field) => !field.primaryKey && indexable(field))
    .flatMap((field) => {
      if (field.table.sortable === 'custom') return [[field.name, pk]];
      return quick.has(field.name) ? [[field.name]] : [];
    });
}

/** The name columnKit.index gives an index (without the prefix, added at run time). */
function indexName(table: string, columns: string[]): string {
  return `${table}_${columns.join('_')}`;
}

function createIndex(table: string, columns: string[]): string {
  return `await k.index(db, ${literal(table)}, [${columns.map(literal).join(', ')}]);`;
}

function typesLiteral(types: DialectTypes): string {
  return `type({ sqlite: ${literal(types.sqlite)}, mysql: ${literal(types.mysql)}, postgres: ${literal(types.postgres)} })`;
}

/** The default as a literal of the column's type. */
function defaultLiteral(field: CrudField): string | null {
  if (field.defaultType === 'EMPTY STRING') return "''";
  if (field.defaultType !== 'INPUT' || field.default === undefined || field.default === null) return null;
  return isNumericColumn(field) ? String(Number(field.default)) : literal(field.default);
}

/** The column builder callback, or none when the column is plain nullable. */
function columnBuilder(field: CrudField): string | null {
  if (field.primaryKey && field.autoIncrement) {
    return "(c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())";
  }
  const parts: string[] = [];
  if (field.primaryKey) parts.push('.primaryKey()');
  if (!field.null) parts.push('.notNull()');
  const fallback = defaultLiteral(field);
  if (fallback !== null) parts.push(`.defaultTo(${fallback})`);
  return parts.length ? `(c) => c${parts.join('')}` : null;
}

function columnArgs(field: CrudField, name = field.name): string {
  const types = field.primaryKey && field.autoIncrement ? autoIncrementTypes(field) : dialectTypes(field);
  const builder = columnBuilder(field);
  return [literal(name), typesLiteral(types), ...(builder ? [builder] : [])].join(', ');
}

const HEAD = (table: string, what: string, search: boolean) => `${generatedHeader(table, what)}
import { columnKit, type Dialect, type MigrationEnv${search ? ', searchIndex' : ''} } from '@portico/server-sdk';
import { type Migration, sql } from 'kysely';
`;

/** The SDK call (re)making the table's search index over `columns` (none: dropping it). */
function searchIndexCall(design: CheckedDesign, columns: string[]): string {
  const pk = primaryKey(design).name;
  const key = pk === 'id' ? '' : `, { key: ${literal(pk)} }`;
  return `await searchIndex(db, { dialect, prefix }, ${literal(design.table.name)}, [${columns.map(literal).join(', ')}]${key});`;
}

/** The first migration: the table and its indexes. */
export function createMigration(design: CheckedDesign, name: string): string {
  const table = design.table.name;
  const columns = design.fields.map((field) => `        t = t.addColumn(${columnArgs(field)});`).join('\n');
  const indexes = indexesOf(design)
    .map((columns) => `        ${createIndex(table, columns)}`)
    .join('\n');
  const searched = searchColumns(design);
  const search = searched.length
    ? `
      // The quick search's substring index, kept by triggers; a table already there gets it too.
      ${searchIndexCall(design, searched)}`
    : '';
  return `${HEAD(table, `Migration ${name}: creates the table ${table} with its indexes.`, searched.length > 0)}
export function ${name}({ dialect, prefix }: MigrationEnv): Migration {
  const k = columnKit(dialect, prefix);
  // A column's SQL type on each database (trusted text written by the generator).
  const type = (types: Record<Dialect, string>) => sql.raw(types[dialect]);
  return {
    async up(db) {
      // A table already there (made by the original's generator on a taken-over site, or
      // designed from its columns) keeps its rows and its indexes: the module is made for it.
      const tables = await db.introspection.getTables();
      if (!tables.some((found) => found.name === prefix + ${literal(table)})) {
        let t = db.schema.createTable(${literal(table)});
${columns}
        await k.finish(t).execute();
${indexes}
      }${search}
    },
    // No down: uninstalling the module keeps the table and its rows; deleting the generated
    // code drops it only when the administrator asks (the endpoint, with the recycle log).
  };
}
`;
}

/** A later migration: the synced design changes, applied in the designer's order. */
export function alterMigration(
  design: CheckedDesign,
  previous: CheckedDesign,
  changes: ColumnChange[],
  name: string,
): string {
  const table = design.table.name;
  // Indexes on a touched column are dropped first and made again after; new ones are added.
  const touched = new Set(changes.flatMap(touchedColumns));
  const before = indexesOf(previous);
  const after = indexesOf(design);
  const names = new Set(before.map((columns) => indexName(table, columns)));
  // The search index is made again when its columns change or one of them is altered; it goes
  // first, as its triggers name the columns (SQLite refuses to drop a column they name).
  const searchedBefore = searchColumns(previous);
  const searchedAfter = searchColumns(design);
  const remakeSearch =
    searchedBefore.join() !== searchedAfter.join() || searchedBefore.some((column) => touched.has(column));
  const steps = [
    ...(remakeSearch && searchedBefore.length ? [searchIndexCall(previous, [])] : []),
    ...before
      .filter((columns) => columns.some((column) => touched.has(column)))
      .map((columns) => `await dropIndex(${literal(indexName(table, columns))});`),
    ...changes.flatMap((change) => alterStep(table, change)),
    ...after
      .filter(
        (columns) => !names.has(indexName(table, columns)) || columns.some((column) => touched.has(column)),
      )
      .map((columns) => createIndex(table, columns)),
    ...(remakeSearch && searchedAfter.length ? [searchIndexCall(design, searchedAfter)] : []),
  ];
  const body = steps.map((step) => `      ${step}`).join('\n');
  const search = remakeSearch && (searchedBefore.length > 0 || searchedAfter.length > 0);
  return `${HEAD(table, `Migration ${name}: changes the table ${table} as its design changed, keeping its rows.`, search)}
export function ${name}({ dialect, prefix }: MigrationEnv): Migration {
  const k = columnKit(dialect, prefix);
  // A column's SQL type on each database (trusted text written by the generator).
  const type = (types: Record<Dialect, string>) => sql.raw(types[dialect]);
  return {
    async up(db) {
      const table = () => db.schema.alterTable(${literal(table)});
      // MySQL names an index within its table, the others within the schema.
      const dropIndex = (name: string) => {
        const drop = db.schema.dropIndex(prefix + name);
        return (dialect === 'mysql' ? drop.on(${literal(table)}) : drop).execute();
      };
${body}
    },
  };
}
`;
}

function touchedColumns(change: ColumnChange): string[] {
  if (change.kind === 'drop') return [change.name];
  if (change.kind === 'rename') return [change.from, change.to];
  return [change.field.name];
}

function alterStep(table: string, change: ColumnChange): string[] {
  switch (change.kind) {
    case 'add':
      return [`await table().addColumn(${columnArgs(change.field)}).execute();`];
    case 'drop':
      return [`await table().dropColumn(${literal(change.name)}).execute();`];
    case 'rename':
      return [`await table().renameColumn(${literal(change.from)}, ${literal(change.to)}).execute();`];
    case 'change':
      return changeColumn(table, change.field);
  }
}

/**
 * A column's new type, default and null: MySQL redefines it in place, PostgreSQL alters each
 * part (casting the values to the new type), SQLite (which alters no column) copies it into a
 * new column that then takes its name.
 */
function changeColumn(table: string, field: CrudField): string[] {
  const name = literal(field.name);
  const temporary = literal(`${field.name}__new`);
  const types = dialectTypes(field);
  const fallback = defaultLiteral(field);
  const cast = literal(`${types.postgres} using "${field.name}"::${types.postgres}`);
  return [
    "if (dialect === 'mysql') {",
    `  await table().modifyColumn(${columnArgs(field)}).execute();`,
    "} else if (dialect === 'postgres') {",
    `  await table().alterColumn(${name}, (c) => c.setDataType(sql.raw(${cast}))).execute();`,
    fallback === null
      ? `  await table().alterColumn(${name}, (c) => c.dropDefault()).execute();`
      : `  await table().alterColumn(${name}, (c) => c.setDefault(${fallback})).execute();`,
    `  await table().alterColumn(${name}, (c) => c.${field.null ? 'dropNotNull' : 'setNotNull'}()).execute();`,
    '} else {',
    `  await table().addColumn(${columnArgs(field, `${field.name}__new`)}).execute();`,
    `  await db.updateTable(${literal(table)}).set((eb) => ({ ${key(`${field.name}__new`)}: eb.ref(${name}) })).execute();`,
    `  await table().dropColumn(${name}).execute();`,
    `  await table().renameColumn(${temporary}, ${name}).execute();`,
    '}',
  ];
}
