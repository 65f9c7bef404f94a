/**
 * The pending changes of a design started from an existing table (`table.designChange`): what
 * generating must do to the stored table. Consecutive edits of one field fold into one entry,
 * as the original records them, so the "Table design change" dialog lists what differs from
 * the table, not every keystroke: a field added then renamed is one addition, a rename undone is
 * no change, a field added then deleted leaves nothing.
 */
import type { TableDesignChange } from '@portico/shared/crud-design';

/** The change list with `change` folded in (a new array; entries are replaced, never mutated). */
export function recordChange(changes: TableDesignChange[], change: TableDesignChange): TableDesignChange[] {
  const next = { ...change, sync: true };
  switch (change.type) {
    case 'change-field-name':
      return rename(changes, next);
    case 'del-field':
      return remove(changes, next);
    case 'change-field-attr':
      // Once per field; a field added in this design is created with its attributes anyway.
      return changes.some(
        (c) =>
          (c.type === 'change-field-attr' && c.oldName === change.oldName) ||
          (c.type === 'add-field' && c.newName === change.oldName),
      )
        ? changes
        : [...changes, next];
    case 'change-field-order': {
      // A field this design adds is created in place; a field moved twice has its last place.
      const added = changes.find((c) => c.type === 'add-field' && c.newName === change.oldName);
      if (added) return changes.map((c) => (c === added ? { ...c, after: change.after } : c));
      const moved = changes.find((c) => c.type === 'change-field-order' && c.oldName === change.oldName);
      return moved ? changes.map((c) => (c === moved ? next : c)) : [...changes, next];
    }
    default:
      return [...changes, next];
  }
}

function rename(changes: TableDesignChange[], change: TableDesignChange): TableDesignChange[] {
  const { oldName, newName } = change;
  // Later records of the field follow its new name.
  const followed = changes.map((c) => ({
    ...c,
    ...((c.type === 'change-field-attr' || c.type === 'change-field-order') && c.oldName === oldName
      ? { oldName: newName }
      : {}),
    ...(c.after === oldName ? { after: newName } : {}),
  }));
  // A field this design adds is created under its last name.
  const added = followed.find((c) => c.type === 'add-field' && c.newName === oldName);
  if (added) return followed.map((c) => (c === added ? { ...c, newName } : c));
  const renamed = followed.find((c) => c.type === 'change-field-name' && c.newName === oldName);
  if (!renamed) return [...followed, change];
  // Renamed back to what the table has: nothing to do.
  if (renamed.oldName === newName) return followed.filter((c) => c !== renamed);
  return followed.map((c) => (c === renamed ? { ...change, oldName: renamed.oldName } : c));
}

function remove(changes: TableDesignChange[], change: TableDesignChange): TableDesignChange[] {
  let oldName = change.oldName;
  let wasAdded = false;
  const kept = changes.filter((c) => {
    if (c.type === 'add-field' && c.newName === change.oldName) wasAdded = true;
    if (c.type === 'change-field-name' && c.newName === change.oldName) oldName = c.oldName;
    const ofField =
      (c.type === 'add-field' || c.type === 'change-field-name') && c.newName === change.oldName;
    const recorded =
      (c.type === 'change-field-attr' || c.type === 'change-field-order') && c.oldName === change.oldName;
    return !ofField && !recorded;
  });
  // A field this design added never reached the table; a column is dropped once.
  if (wasAdded || kept.some((c) => c.type === 'del-field' && c.oldName === oldName)) return kept;
  return [...kept, { ...change, oldName }];
}
