/**
 * A generated list's relation columns (the original's `relationFields`): a single remote select
 * with fields to show joins its remote table, so the list shows and filters on the
 * related row's fields (`member.nickname`, as the original's rows nest them) instead of a bare
 * id. Every name here passed the design check's patterns (check-design.ts `checkRemote`) and
 * reaches code only as a string literal.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';
import { titleOf } from './design-fields.js';
import { key, literal } from './source-text.js';

export interface Relation {
  field: CrudField;
  /** How the joined table and the row's nested object are named: `member_id` → `member`. */
  alias: string;
  table: string;
  pk: string;
  shown: string[];
}

export function relationsOf(design: CheckedDesign): Relation[] {
  const taken = new Set([design.table.name, ...design.fields.map((field) => field.name)]);
  return design.fields.flatMap((field) => {
    const shown = (field.form['relation-fields'] ?? '').split(',').filter(Boolean);
    const table = field.form['remote-table'] ?? '';
    if (field.designType !== 'remoteSelect' || shown.length === 0 || !table) return [];
    let alias = field.name.replace(/_id$/, '') || field.name;
    // The alias names a joined table and a key of the row: neither may clash.
    if (taken.has(alias) || alias === table) alias = `${field.name}_rel`;
    taken.add(alias);
    return [{ field, alias, table, pk: field.form['remote-pk'] || 'id', shown }];
  });
}

/** The column the list selects a shown field as, flat (`member__nickname`), before `present` nests it. */
const flatName = (relation: Relation, shown: string) => `${relation.alias}__${shown}`;

/** The joins after `selectFrom(table)`. */
export function relationJoins(table: string, relations: Relation[]): string {
  return relations
    .map(
      (r) =>
        `.leftJoin(${literal(`${r.table} as ${r.alias}`)}, ${literal(`${r.alias}.${r.pk}`)}, ${literal(`${table}.${r.field.name}`)})`,
    )
    .join('');
}

/** The selected shown fields. */
export function relationSelects(relations: Relation[]): string[] {
  return relations.flatMap((r) =>
    r.shown.map((shown) => literal(`${r.alias}.${shown} as ${flatName(r, shown)}`)),
  );
}

/** The list spec's fields: searchable (LIKE) as `member.nickname`. */
export function relationListFields(relations: Relation[]): string[] {
  return relations.flatMap((r) =>
    r.shown.map(
      (shown) =>
        `        ${literal(`${r.alias}.${shown}`)}: { column: ${literal(`${r.alias}.${shown}`)}, type: 'string' },`,
    ),
  );
}

/** The resource's `present`: each row's shown fields nested under the alias (null without a match). */
export function relationPresent(relations: Relation[]): string {
  if (relations.length === 0) return '';
  const nests = relations.map((r) => {
    // Checked names: lower-case letters, digits and underscores, so plain property names.
    const flat = r.shown.map((shown) => `row.${flatName(r, shown)}`);
    const object = r.shown.map((shown, i) => `${key(shown)}: ${flat[i]}`).join(', ');
    return `${key(r.alias)}: ${flat.map((f) => `${f} == null`).join(' && ')} ? null : { ${object} }`;
  });
  return `    present: async (rows) => rows.map((row) => ({ ...row, ${nests.join(', ')} })),\n`;
}

/** The web list's columns of the shown fields, labelled by the lang entries below. */
export function relationColumns(table: string, relations: Relation[]): string[] {
  return relations.flatMap((r) =>
    r.shown.map(
      (shown) =>
        `      { prop: ${literal(`${r.alias}.${shown}`)}, label: ${literal(`${table}.${flatName(r, shown)}`)}, operator: 'LIKE' },`,
    ),
  );
}

/** The lang entries of those columns: the field's title and the shown field's name. */
export function relationLang(relations: Relation[]): [string, string][] {
  return relations.flatMap((r) =>
    r.shown.map((shown): [string, string] => [flatName(r, shown), `${titleOf(r.field)} ${shown}`]),
  );
}
