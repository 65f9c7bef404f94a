/** The import dialog's choices: what each field is called, what a mapping leaves undone, what fills it. */
import type { ImportField, ImportLabels, ImportMapping, ImportValues } from '@portico/shared';
import type { Column, ListSpec, Row } from './types';

type Translate = (key: string) => string;

/** A field's name as the screen calls it: its column's label, the list's own label for it, or itself. */
export function fieldLabel<R extends Row>(spec: ListSpec<R>, name: string, t: Translate): string {
  const key = spec.columns.find((column) => column.prop === name)?.label ?? spec.importLabels?.[name];
  return key ? t(key) : name;
}

/**
 * The server's guess (a column titled with a field's name) completed from the screen's labels:
 * a column titled as the screen labels a field (an export's own header) fills it. `labels`
 * gives a field's label in each language, so a file exported in Chinese imports in English.
 */
export function guessMapping(
  columns: string[],
  guessed: ImportMapping,
  fields: ImportField[],
  labels: (name: string) => string[],
): ImportMapping {
  const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const taken = new Set(guessed.filter((name): name is string => name !== null));
  return columns.map((title, i) => {
    const known = guessed[i] ?? null;
    if (known !== null) return known;
    const field = fields.find(
      (f) => !taken.has(f.name) && labels(f.name).some((label) => squash(label) === squash(title)),
    );
    if (!field) return null;
    taken.add(field.name);
    return field.name;
  });
}

/** Required fields no column fills: each needs a value for every row instead. */
export function unmappedRequired(fields: ImportField[], mapping: ImportMapping): ImportField[] {
  const chosen = new Set(mapping.filter((name): name is string => name !== null));
  return fields.filter((field) => field.required && !chosen.has(field.name));
}

/**
 * What is sent as the value for every row: the values typed or chosen for `unmapped` fields,
 * not blank ones nor ones left over from a field a column now fills (the server refuses those).
 */
export function sharedValues(values: ImportValues, unmapped: ImportField[]): ImportValues {
  return Object.fromEntries(
    unmapped.flatMap((field) => {
      const value = values[field.name]?.trim() ?? '';
      return value === '' ? [] : [[field.name, value]];
    }),
  );
}

/**
 * The labels the list shows for the form's coded fields (a gender's "Male" for 1), in the
 * interface's language: the server reads a cell written as the list shows it back to its code,
 * so a file exported from the list imports as it was.
 */
export function importLabels<R extends Row>(
  columns: Column<R>[],
  fields: ImportField[],
  t: Translate,
): ImportLabels {
  const names = new Set(fields.map((field) => field.name));
  return Object.fromEntries(
    columns.flatMap((column) =>
      column.replaceValue && names.has(column.prop)
        ? [
            [
              column.prop,
              Object.entries(column.replaceValue).map(([value, label]) => ({ value, label: t(label) })),
            ],
          ]
        : [],
    ),
  );
}
