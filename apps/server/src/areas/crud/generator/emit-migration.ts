/**
 * The generated migrations, one file each (`migrations/m0001.ts`, ...), so a regeneration keeps
 * the earlier ones byte-identical and adds the next: the first creates the table, each later
 * one alters it (add, change, rename and drop columns) keeping its rows. Column types are
 * written out per database (column-types.ts), indexes cover the quick-search and sortable fields,
 * and the quick-search text fields get the substring search index the core's large tables have
 * (the SDK's searchIndex: FTS5, trigram side table or pg_trgm), so `%q%` does not scan. A table
 * with an integer key keeps its exact row count and rows per block of ids as the members do
 * (the SDK's largeTableCounts), so its list shows an exact total and reads its last and deep
 * pages without skipping most of the table.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import {
  autoIncrementTypes,
  type DialectTypes,
  dialectTypes,
  isIntegerColumn,
  isNumericColumn,
} from './column-types.js';
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

/** The file's head; `helpers` are the SDK's migration helpers it calls (searchIndex, largeTableCounts). */
const HEAD = (table: string, what: string, helpers: string[]) => `${generatedHeader(table, what)}
import { ${sdkImports(helpers)} } from '@portico/server-sdk';
import { type Migration, sql } from 'kysely';
`;

/** The SDK's names, in the order the formatter keeps them (by name, ignoring case and `type`). */
function sdkImports(helpers: string[]): string {
  const bare = (name: string) => name.replace(/^type /, '').toLowerCase();
  return ['columnKit', 'type Dialect', 'type MigrationEnv', ...helpers]
    .sort((a, b) => bare(a).localeCompare(bare(b)))
    .join(', ');
}

/** The design's key, when it is an integer: the blocks of largeTableCounts are of its values. */
export function countedKey(design: CheckedDesign): string | null {
  const pk = primaryKey(design);
  return isIntegerColumn(pk) ? pk.name : null;
}

/** The SDK call counting the table's rows and id blocks (`drop`: no longer). */
function countsCall(design: CheckedDesign, pk: string, drop = false): string {
  const table = literal(design.table.name);
  if (drop) return `await dropLargeTableCounts(db, { dialect, prefix }, ${table});`;
  const key = pk === 'id' ? '' : `, { key: ${literal(pk)} }`;
  return `await largeTableCounts(db, { dialect, prefix }, ${table}${key});`;
}

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
  const pk = countedKey(design);
  const counts = pk
    ? `
      // The exact row count and rows per block of ids, kept by triggers (a table already there
      // is counted from its rows): an exact total, and the last and deep pages read fast.
      ${countsCall(design, pk)}`
    : '';
  const helpers = [...(searched.length ? ['searchIndex'] : []), ...(pk ? ['largeTableCounts'] : [])];
  return `${HEAD(table, `Migration ${name}: creates the table ${table} with its indexes.`, helpers)}
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
      }${search}${counts}
    },
    // No down: uninstalling the module keeps the table and its rows (and their counts);
    // deleting the generated code drops it only when the administrator asks (the endpoint,
    // with the recycle log, which drops the counts first).
  };
}
`;
}

/**
 * Whether earlier migrations count the table's rows: a module generated before the counts
 * (largeTableCounts) gets them from its next migration.
 */
export function countsRows(migrations: readonly string[]): boolean {
  return migrations.some((source) => source.includes('largeTableCounts('));
}

/**
 * A later migration: the synced design changes, applied in the designer's order (`counted`:
 * whether the earlier migrations made the counts; if not, this one does).
 */
export function alterMigration(
  design: CheckedDesign,
  previous: CheckedDesign,
  changes: ColumnChange[],
  name: string,
  counted = true,
): string {
  const table = design.table.name;
  // Indexes on a touched column are dropped first and made again after; new ones are added.
  const touched = new Set(changes.flatMap(touchedColumns));
  const before = indexesOf(previous);
  const after = indexesOf(design);
  const names = new Set(before.map((columns) => indexName(table, columns)));
  // The search index is made again when its columns change or one of them is altered; it goes
  // first, as its triggers name the columns (SQLite refuses to drop a column they name).
  // The search index's and the counts' triggers name the key too (MySQL's and PostgreSQL's
  // would fail every write once it is renamed): they go first when it changes, and are made
  // again, from the rows, after.
  const keyChanged = touched.has(primaryKey(previous).name) || touched.has(primaryKey(design).name);
  const searchedBefore = searchColumns(previous);
  const searchedAfter = searchColumns(design);
  const remakeSearch =
    keyChanged ||
    searchedBefore.join() !== searchedAfter.join() ||
    searchedBefore.some((column) => touched.has(column));
  const keyBefore = counted ? countedKey(previous) : null;
  const keyAfter = countedKey(design);
  const remakeCounts = keyChanged || keyBefore !== keyAfter;
  const steps = [
    ...(remakeCounts && keyBefore ? [countsCall(previous, keyBefore, true)] : []),
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
    ...(remakeCounts && keyAfter ? [countsCall(design, keyAfter)] : []),
  ];
  const body = steps.map((step) => `      ${step}`).join('\n');
  const search = remakeSearch && (searchedBefore.length > 0 || searchedAfter.length > 0);
  const helpers = [
    ...(search ? ['searchIndex'] : []),
    ...(remakeCounts && keyBefore ? ['dropLargeTableCounts'] : []),
    ...(remakeCounts && keyAfter ? ['largeTableCounts'] : []),
  ];
  return `${HEAD(table, `Migration ${name}: changes the table ${table} as its design changed, keeping its rows.`, helpers)}
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
