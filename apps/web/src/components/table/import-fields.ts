/** The import dialog's choices: what each field is called, and what a mapping leaves undone. */
import type { ImportField, ImportMapping } from '@portico/shared';
import type { ListSpec, Row } from './types';

type Translate = (key: string) => string;

/** A field's name as the screen calls it: its column's label, the list's own label for it, or itself. */
export function fieldLabel<R extends Row>(spec: ListSpec<R>, name: string, t: Translate): string {
  const key = spec.columns.find((column) => column.prop === name)?.label ?? spec.importLabels?.[name];
  return key ? t(key) : name;
}

/** Required fields no column fills. */
export function missingRequired(fields: ImportField[], mapping: ImportMapping): ImportField[] {
  const chosen = new Set(mapping.filter((name): name is string => name !== null));
  return fields.filter((field) => field.required && !chosen.has(field.name));
}
