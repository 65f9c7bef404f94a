/**
 * Weigh sorting by dragging a row's handle (@dnd-kit). A row may only move among its
 * siblings (same `pid`); any other drop is refused with a message and the table reloads.
 */

import { DragOutlined } from '@ant-design/icons';
import { DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, notification, Tooltip } from 'antd';
import { createContext, type HTMLAttributes, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from './types';

type Handle = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners'>;
const HandleContext = createContext<Partial<Handle>>({});

export function DragHandle() {
  const { t } = useTranslation();
  const { setActivatorNodeRef, listeners } = useContext(HandleContext);
  return (
    <Tooltip title={t('Drag sort')}>
      <Button
        size="small"
        className="ba-drag-handle"
        ref={setActivatorNodeRef}
        {...listeners}
        icon={<DragOutlined />}
        aria-label={t('Drag sort')}
      />
    </Tooltip>
  );
}

/** The table's row element while drag sorting is on. */
export function SortableRow(
  props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number },
) {
  const key = props['data-row-key'];
  // dnd-kit's `attributes` (role=button, tabindex, keyboard instructions) are left off the
  // row: a focusable row around the row's own buttons is a nested control to screen readers,
  // and sorting is by pointer only. The handle is the row's named, focusable drag control.
  const { listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: key ?? '',
    disabled: key === undefined,
  });
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative' as const, zIndex: 10, opacity: 0.8 } : {}),
  };
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners }), [setActivatorNodeRef, listeners]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/** Rows in display order, children after their parent. */
export function flattenRows<R extends Row>(rows: R[]): R[] {
  return rows.flatMap((row) => [row, ...flattenRows((row.children as R[] | undefined) ?? [])]);
}

export function DragSort<R extends Row>({
  rows,
  pk,
  onSort,
  onRefused,
  children,
}: {
  rows: R[];
  pk: string;
  onSort(id: unknown, targetId: unknown): void;
  onRefused(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // A few pixels of travel first, so clicks on the handle stay clicks.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const flat = useMemo(() => flattenRows(rows), [rows]);
  const keys = flat.map((row) => String(row[pk]));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = flat.find((row) => String(row[pk]) === String(active.id));
    const target = flat.find((row) => String(row[pk]) === String(over.id));
    if (!moved || !target) return;
    if ((moved.pid ?? 0) !== (target.pid ?? 0)) {
      notification.error({ title: t('utils.The moving position is beyond the movable range!') });
      onRefused();
      return;
    }
    onSort(moved[pk], target[pk]);
  };

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
