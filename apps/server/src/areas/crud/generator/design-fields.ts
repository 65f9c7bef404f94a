/**
 * What the emitters ask of a checked design: its key, the fields of its list and its form,
 * titles and options from the comments, and the generated names (constants, types, lang keys).
 */
import { AdminController } from '@portico/shared';
import { type CrudField, crudNames, parseDictionary } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import { columnOptions, isIntegerColumn } from './column-types.js';
import { pascal } from './source-text.js';

export function primaryKey(design: CheckedDesign): CrudField {
  const pk = design.fields.find((field) => field.primaryKey);
  if (!pk) throw new Error('checkDesign lets no design without a primary key through');
  return pk;
}

/** Stored and never shown: a password is written, not listed nor loaded into the form. */
export function isSecret(field: CrudField): boolean {
  return field.designType === 'password';
}

/** A column a B-tree index may hold: not a long text (MySQL's keys stop at 3,072 bytes). */
export function indexable(field: CrudField): boolean {
  return (
    !['text', 'mediumtext', 'longtext'].includes(field.type) &&
    !(field.type === 'varchar' && field.length > 768)
  );
}

/**
 * The columns of the table's substring search index (the SDK's searchIndex, read by the list
 * engine): its quick-search fields that hold short text. A number field among them (the
 * original's default quick search on `id`) is searched beside the index, only for a text of
 * digits (crud/quick-fields.ts); another field that is not short text (a long text, a decimal)
 * leaves the quick search to LIKE, though LIKE filters on the indexed columns still read the
 * index. None when the key is not an integer: the index's row ids are the key.
 */
export function searchColumns(design: CheckedDesign): string[] {
  if (!isIntegerColumn(primaryKey(design))) return [];
  const quick = new Set(design.table.quickSearchField);
  return design.fields
    .filter((field) => quick.has(field.name) && !field.primaryKey && !isSecret(field))
    .filter((field) => ['varchar', 'char'].includes(field.type) && indexable(field))
    .map((field) => field.name);
}

/** Set by the server on add and edit, not by the form. */
export function isAutoTime(field: CrudField): 'create' | 'update' | null {
  if (field.designType !== 'timestamp') return null;
  if (field.name === 'create_time') return 'create';
  if (field.name === 'update_time') return 'update';
  return null;
}

/**
 * The list's columns: the design's list, else every field not excluded from it; in the order of
 * the design's fields, as the original's, so moving a field in the designer moves its column.
 */
export function columnFields(design: CheckedDesign): CrudField[] {
  const named = design.table.columnFields;
  const fields = named.length
    ? design.fields.filter((field) => named.includes(field.name))
    : design.fields.filter((field) => !field.tableBuildExclude);
  return fields.filter((field) => !isSecret(field));
}

/**
 * The form's inputs: the design's list, else every field not excluded; never the key or auto
 * times. In the order of the design's fields, as the columns.
 */
export function formFields(design: CheckedDesign): CrudField[] {
  const named = design.table.formFields;
  const fields = named.length
    ? design.fields.filter((field) => named.includes(field.name))
    : design.fields.filter((field) => !field.formBuildExclude);
  return fields.filter((field) => !field.primaryKey && !isAutoTime(field));
}

/** The field's label: its comment's title, else its name. */
export function titleOf(field: CrudField): string {
  return parseDictionary(field.comment).title || field.name;
}

/** The options of a field as [value, label], from its column's list or its comment. */
export function optionsOf(field: CrudField): [string, string][] {
  const labels = parseDictionary(field.comment).options;
  const values = field.type === 'enum' || field.type === 'set' ? columnOptions(field) : Object.keys(labels);
  return values.map((value) => [value, labels[value] ?? value]);
}

export function hasOptions(field: CrudField): boolean {
  return (
    ['radio', 'checkbox', 'select', 'selects', 'switch'].includes(field.designType) &&
    optionsOf(field).length > 0
  );
}

/** Generated identifiers of a table: `test_build` → TestBuild, TEST_BUILD, testBuild. */
export function namesOf(design: CheckedDesign) {
  const table = design.table.name;
  const type = pascal(table);
  return {
    table,
    ...crudNames(table),
    type,
    constant: table.toUpperCase(),
    camel: type.charAt(0).toLowerCase() + type.slice(1),
    /**
     * The component path the menu rule and the web entry share, in the original's form (`.vue`,
     * as the original's generator stores it): the original's client opens only those.
     */
    component: `/src/views/backend/${crudNames(table).rule}/index.vue`,
  };
}

/** The lang key of a field's label and of one of its options (by position: values may hold dots). */
export function labelKey(table: string, field: CrudField): string {
  return `${table}.${field.name}`;
}

export function optionKey(table: string, field: CrudField, index: number): string {
  return `${table}.${field.name} ${index}`;
}

/** The table's title: its comment, else its name. */
export function tableTitle(design: CheckedDesign): string {
  return design.table.comment.trim() || design.table.name;
}

/** The length of a menu rule's title column (admin_rule.title). */
export const RULE_TITLE_LENGTH = 50;
/** The longest title module.json may hold (the installer's check, packages/shared/src/module.ts). */
export const MODULE_TITLE_LENGTH = 100;

/**
 * The table's title cut to `max` characters (code points, as MariaDB and PostgreSQL count a
 * varchar's length): where it is stored in a column shorter than a comment may be, e.g. a
 * menu rule's title (50) or module.json's title (100). A longer one made the restart after
 * the install fail on those databases, enabling the module's rules.
 */
export function shortTableTitle(design: CheckedDesign, max: number): string {
  return Array.from(tableTitle(design)).slice(0, max).join('').trim();
}

/** The core's tables a remote select may name, by the controllers that list them. */
const CORE_CONTROLLERS: Record<string, string> = {
  admin: AdminController.admin,
  admin_group: AdminController.adminGroup,
  admin_rule: AdminController.adminRule,
  admin_log: AdminController.adminLog,
  attachment: AdminController.attachment,
  user: AdminController.member,
  user_group: AdminController.memberGroup,
  user_rule: AdminController.memberRule,
  user_money_log: AdminController.moneyLog,
  user_score_log: AdminController.scoreLog,
  content: AdminController.content,
};

/** The controller whose list a remote select reads: the core's for its tables, else a generated one's. */
export function remoteController(table: string): string {
  return CORE_CONTROLLERS[table] ?? crudNames(table).controller;
}
