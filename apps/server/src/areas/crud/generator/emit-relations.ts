/**
 * A generated list's relation columns (the original's `relationFields`): a single remote select
 * with fields to show joins its remote table, so the list shows and filters on the
 * related row's fields (`member.nickname`, as the original's rows nest them) instead of a bare
 * id. A multi remote select's comma-separated ids fit no join: its remote rows are read for the
 * whole page in one query per field (as the original's model `with` reads them), and each row
 * gets their shown fields as lists (`editor.nickname: ['Alice', 'Bob']`). Every name here
 * passed the design check's patterns (check-design.ts `checkRemote`) and reaches code only as
 * a string literal.
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
  /** A multi remote select: read by `present`, not joined. */
  multi: boolean;
}

export function relationsOf(design: CheckedDesign): Relation[] {
  const taken = new Set([design.table.name, ...design.fields.map((field) => field.name)]);
  return design.fields.flatMap((field) => {
    const shown = (field.form['relation-fields'] ?? '').split(',').filter(Boolean);
    const table = field.form['remote-table'] ?? '';
    const multi = field.designType === 'remoteSelects';
    if ((field.designType !== 'remoteSelect' && !multi) || shown.length === 0 || !table) return [];
    let alias = field.name.replace(multi ? /_ids$/ : /_id$/, '') || field.name;
    // The alias names a joined table and a key of the row: neither may clash.
    if (taken.has(alias) || alias === table) alias = `${field.name}_rel`;
    taken.add(alias);
    return [{ field, alias, table, pk: field.form['remote-pk'] || 'id', shown, multi }];
  });
}

const joined = (relations: Relation[]) => relations.filter((r) => !r.multi);

/** The column the list selects a shown field as, flat (`member__nickname`), before `present` nests it. */
const flatName = (relation: Relation, shown: string) => `${relation.alias}__${shown}`;

/** The joins after `selectFrom(table)`. */
export function relationJoins(table: string, relations: Relation[]): string {
  return joined(relations)
    .map(
      (r) =>
        `.leftJoin(${literal(`${r.table} as ${r.alias}`)}, ${literal(`${r.alias}.${r.pk}`)}, ${literal(`${table}.${r.field.name}`)})`,
    )
    .join('');
}

/** The selected shown fields. */
export function relationSelects(relations: Relation[]): string[] {
  return joined(relations).flatMap((r) =>
    r.shown.map((shown) => literal(`${r.alias}.${shown} as ${flatName(r, shown)}`)),
  );
}

/** The list spec's fields: searchable (LIKE) as `member.nickname`. */
export function relationListFields(relations: Relation[]): string[] {
  return joined(relations).flatMap((r) =>
    r.shown.map(
      (shown) =>
        `        ${literal(`${r.alias}.${shown}`)}: { column: ${literal(`${r.alias}.${shown}`)}, type: 'string' },`,
    ),
  );
}

/** The resource's `present`: each row's shown fields nested under the alias (null without a match). */
export function relationPresent(relations: Relation[]): string {
  if (relations.length === 0) return '';
  const multi = relations.filter((r) => r.multi);
  // One query per multi remote select, for the ids of every row of the page. The ids are the
  // stored text: the remote key's type is not known here (sql.ref takes any), and each
  // database compares a text with its key.
  const reads = multi.map(
    (r, i) =>
      `      const found${i} = await remoteRows(rows, ${literal(r.field.name)}, ${literal(r.pk)}, (ids) =>
        kysely.selectFrom(${literal(r.table)}).select([${[r.pk, ...r.shown].map(literal).join(', ')}]).where(sql.ref(${literal(r.pk)}), 'in', ids).execute(),
      );`,
  );
  const nests = relations.map((r) => {
    if (r.multi) {
      const i = multi.indexOf(r);
      return `${key(r.alias)}: shownOf(row.${r.field.name}, found${i}, [${r.shown.map(literal).join(', ')}])`;
    }
    // Checked names: lower-case letters, digits and underscores, so plain property names.
    const flat = r.shown.map((shown) => `row.${flatName(r, shown)}`);
    const object = r.shown.map((shown, i) => `${key(shown)}: ${flat[i]}`).join(', ');
    return `${key(r.alias)}: ${flat.map((f) => `${f} == null`).join(' && ')} ? null : { ${object} }`;
  });
  const mapped = `rows.map((row) => ({ ...row, ${nests.join(', ')} }))`;
  if (multi.length === 0) return `    present: async (rows) => ${mapped},\n`;
  return `    present: async (rows) => {\n${reads.join('\n')}\n      return ${mapped};\n    },\n`;
}

/** Whether the resource reads a multi remote select's rows (its `present` then needs `sql`). */
export const readsMultiRelations = (relations: Relation[]) => relations.some((r) => r.multi);

/** The helpers a multi remote select's `present` uses, emitted into the resource beside it. */
export function multiRelationHelpers(relations: Relation[]): string {
  if (!readsMultiRelations(relations)) return '';
  return `
/** The ids a multi remote select stores, comma-separated. */
const idsOf = (v: unknown): string[] => (v === null || v === undefined ? [] : String(v).split(',').filter(Boolean));

/** The remote rows of every listed row's ids, by key, read in one query. */
async function remoteRows(
  rows: Record<string, unknown>[],
  field: string,
  pk: string,
  read: (ids: string[]) => Promise<Record<string, unknown>[]>,
): Promise<Map<string, Record<string, unknown>>> {
  const ids = [...new Set(rows.flatMap((row) => idsOf(row[field])))];
  const found = ids.length ? await read(ids) : [];
  return new Map(found.map((remote) => [String(remote[pk]), remote]));
}

/** A row's remote rows' shown fields, each a list in the stored ids' order; an id with no row is left out. */
function shownOf(v: unknown, found: Map<string, Record<string, unknown>>, shown: string[]) {
  const remotes = idsOf(v).flatMap((id) => {
    const remote = found.get(id);
    return remote ? [remote] : [];
  });
  return Object.fromEntries(shown.map((name) => [name, remotes.map((remote) => remote[name])]));
}
`;
}

/**
 * The row schema's entries of the nested shown fields: declared, so the export takes their
 * columns (it writes only columns of the declared row) and the answers are checked. Optional:
 * the edit form's row (loadRow) has none.
 */
export function relationRowFields(relations: Relation[]): string[] {
  return relations.map((r) => {
    const shown = r.shown.map((name) => `${key(name)}: ${r.multi ? 'z.array(z.unknown())' : 'z.unknown()'}`);
    return `  ${key(r.alias)}: z.object({ ${shown.join(', ')} })${r.multi ? '' : '.nullable()'}.optional(),`;
  });
}

/** The web list's columns of the shown fields, labelled by the lang entries below. */
export function relationColumns(table: string, relations: Relation[]): string[] {
  return relations.flatMap((r) =>
    r.shown.map((shown) => {
      const prop = `prop: ${literal(`${r.alias}.${shown}`)}, label: ${literal(`${table}.${flatName(r, shown)}`)}`;
      // A multi remote select's lists show as tags; not joined, so not searched.
      return r.multi
        ? `      { ${prop}, render: 'tags', operator: false },`
        : `      { ${prop}, operator: 'LIKE' },`;
    }),
  );
}

/** The lang entries of those columns: the field's title and the shown field's name. */
export function relationLang(relations: Relation[]): [string, string][] {
  return relations.flatMap((r) =>
    r.shown.map((shown): [string, string] => [flatName(r, shown), `${titleOf(r.field)} ${shown}`]),
  );
}
