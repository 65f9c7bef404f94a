/**
 * What is being dragged in the designer: a palette item (added where it is dropped) or a
 * canvas field (moved there). Native HTML5 drag and drop; the source is kept here rather than
 * read back from `dataTransfer`, which browsers hide until the drop. Touch screens have no
 * HTML5 drag: the palette's click and the canvas's move buttons do the same there.
 */
export type DragSource = { kind: 'palette'; key: string } | { kind: 'field'; index: number };

export interface DragRef {
  current: DragSource | null;
}

/** Starts a drag; Firefox starts none without some data set. */
export function startDrag(ref: DragRef, source: DragSource, event: React.DragEvent): void {
  ref.current = source;
  event.dataTransfer?.setData('text/plain', source.kind === 'palette' ? source.key : String(source.index));
  if (event.dataTransfer) event.dataTransfer.effectAllowed = source.kind === 'palette' ? 'copy' : 'move';
}
