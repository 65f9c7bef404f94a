/**
 * The CRUD generator's design, in the original's wire shape: what `crud.Crud/generate` receives
 * and `crud_log` stores (`table` and `fields` as JSON), so a design saved by the original is
 * understood here. Field `table` and `form` hold plain values (the original's designer sends
 * `{render: 'tag'}`, not its `{render: {type, value, options}}` editor descriptors).
 *
 * Imported as `@portico/shared/crud-design`, not from the package index: the palette is
 * built at load time and must stay out of the sign-in page's first load.
 *
 * Both sides use it: the web designer builds designs from the palette, the server checks and
 * generates them (apps/server/src/areas/crud).
 */

/** How a field is designed: decides its column type, its list render and its form input. */
export const DESIGN_TYPES = [
  'pk',
  'spk',
  'weigh',
  'timestamp',
  'string',
  'password',
  'number',
  'float',
  'radio',
  'checkbox',
  'switch',
  'textarea',
  'array',
  'datetime',
  'year',
  'date',
  'time',
  'select',
  'selects',
  'remoteSelect',
  'remoteSelects',
  'editor',
  'city',
  'image',
  'images',
  'file',
  'files',
  'icon',
  'color',
] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** How a field's default is given: a typed value, '', NULL, or no default at all. */
export const DEFAULT_TYPES = ['INPUT', 'EMPTY STRING', 'NULL', 'NONE'] as const;
export type DefaultType = (typeof DEFAULT_TYPES)[number];

/** Column types the designer offers (the original's MySQL names; mapped per database). */
export const COLUMN_TYPES = [
  'int',
  'tinyint',
  'smallint',
  'mediumint',
  'bigint',
  'decimal',
  'float',
  'double',
  'varchar',
  'char',
  'text',
  'mediumtext',
  'longtext',
  'enum',
  'set',
  'date',
  'time',
  'datetime',
  'timestamp',
  'year',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** List renders a column may use ('none' shows the value as text). */
export const TABLE_RENDERS = [
  'none',
  'icon',
  'switch',
  'image',
  'images',
  'tag',
  'tags',
  'url',
  'datetime',
  'color',
] as const;
export type TableRender = (typeof TABLE_RENDERS)[number];

/**
 * Search operators as the original's designer names them (the list engine reads eq, ne, gt… as =,
 * <>, >…); 'false' means the column is not searched.
 */
export const DESIGN_OPERATORS = [
  'false',
  'eq',
  'ne',
  'gt',
  'egt',
  'lt',
  'elt',
  'LIKE',
  'NOT LIKE',
  'IN',
  'NOT IN',
  'RANGE',
  'NOT RANGE',
  'NULL',
  'NOT NULL',
  'FIND_IN_SET',
] as const;
export type DesignOperator = (typeof DESIGN_OPERATORS)[number];

/** A field's list column: render, search operator, sortable ('custom') or not ('false'), width. */
export interface CrudFieldTable {
  render?: TableRender;
  operator?: DesignOperator;
  sortable?: 'false' | 'custom';
  width?: number;
  timeFormat?: string;
}

/**
 * A field's form input: validators (names of the core's form rules) and their message; the
 * rest depends on the design type (rows of a textarea, step of a number, the remote select's
 * table and fields, whether an image, file or select takes several).
 */
export interface CrudFieldForm {
  validator?: string[];
  validatorMsg?: string;
  step?: number;
  rows?: number;
  'select-multi'?: boolean;
  'image-multi'?: boolean;
  'file-multi'?: boolean;
  /** Remote selects: the associated table (without prefix), its value and label fields. */
  'remote-table'?: string;
  'remote-pk'?: string;
  'remote-field'?: string;
  /** Remote selects: the associated table's fields shown as list columns, comma-separated. */
  'relation-fields'?: string;
  /** The original's PHP locations; kept so its designs round-trip, not used by Portico. */
  'remote-controller'?: string;
  'remote-model'?: string;
  'remote-url'?: string;
  'remote-primary-table-alias'?: string;
  'remote-source-config-type'?: string;
}

export interface CrudField {
  /** The palette item's title, shown in the designer only. */
  title?: string;
  name: string;
  designType: DesignType;
  /** The column type. */
  type: ColumnType | string;
  /** The full column type when the type alone does not say it: "enum('opt0','opt1')". */
  dataType?: string;
  length: number;
  /** Decimals. */
  precision: number;
  default?: string;
  defaultType: DefaultType;
  null: boolean;
  primaryKey: boolean;
  unsigned: boolean;
  autoIncrement: boolean;
  /**
   * The label, and for option fields the dictionary after a colon, as the original writes it:
   * "Status:0=Disabled,1=Enabled" (see `parseDictionary`).
   */
  comment: string;
  /** Not a form input (the primary key, the times). */
  formBuildExclude?: boolean;
  /** Not a list column by default (long texts, passwords). */
  tableBuildExclude?: boolean;
  table: CrudFieldTable;
  form: CrudFieldForm;
}

/** What a design change does to the stored table, in the order the designer recorded it. */
export type TableDesignChangeType =
  | 'change-field-name'
  | 'del-field'
  | 'add-field'
  | 'change-field-attr'
  | 'change-field-order';

export interface TableDesignChange {
  type: TableDesignChangeType;
  /** The field's index in the design. */
  index?: number;
  oldName: string;
  newName: string;
  /** Apply it to the table (the designer's checkbox); unsynced changes touch only the code. */
  sync?: boolean;
  /** The field it follows; 'FIRST FIELD' for the first. */
  after?: string;
}

export interface CrudTable {
  /** Without the table prefix. */
  name: string;
  comment: string;
  quickSearchField: string[];
  defaultSortField: string;
  defaultSortType: 'desc' | 'asc';
  /** Fields shown as list columns, and as form inputs. */
  columnFields: string[];
  formFields: string[];
  designChange: TableDesignChange[];
  /** 'Yes' drops and recreates an existing table (its rows go to the recycle log). */
  rebuild: 'Yes' | 'No';
  /** '' for the site's database (the only connection Portico has). */
  databaseConnection?: string;
  /** The original's file locations; kept so its designs round-trip, not used by Portico. */
  isCommonModel?: number;
  modelFile?: string;
  controllerFile?: string;
  validateFile?: string;
  webViewsDir?: string;
  generateRelativePath?: string;
}

/** `crud.Crud/generate`: `type` is how the design started ('create', 'db', 'log'). */
export interface CrudGenerateBody {
  type: string;
  table: CrudTable;
  fields: CrudField[];
}

/** A record's status, in the original's ENUM order. */
export const CRUD_LOG_STATUSES = ['delete', 'success', 'error', 'start'] as const;
export type CrudLogStatus = (typeof CRUD_LOG_STATUSES)[number];

export interface CrudLogRow {
  id: number;
  table_name: string;
  table: CrudTable;
  fields: CrudField[];
  status: CrudLogStatus;
  connection: string;
  create_time: number;
  /** Portico: the record's module can be downloaded as a package and published on the store. */
  package?: boolean;
}

/** `crud.Crud/generateCheck`'s code -1 data: what generating would overwrite. */
export interface CrudGenerateConflicts {
  table: boolean;
  controller: boolean;
}

/**
 * Table and field names: lower-case ASCII letters, digits and underscores, starting with a
 * letter. A table name is also the generated module's uid, hence at most 40 characters.
 */
export const CRUD_TABLE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const CRUD_FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * The title and options a comment holds: "Status:0=Disabled,1=Enabled" gives the title
 * "Status" and {0: 'Disabled', 1: 'Enabled'}; a comment without a colon is all title. An
 * option without '=' is its own label. Full-width colons and commas count too, as in the
 * original (Chinese input methods type them).
 */
export function parseDictionary(comment: string): { title: string; options: Record<string, string> } {
  const normalised = comment.replace(/：/g, ':').replace(/，/g, ',');
  const colon = normalised.indexOf(':');
  if (colon < 0) return { title: comment.trim(), options: {} };
  const options: Record<string, string> = {};
  for (const item of normalised.slice(colon + 1).split(',')) {
    const [key = '', ...label] = item.split('=');
    if (key.trim() === '') continue;
    options[key.trim()] = (label.length ? label.join('=') : key).trim();
  }
  return { title: normalised.slice(0, colon).trim(), options };
}

/** The menu rule name and controller of a generated table: 'test_build' → 'test/build', 'test.Build'. */
export function crudNames(table: string): { rule: string; controller: string; dirs: string[] } {
  const parts = table.split('_').filter(Boolean);
  const last = parts.pop() ?? table;
  const dirs = parts;
  return {
    rule: [...dirs, last].join('/'),
    controller: [...dirs, last.charAt(0).toUpperCase() + last.slice(1)].join('.'),
    dirs,
  };
}

type ColumnShape = Pick<
  CrudField,
  | 'type'
  | 'length'
  | 'precision'
  | 'default'
  | 'defaultType'
  | 'null'
  | 'primaryKey'
  | 'unsigned'
  | 'autoIncrement'
>;

/** Column shapes by kind: a new field starts from one (the original's defaults). */
const plain = { precision: 0, primaryKey: false, unsigned: false, autoIncrement: false } as const;
const varchar = (length: number): ColumnShape => ({
  ...plain,
  type: 'varchar',
  length,
  defaultType: 'EMPTY STRING',
  null: false,
});
const nullable = (type: ColumnType, length = 0): ColumnShape => ({
  ...plain,
  type,
  length,
  defaultType: 'NULL',
  null: true,
});
const unsignedInt = (type: ColumnType, length: number): ColumnShape => ({
  ...nullable(type, length),
  unsigned: true,
});

/** One palette item: where it sits, its id (its translation key) and the field it adds. */
export interface PaletteItem {
  group: 'common' | 'base' | 'senior';
  /** Unique in the palette; the web translates it (`crud.palette.<key>`). */
  key: string;
  field: CrudField;
}

function item(
  group: PaletteItem['group'],
  key: string,
  designType: DesignType,
  name: string,
  comment: string,
  column: ColumnShape,
  extra: Partial<CrudField> = {},
): PaletteItem {
  return {
    group,
    key,
    field: { name, designType, comment, ...column, table: {}, form: {}, ...extra },
  };
}

const OPTIONS = 'opt0=Option1,opt1=Option2';

/**
 * The designer's palette, in the original's groups and order, each with the original's
 * defaults. `table` and `form` start empty: `FIELD_DEFAULTS` fills them by design type.
 */
export const FIELD_PALETTE: readonly PaletteItem[] = [
  item(
    'common',
    'Primary key',
    'pk',
    'id',
    'ID',
    { ...unsignedInt('int', 10), null: false, defaultType: 'NONE', primaryKey: true, autoIncrement: true },
    { formBuildExclude: true },
  ),
  item('common', 'Status', 'switch', 'status', 'Status:0=Disabled,1=Enabled', {
    ...unsignedInt('tinyint', 1),
    null: false,
    default: '1',
    defaultType: 'INPUT',
  }),
  item('common', 'Remark', 'textarea', 'remark', 'Remark', varchar(255), { tableBuildExclude: true }),
  item('common', 'Weigh', 'weigh', 'weigh', 'Weigh', nullable('int', 10)),
  item('common', 'Update time', 'timestamp', 'update_time', 'Update time', unsignedInt('bigint', 16), {
    formBuildExclude: true,
  }),
  item('common', 'Create time', 'timestamp', 'create_time', 'Create time', unsignedInt('bigint', 16), {
    formBuildExclude: true,
  }),
  item('common', 'Remote select', 'remoteSelect', 'remote_select', 'Remote select', unsignedInt('int', 10), {
    tableBuildExclude: true,
  }),
  item('base', 'String', 'string', 'string', 'String', varchar(255)),
  item('base', 'Image', 'image', 'image', 'Image', varchar(255)),
  item('base', 'File', 'file', 'file', 'File', varchar(255), { tableBuildExclude: true }),
  item(
    'base',
    'Radio',
    'radio',
    'radio',
    `Radio:${OPTIONS}`,
    { ...nullable('enum'), null: false, default: 'opt0', defaultType: 'INPUT' },
    { dataType: "enum('opt0','opt1')" },
  ),
  item(
    'base',
    'Checkbox',
    'checkbox',
    'checkbox',
    `Checkbox:${OPTIONS}`,
    { ...nullable('set'), null: false, default: 'opt0,opt1', defaultType: 'INPUT' },
    { dataType: "set('opt0','opt1')" },
  ),
  item(
    'base',
    'Select',
    'select',
    'select',
    `Select:${OPTIONS}`,
    { ...nullable('enum'), null: false, default: 'opt0', defaultType: 'INPUT' },
    { dataType: "enum('opt0','opt1')" },
  ),
  item('base', 'Switch', 'switch', 'switch', 'Switch:0=Off,1=On', {
    ...unsignedInt('tinyint', 1),
    null: false,
    default: '1',
    defaultType: 'INPUT',
  }),
  item('base', 'Rich text', 'editor', 'editor', 'Rich text', nullable('text'), { tableBuildExclude: true }),
  item('base', 'Textarea', 'textarea', 'textarea', 'Textarea', varchar(255), { tableBuildExclude: true }),
  item('base', 'Number', 'number', 'number', 'Number', nullable('int', 10)),
  item('base', 'Float', 'float', 'float', 'Float', nullable('decimal', 5), { precision: 2 }),
  // 255, not the original's 32 (an md5): the generated resource stores an argon2id hash (~97).
  item('base', 'Password', 'password', 'password', 'Password', varchar(255), { tableBuildExclude: true }),
  item('base', 'Date', 'date', 'date', 'Date', nullable('date')),
  item('base', 'Time', 'time', 'time', 'Time', nullable('time')),
  item('base', 'Datetime', 'datetime', 'datetime', 'Datetime', nullable('datetime')),
  item('base', 'Year', 'year', 'year', 'Year', nullable('year', 4)),
  item('base', 'Timestamp', 'timestamp', 'timestamp', 'Datetime', unsignedInt('bigint', 16)),
  item('senior', 'Array', 'array', 'array', 'Array', varchar(255), { tableBuildExclude: true }),
  item('senior', 'City', 'city', 'city', 'City', varchar(100)),
  item('senior', 'Icon', 'icon', 'icon', 'Icon', varchar(50)),
  item('senior', 'Color', 'color', 'color', 'Color', varchar(50)),
  item('senior', 'Images', 'images', 'images', 'Images', varchar(1500)),
  item('senior', 'Files', 'files', 'files', 'Files', varchar(1500), { tableBuildExclude: true }),
  item('senior', 'Multi select', 'selects', 'selects', `Multi select:${OPTIONS}`, varchar(255)),
  item('senior', 'Multi remote select', 'remoteSelects', 'remote_select', 'Remote select', varchar(255), {
    tableBuildExclude: true,
  }),
];

const RANGE: CrudFieldTable = { operator: 'RANGE', sortable: 'custom' };
const NOT_SEARCHED: CrudFieldTable = { operator: 'false' };
const remote = (multi: boolean): CrudFieldForm => ({
  'select-multi': multi,
  'remote-table': '',
  'remote-pk': 'id',
  'remote-field': 'name',
  'relation-fields': '',
});

/**
 * The list column and form input a design type starts with (the original's per-type
 * defaults): a field added from the palette, or read from a table, gets these.
 */
export const FIELD_DEFAULTS: Record<DesignType, { table: CrudFieldTable; form: CrudFieldForm }> = {
  pk: { table: { ...RANGE, width: 70 }, form: {} },
  spk: { table: { ...RANGE, width: 180 }, form: {} },
  weigh: { table: RANGE, form: {} },
  timestamp: {
    table: { render: 'datetime', ...RANGE, width: 160, timeFormat: 'yyyy-mm-dd hh:MM:ss' },
    form: { validator: ['date'] },
  },
  string: { table: { render: 'none', operator: 'LIKE', sortable: 'false' }, form: {} },
  password: { table: NOT_SEARCHED, form: { validator: ['password'] } },
  number: {
    table: { render: 'none', ...RANGE, sortable: 'false' },
    form: { validator: ['number'], step: 1 },
  },
  float: { table: { render: 'none', ...RANGE, sortable: 'false' }, form: { validator: ['float'], step: 1 } },
  radio: { table: { render: 'tag', operator: 'eq', sortable: 'false' }, form: {} },
  checkbox: { table: { render: 'tags', operator: 'FIND_IN_SET', sortable: 'false' }, form: {} },
  switch: { table: { render: 'switch', operator: 'eq', sortable: 'false' }, form: {} },
  textarea: { table: NOT_SEARCHED, form: { rows: 3 } },
  array: { table: NOT_SEARCHED, form: {} },
  datetime: { table: { operator: 'eq', sortable: 'custom', width: 160 }, form: { validator: ['date'] } },
  year: { table: RANGE, form: { validator: ['date'] } },
  date: { table: { operator: 'eq', sortable: 'custom' }, form: { validator: ['date'] } },
  time: { table: { operator: 'eq', sortable: 'custom' }, form: {} },
  select: { table: { render: 'tag', operator: 'eq', sortable: 'false' }, form: { 'select-multi': false } },
  selects: {
    table: { render: 'tags', operator: 'FIND_IN_SET', sortable: 'false' },
    form: { 'select-multi': true },
  },
  remoteSelect: { table: { operator: 'LIKE' }, form: remote(false) },
  remoteSelects: { table: { operator: 'LIKE' }, form: remote(true) },
  editor: { table: NOT_SEARCHED, form: { validator: ['editorRequired'] } },
  city: { table: NOT_SEARCHED, form: {} },
  image: { table: { render: 'image', operator: 'false' }, form: { 'image-multi': false } },
  images: { table: { render: 'images', operator: 'false' }, form: { 'image-multi': true } },
  file: { table: { render: 'none', operator: 'false' }, form: { 'file-multi': false } },
  files: { table: { render: 'none', operator: 'false' }, form: { 'file-multi': true } },
  icon: { table: { render: 'icon', operator: 'false' }, form: {} },
  color: { table: { render: 'color', operator: 'false' }, form: {} },
};

/** A new field from a palette item, with its design type's defaults filled in. */
export function paletteField(item: PaletteItem): CrudField {
  const defaults = FIELD_DEFAULTS[item.field.designType];
  return {
    ...item.field,
    table: { ...defaults.table, ...item.field.table },
    form: { ...defaults.form, ...item.field.form },
  };
}
