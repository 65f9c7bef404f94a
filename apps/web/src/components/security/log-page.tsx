/**
 * A security log screen: the list with refresh, delete and the undo button (restore or
 * rollback) in the header, Info / undo / delete per row, double-click for the info dialog.
 * The two logs differ only in their columns, info fields and undo action.
 */
import { useCallback, useState } from 'react';
import { ListPage } from '../table/list-page';
import type { Column, Row } from '../table/types';
import { type InfoItem, LogInfo } from './log-info';
import { LogRowButtons, type UndoAction, UndoHeaderButton } from './undo-buttons';

export interface SecurityLogSpec {
  undo: UndoAction;
  /** Whether a row was already restored or rolled back. */
  undone(row: Row): boolean;
  quickSearchFields: string;
  columns: Column[];
  info: InfoItem[];
}

export function SecurityLogPage({ spec }: { spec: SecurityLogSpec }) {
  const [info, setInfo] = useState<number | null>(null);
  const close = useCallback(() => setInfo(null), []);
  const { undo } = spec;
  return (
    <>
      <ListPage
        spec={{
          api: undo.api,
          quickSearchFields: spec.quickSearchFields,
          headerButtons: ['refresh', 'delete', 'comSearch', 'quickSearch', 'columnDisplay'],
          rowButtons: ['delete'],
          columns: spec.columns,
          onDblClick: (row) => setInfo(row.id),
          extraRowButtonCount: 2,
          headerExtra: (selected, done) => <UndoHeaderButton spec={undo} selected={selected} done={done} />,
          extraRowButtons: (row, refresh) => (
            <LogRowButtons
              spec={undo}
              id={row.id}
              undone={spec.undone(row)}
              onInfo={() => setInfo(row.id)}
              done={refresh}
            />
          ),
        }}
      />
      {info !== null && <LogInfo api={undo.api} id={info} items={spec.info} onClose={close} />}
    </>
  );
}
