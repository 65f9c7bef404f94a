/**
 * The generated module's server side (apps/server/src/modules/<uid>/): the entry with its menu
 * rules, the table types and the migrations' list, the resource and the server's lang pack.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import {
  columnOptions,
  isIntegerColumn,
  isNumericColumn,
  isTextColumn,
  listFieldType,
  TEXT_MAX,
  tsType,
} from './column-types.js';
import {
  columnFields,
  formFields,
  isAutoTime,
  isSecret,
  namesOf,
  primaryKey,
  RULE_TITLE_LENGTH,
  searchColumns,
  shortTableTitle,
} from './design-fields.js';
import { indexesOf } from './emit-migration.js';
import {
  multiRelationHelpers,
  readsMultiRelations,
  relationJoins,
  relationListFields,
  relationPresent,
  relationRowFields,
  relationSelects,
  relationsOf,
} from './emit-relations.js';
import { generatedHeader, key, literal } from './source-text.js';

const BUTTONS: [string, string, string][] = [
  ['index', '查看', 'View'],
  ['add', '添加', 'Add'],
  ['edit', '编辑', 'Edit'],
  ['del', '删除', 'Delete'],
  ['sortable', '快速排序', 'Quick sort'],
  ['export', '导出', 'Export'],
  ['import', '导入', 'Import'],
];

export function serverIndex(design: CheckedDesign, version: string, migrations: string[]): string {
  const n = namesOf(design);
  const title = literal(shortTableTitle(design, RULE_TITLE_LENGTH));
  const buttons = BUTTONS.map(
    ([action, zh, en]) => `{ type: 'button', title: ['${zh}', '${en}'], name: '${n.rule}/${action}' }`,
  );
  let rule = [
    '{',
    "  type: 'menu',",
    `  title: [${title}, ${title}],`,
    `  name: '${n.rule}',`,
    `  path: '${n.rule}',`,
    "  icon: 'fa fa-th-list',",
    `  component: '${n.component}',`,
    "  menuType: 'tab',",
    '  keepalive: true,',
    '  children: [',
    ...buttons.map((button) => `    ${button},`),
    '  ],',
    '}',
  ];
  // Parent directories as menu directories, as the original's createMenu makes them.
  for (let depth = n.dirs.length; depth > 0; depth--) {
    const name = n.dirs.slice(0, depth).join('/');
    rule = [
      '{',
      "  type: 'menu_dir',",
      `  title: ['${name}', '${name}'],`,
      `  name: '${name}',`,
      `  path: '${name}',`,
      "  icon: 'fa fa-folder',",
      '  children: [',
      ...rule.map((line) => `    ${line}`),
      '  ],',
      '}',
    ];
    rule[rule.length - 3] = `${rule[rule.length - 3]},`;
  }
  const imports = migrations.map((m) => `import { ${m} } from './migrations/${m}.js';`).join('\n');
  const entries = migrations.map((m) => `    '${m.slice(1)}': ${m}(env),`).join('\n');
  return `${generatedHeader(n.table, `The module ${n.table}, its server entry: the resource, the table and its menu rules.`)}
import { defineModule } from '@portico/server-sdk';
import { ${n.constant}_LANG } from './lang.js';
${imports}
import { register${n.type} } from './resource.js';
import { ${n.constant}_TABLES } from './tables.js';

export default defineModule({
  uid: '${n.table}',
  version: '${version}',
  tables: ${n.constant}_TABLES,
  migrations: (env) => ({
${entries}
  }),
  routes: register${n.type},
  adminRules: [
${rule.map((line) => `    ${line}`).join('\n')},
  ],
  lang: ${n.constant}_LANG,
});
`;
}

export function serverTables(design: CheckedDesign): string {
  const n = namesOf(design);
  const columns = design.fields
    .map(
      (field) =>
        `  ${key(field.name)}: ${field.primaryKey && field.autoIncrement ? `Generated<${tsType(field)}>` : tsType(field)};`,
    )
    .join('\n');
  return `${generatedHeader(n.table, `The table ${n.table} as Kysely sees it.`)}
import type { Generated } from 'kysely';

export interface ${n.type}Table {
${columns}
}

// The table joins the core's Database type: queries and the resource are typed by its name.
declare module '@portico/server-sdk' {
  interface ModuleTables {
    ${n.table}: ${n.type}Table;
  }
}

export const ${n.constant}_TABLES = ['${n.table}'];
`;
}

/** The zod schema of one form field, as the add and edit bodies take it. */
function fieldSchema(field: CrudField): string {
  let schema: string;
  if (isNumericColumn(field)) {
    schema = isIntegerColumn(field) ? 'z.coerce.number().int()' : 'z.coerce.number()';
    if (field.unsigned) schema += '.min(0)';
  } else if (field.type === 'enum') {
    schema = `z.enum([${columnOptions(field).map(literal).join(', ')}])`;
  } else {
    const max = isTextColumn(field) ? (TEXT_MAX[field.type] ?? 65_535) : textLength(field);
    schema = `z.string().max(${max})`;
    if (field.type === 'set') {
      schema += `.refine(inSet([${columnOptions(field).map(literal).join(', ')}]))`;
    }
  }
  if (field.designType === 'timestamp' && isIntegerColumn(field)) schema = 'z.coerce.number().int().min(0)';
  const prepare = preprocessorOf(field);
  if (field.null)
    return `z.preprocess(${prepare ? `(v) => blankAsNull(${prepare}(v))` : 'blankAsNull'}, ${schema}.nullable())`;
  const fallback =
    field.defaultType === 'INPUT' && field.default !== undefined && field.default !== null
      ? isNumericColumn(field)
        ? String(Number(field.default))
        : literal(field.default)
      : field.defaultType === 'EMPTY STRING'
        ? "''"
        : null;
  const withDefault = fallback === null ? schema : `${schema}.default(${fallback})`;
  return prepare ? `z.preprocess(${prepare}, ${withDefault})` : withDefault;
}

/** The longest text a text-like column holds (dates and sets by their form, not their length). */
function textLength(field: CrudField): number {
  if (field.type === 'set') return columnOptions(field).join(',').length;
  const widths: Record<string, number> = { date: 10, time: 8, datetime: 19, timestamp: 19 };
  return widths[field.type] ?? field.length;
}

/** How a form's value becomes the column's: lists join with commas, the array input is JSON. */
function preprocessorOf(field: CrudField): string | null {
  if (field.designType === 'timestamp' && isIntegerColumn(field)) return 'toSeconds';
  if (field.designType === 'array') return 'asJson';
  if (isNumericColumn(field) || field.type === 'enum') return null;
  return 'listAsText';
}

/**
 * The add's statements. A weigh-sorted table gives a row added without a weigh its id, as the
 * original's generated model does after an insert: drag sorting swaps two rows' weights, which
 * two blank (equal) weights would refuse.
 */
function addBodyOf(
  insert: string,
  table: string,
  sortable: boolean,
  weighInForm: boolean,
): { body: string; fillsWeigh: boolean } {
  if (!sortable) return { body: `      await ${insert}.execute();`, fillsWeigh: false };
  const blank = weighInForm ? 'if (data.weigh === null || data.weigh === undefined) ' : '';
  return {
    body: `      const id = await insertId(ctx.db, ${insert});
      ${blank}await w.trx.updateTable(${table}).set({ weigh: id }).where('id', '=', id).execute();`,
    fillsWeigh: true,
  };
}

/** Emitted only beside a password field: a typed password becomes its hash, a blank or none stays so. */
const HASH_SECRETS = `
/** A password is stored as its hash: a blank one (none set) or a NULL is stored as it is. */
const hashSecrets = async <T extends Record<string, unknown>>(data: T, names: string[]): Promise<T> => {
  const hashed = { ...data } as Record<string, unknown>;
  for (const name of names) {
    const typed = hashed[name];
    if (typeof typed === 'string' && typed !== '') hashed[name] = await hashPassword(typed);
  }
  return hashed as T;
};`;

export function serverResource(design: CheckedDesign): string {
  const n = namesOf(design);
  const pk = primaryKey(design);
  const table = literal(n.table);
  const listed = design.fields.filter((field) => !isSecret(field));
  const form = formFields(design);
  const body = form.map((field) => `  ${key(field.name)}: ${fieldSchema(field)},`).join('\n');
  const row = listed
    .map((field) => {
      const base = isNumericColumn(field) ? 'z.number()' : 'z.string()';
      return `  ${key(field.name)}: ${field.null ? `${base}.nullable()` : base},`;
    })
    .join('\n');
  const fields = listed
    .map(
      (field) =>
        `        ${key(field.name)}: { column: '${n.table}.${field.name}', type: '${listFieldType(field)}' },`,
    )
    .join('\n');
  const quick = design.table.quickSearchField.filter((name) => listed.some((field) => field.name === name));
  const searched = searchColumns(design);
  // The columns its migration's searchIndex covers: the list reads that index (crud/search-index.ts).
  const searchIndex = searched.length ? `\n    searchIndex: [${searched.map(literal).join(', ')}],` : '';
  // The B-tree indexes its migrations made: a RANGE filter on a leading column reads one.
  const listIndexes = indexesOf(design).length
    ? `\n    listIndexes: [${indexesOf(design)
        .map((columns) => `[${columns.map(literal).join(', ')}]`)
        .join(', ')}],`
    : '';
  const sortField = design.table.defaultSortField || pk.name;
  const selected = `[${listed.map((field) => literal(field.name)).join(', ')}]`;
  // Relation columns join other tables: the list's own columns are then named with the table.
  const relations = relationsOf(design);
  const listSelected = relations.length
    ? `[${[...listed.map((field) => literal(`${n.table}.${field.name}`)), ...relationSelects(relations)].join(', ')}]`
    : selected;
  const created = design.fields
    .filter((field) => isAutoTime(field) !== null)
    .map((field) => `${field.name}: now()`);
  const updated = design.fields
    .filter((field) => isAutoTime(field) === 'update')
    .map((field) => `${field.name}: now()`);
  const secrets = form.filter(isSecret).map((field) => field.name);
  const switches = columnFields(design)
    .filter((field) => field.designType === 'switch')
    .map((field) => literal(field.name));
  const sortable = design.fields.some((field) => field.designType === 'weigh' && field.name === 'weigh');
  const insert = `w.trx.insertInto(${table}).values({ ...data${created.length ? `, ${created.join(', ')}` : ''} })`;
  const add = addBodyOf(
    insert,
    table,
    sortable && pk.name === 'id',
    form.some((field) => field.name === 'weigh'),
  );
  const secretNames = `[${secrets.map(literal).join(', ')}]`;
  // A password is stored as the SDK's hash (prepareAdd also prepares each imported row); a
  // blank one on edit leaves the stored hash.
  // Hashing (about 60 ms) runs before the write's transaction, which on SQLite holds the only writer.
  const prepareAdd = secrets.length ? `    prepareAdd: (data) => hashSecrets(data, ${secretNames}),\n` : '';
  const prepareEdit = secrets.length
    ? `    prepareEdit: (data) => hashSecrets(withoutBlank(data, ${secretNames}), ${secretNames}),\n`
    : '';
  return `${generatedHeader(n.table, `The resource ${n.controller}: list, add, edit, delete, export and import of ${n.table}.`)}
import { type AppContext, ${secrets.length ? 'hashPassword, ' : ''}${add.fillsWeigh ? 'insertId, ' : ''}now, registerResource, updateFoundRow } from '@portico/server-sdk';
import { ${n.constant}_CONTROLLER } from '@portico/shared/modules/${n.table}';
import type { FastifyInstance } from 'fastify';
${readsMultiRelations(relations) ? "import { sql } from 'kysely';\n" : ''}import { z } from 'zod';

/** A blank form value means NULL. */
const blankAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);
/** Several values (checkboxes, images, files) are stored comma-separated. */
const listAsText = (v: unknown) => (Array.isArray(v) ? v.join(',') : v);
/** The array input's rows are stored as JSON text. */
const asJson = (v: unknown) => (typeof v === 'string' || v === null || v === undefined ? v : JSON.stringify(v));
/** A picked date-time ('YYYY-MM-DD HH:mm:ss', the server's zone) as unix seconds. */
const toSeconds = (v: unknown) =>
  typeof v === 'string' && v.includes('-') ? Math.floor(Date.parse(v.replace(' ', 'T')) / 1000) : v;
/** Every comma-separated value is one of the options. */
const inSet = (options: string[]) => (v: string) => v === '' || v.split(',').every((o) => options.includes(o));
/** A blank password (or other secret) leaves the stored one as it is. */
const withoutBlank = <T extends Record<string, unknown>>(data: T, names: string[]) =>
  Object.fromEntries(Object.entries(data).filter(([name, v]) => !names.includes(name) || v !== '')) as T;${secrets.length ? HASH_SECRETS : ''}${multiRelationHelpers(relations)}

const body = z.object({
${body}
});

const row = z.looseObject({
${[row, ...relationRowFields(relations)].join('\n')}
});

export function register${n.type}(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;
  registerResource(app, ctx, {
    controller: ${n.constant}_CONTROLLER,
    table: ${table},
    list: {
      pk: ${literal(pk.name)},
      fields: {
${[fields, ...relationListFields(relations)].join('\n')}
      },
      quickSearch: [${quick.map(literal).join(', ')}],
      defaultOrder: { field: ${literal(sortField)}, direction: '${design.table.defaultSortType}' },
    },${searchIndex}${listIndexes}
    listQuery: (db) => db.selectFrom(${table})${relationJoins(n.table, relations)}.select(${listSelected}),
${relationPresent(relations)}    row,
    loadRow: (id) => kysely.selectFrom(${table}).select(${selected}).where(${literal(pk.name)}, '=', id).executeTakeFirst(),
    addBody: body,
    importable: true,
${prepareAdd}    add: async (data, w) => {
${add.body}
    },
    editBody: body,
${prepareEdit}    edit: async (id, data, w) => {
      await updateFoundRow(
        w.trx.updateTable(${table}).set({ ...data${updated.length ? `, ${updated.join(', ')}` : ''} }).where(${literal(pk.name)}, '=', id),
      );
    },
    del: async (ids, w) => {
      const result = await w.trx.deleteFrom(${table}).where(${literal(pk.name)}, 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    switchFields: [${switches.join(', ')}],
    sortable: ${sortable},
  });
}
`;
}

export function serverLang(design: CheckedDesign): string {
  const n = namesOf(design);
  return `${generatedHeader(n.table, `Server messages of the module ${n.table} (none of its own yet: the resource answers the core's).`)}
import type { LanguagePack } from '@portico/server-sdk';

export const ${n.constant}_LANG: { 'zh-cn': LanguagePack; en: LanguagePack } = {
  'zh-cn': {},
  en: {},
};
`;
}
