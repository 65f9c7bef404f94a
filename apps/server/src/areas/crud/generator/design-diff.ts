/**
 * What a regeneration does to the stored table: the design's `designChange` entries marked to
 * sync (the designer's checkbox; unmarked changes touch only the code), read against the
 * previous design. Column order changes are not applied: order is cosmetic and MySQL alone
 * could move a column without rebuilding the table.
 */
import type { CrudField } from '@portico/shared/crud-design';
import type { CheckedDesign } from './check-design.js';

export type ColumnChange =
  | { kind: 'add'; field: CrudField }
  | { kind: 'drop'; name: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'change'; field: CrudField; before: CrudField };

export function columnChanges(design: CheckedDesign, previous: CheckedDesign): ColumnChange[] {
  const before = new Map(previous.fields.map((field) => [field.name, field]));
  const after = new Map(design.fields.map((field) => [field.name, field]));
  const changes: ColumnChange[] = [];
  for (const change of design.table.designChange) {
    if (change.sync === false) continue;
    const added = after.get(change.newName);
    const old = before.get(change.oldName);
    if (change.type === 'add-field' && added && !before.has(added.name)) {
      changes.push({ kind: 'add', field: added });
      before.set(added.name, added);
    } else if (change.type === 'del-field' && old && !after.has(old.name)) {
      changes.push({ kind: 'drop', name: old.name });
      before.delete(old.name);
    } else if (change.type === 'change-field-name' && old && change.newName && !before.has(change.newName)) {
      changes.push({ kind: 'rename', from: old.name, to: change.newName });
      before.delete(old.name);
      before.set(change.newName, { ...old, name: change.newName });
    } else if (change.type === 'change-field-attr') {
      const stored = before.get(change.newName) ?? old;
      if (added && stored && columnDiffers(stored, added)) {
        changes.push({ kind: 'change', field: added, before: stored });
        before.set(added.name, added);
      }
    }
  }
  return changes;
}

/** The columns a generation would drop (the endpoint asks to confirm each with its row count). */
export function dropsOf(design: CheckedDesign, previous: CheckedDesign | null): string[] {
  if (!previous) return [];
  return columnChanges(design, previous).flatMap((change) => (change.kind === 'drop' ? [change.name] : []));
}

const COLUMN_KEYS = [
  'type',
  'dataType',
  'length',
  'precision',
  'default',
  'defaultType',
  'null',
  'unsigned',
] as const;

function columnDiffers(a: CrudField, b: CrudField): boolean {
  return COLUMN_KEYS.some((key) => (a[key] ?? '') !== (b[key] ?? ''));
}
