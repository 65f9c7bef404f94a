/**
 * The generated module's web side (apps/web/src/modules/<uid>/): the entry with the page at the
 * menu rule's component path, the list page with its columns and form (the SDK's ListPage and
 * FormItem, as the built-in screens), and the lang packs from the field comments.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import {
  columnFields,
  formFields,
  hasOptions,
  labelKey,
  namesOf,
  optionKey,
  optionsOf,
  primaryKey,
  remoteController,
  tableTitle,
  titleOf,
} from './design-fields.js';
import { relationColumns, relationLang, relationsOf } from './emit-relations.js';
import { generatedHeader, key, literal } from './source-text.js';

const OPERATORS: Record<string, string> = { eq: '=', ne: '<>', gt: '>', egt: '>=', lt: '<', elt: '<=' };
const RENDERS = new Set(['tag', 'tags', 'image', 'datetime', 'icon', 'switch', 'color', 'url', 'city']);
/** The form rules the web knows (packages/shared validators); the editor's own is `required`. */
const RULES = new Set([
  'required',
  'email',
  'mobile',
  'account',
  'password',
  'number',
  'integer',
  'float',
  'url',
  'varName',
]);

export function webIndex(design: CheckedDesign): string {
  const n = namesOf(design);
  return `${generatedHeader(n.table, `The module ${n.table}, its web entry: the list page and the texts.`)}
import { defineWebModule } from '@portico/web-sdk/module';

export default defineWebModule({
  uid: '${n.table}',
  pages: {
    '${n.component}': () => import('./views/index'),
  },
  lang: {
    'zh-cn': () => import('./lang/zh-cn'),
    en: () => import('./lang/en'),
  },
});
`;
}

/** Both languages hold the comments as written: the designer wrote them in one language. */
export function webLang(design: CheckedDesign, language: 'zh-cn' | 'en'): string {
  const n = namesOf(design);
  // 'Table' cannot be a field's name (names are lower case).
  const quick = design.table.quickSearchField.map((name) => {
    const field = design.fields.find((f) => f.name === name);
    return field ? titleOf(field) : name;
  });
  const entries: [string, string][] = [
    ['Table', tableTitle(design)],
    ['Quick search fields', quick.join(', ')],
  ];
  for (const field of design.fields) {
    entries.push([field.name, titleOf(field)]);
    optionsOf(field).forEach(([, label], index) => {
      entries.push([optionKey(n.table, field, index).slice(n.table.length + 1), label]);
    });
  }
  entries.push(...relationLang(relationsOf(design)));
  const lines = entries.map(([name, text]) => `  ${key(name)}: ${literal(text)},`).join('\n');
  return `${generatedHeader(n.table, `The ${language} texts of ${n.table}, from its design's comments.`)}
import type { Pack } from '@portico/web-sdk/module';

const ${n.camel} = {
${lines}
};

export default { ${n.table === n.camel ? n.table : `${key(n.table)}: ${n.camel}`} } satisfies Pack;
`;
}

function replaceValue(table: string, field: CrudField): string {
  const entries = optionsOf(field).map(
    ([value], index) => `${key(value)}: ${literal(optionKey(table, field, index))}`,
  );
  return `{ ${entries.join(', ')} }`;
}

function column(table: string, field: CrudField): string {
  const parts = [`prop: ${literal(field.name)}`, `label: ${literal(labelKey(table, field))}`];
  if (field.table.width) parts.push(`width: ${field.table.width}`);
  // A city's stored area ids show as the names its cascader shows (the web SDK's city cell).
  const render =
    field.designType === 'city' ? 'city' : field.table.render === 'images' ? 'image' : field.table.render;
  if (render && RENDERS.has(render)) parts.push(`render: '${render}'`);
  const operator = field.table.operator ?? 'eq';
  parts.push(
    operator === 'false' ? 'operator: false' : `operator: ${literal(OPERATORS[operator] ?? operator)}`,
  );
  if (field.table.sortable === 'custom') parts.push('sortable: true');
  if (hasOptions(field))
    parts.push(`replaceValue: ${replaceValue(table, field)}`, "comSearchRender: 'select'");
  if (render === 'switch') parts.push('noDblClick: true');
  return `      { ${parts.join(', ')} },`;
}

function inputType(field: CrudField): string {
  switch (field.designType) {
    case 'weigh':
    case 'float':
      return 'number';
    case 'timestamp':
      return 'datetime';
    case 'select':
      return field.form['select-multi'] ? 'selects' : 'select';
    case 'image':
    case 'images':
      return field.form['image-multi'] ? 'images' : field.designType;
    case 'file':
    case 'files':
      return field.form['file-multi'] ? 'files' : field.designType;
    default:
      return field.designType;
  }
}

function formItem(table: string, field: CrudField): string {
  const type = inputType(field);
  const attrs = [`type="${type}"`, `name=${literal(field.name)}`, `label=${literal(labelKey(table, field))}`];
  const rules = [
    ...new Set((field.form.validator ?? []).map((rule) => (rule === 'editorRequired' ? 'required' : rule))),
  ].filter((rule) => RULES.has(rule));
  if (rules.length) attrs.push(`rules={[${rules.map(literal).join(', ')}]}`);
  if (hasOptions(field)) attrs.push(`content={${replaceValue(table, field)}}`);
  if (type === 'remoteSelect' || type === 'remoteSelects') {
    // The select pages through the associated table's list, as the built-in screens' do.
    const remote = remoteController(field.form['remote-table'] ?? '');
    const pk = field.form['remote-pk'] || 'id';
    const label = field.form['remote-field'] || 'name';
    attrs.push(
      `remote={{ url: adminUrl(${literal(remote)}, 'index'), pk: ${literal(pk)}, field: ${literal(label)} }}`,
    );
  }
  if (type === 'number' && field.form.step) attrs.push(`inputAttr={{ step: ${Number(field.form.step)} }}`);
  if (type === 'textarea' && field.form.rows) attrs.push(`inputAttr={{ rows: ${Number(field.form.rows)} }}`);
  return `      <FormItem ${attrs.join(' ')} />`;
}

/** The add form's first values: each field's default, as the form holds it. */
function formDefaults(fields: CrudField[]): string {
  const entries = fields.flatMap((field) => {
    if (field.defaultType !== 'INPUT' || field.default === undefined || field.default === null) return [];
    return [`${key(field.name)}: ${literal(field.default)}`];
  });
  return `{ ${entries.join(', ')} }`;
}

export function webView(design: CheckedDesign): string {
  const n = namesOf(design);
  const form = formFields(design);
  const usesRemote = form.some(
    (field) => field.designType === 'remoteSelect' || field.designType === 'remoteSelects',
  );
  const sortable = design.fields.some((field) => field.designType === 'weigh' && field.name === 'weigh');
  return `${generatedHeader(n.table, `The list page of ${n.table}: its columns, search and add/edit form.`)}
${usesRemote ? "import { adminUrl } from '@portico/shared';\n" : ''}import { ${n.constant}_CONTROLLER, type ${n.type}Row } from '@portico/shared/modules/${n.table}';
import { FormItem } from '@portico/web-sdk/form';
import type { ListSpec } from '@portico/web-sdk/list';
import { DEFAULT_HEADER, ListPage } from '@portico/web-sdk/list';

function ${n.type}Form() {
  return (
    <>
${form.map((field) => formItem(n.table, field)).join('\n')}
    </>
  );
}

export default function ${n.type}List() {
  const spec: ListSpec<${n.type}Row> = {
    api: \`/admin/\${${n.constant}_CONTROLLER}/\`,
    pk: ${literal(primaryKey(design).name)},
    quickSearchFields: '${n.table}.Quick search fields',
    columns: [
${[...columnFields(design).map((field) => column(n.table, field)), ...relationColumns(n.table, relationsOf(design))].join('\n')}
    ],
    headerButtons: [...DEFAULT_HEADER, 'import'],
    rowButtons: [${sortable ? "'weigh-sort', " : ''}'edit', 'delete'],
    form: ${n.type}Form,
    formDefaults: ${formDefaults(form)},
  };
  return <ListPage spec={spec} />;
}
`;
}
