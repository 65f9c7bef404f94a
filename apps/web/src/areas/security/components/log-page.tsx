/**
 * A security log screen: the list with refresh, delete and the undo button (restore or
 * rollback) in the header, Info / undo / delete per row, double-click for the info dialog.
 * The two logs differ only in their columns, info fields and undo action.
 */
import type { RecycleLogRow, SensitiveLogRow } from '@portico/shared';
import { type Column, ListPage } from '@portico/web-sdk/list';
import { useCallback, useState } from 'react';
import { type InfoItem, LogInfo, undoneTag } from './log-info';
import { LogRowButtons, type UndoAction, UndoHeaderButton } from './undo-buttons';

/** An entry of either log. */
type LogRow = RecycleLogRow | SensitiveLogRow;

export interface SecurityLogSpec<R extends LogRow = LogRow> {
  undo: UndoAction;
  /** Alias of the joined rule (`recycle.name`, `sensitive.name`) and its column's title. */
  rule: 'recycle' | 'sensitive';
  ruleLabel: string;
  /** Title of the time the entry was written. */
  timeLabel: string;
  /** The log's own columns, shown between the shared ones. */
  columns: Column<R>[];
  info: InfoItem[];
}

/** The columns both logs share, around the log's own. */
function logColumns<R extends LogRow>(spec: SecurityLogSpec<R>): Column<R>[] {
  const { undo, rule } = spec;
  return [
    { prop: 'id', label: 'Id', width: 70 },
    {
      prop: 'admin_nickname',
      searchField: 'admin.nickname',
      label: 'security.Operation administrator',
      operator: 'LIKE',
    },
    { prop: 'rule_name', searchField: `${rule}.name`, label: spec.ruleLabel, operator: 'LIKE' },
    {
      prop: 'controller_as',
      searchField: `${rule}.controller_as`,
      label: 'security.Controller',
      operator: 'LIKE',
    },
    { prop: 'connection', label: 'security.Connection', operator: 'LIKE', hidden: true },
    { prop: 'data_table', label: 'security.Data table', operator: 'LIKE' },
    ...spec.columns,
    {
      // The undo action names its own log's flag (is_restore, is_rollback): a field of R.
      prop: undo.flag as keyof R & string,
      label: undo.label,
      render: undoneTag(undo),
      replaceValue: { '0': undo.status.no, '1': undo.status.yes },
      comSearchRender: 'select',
    },
    { prop: 'ip', label: 'IP', render: 'tag', operator: 'LIKE' },
    { prop: 'useragent', label: 'User Agent', operator: 'LIKE', hidden: true },
    { prop: 'create_time', label: spec.timeLabel, render: 'datetime', sortable: true, operator: 'RANGE' },
  ];
}

export function SecurityLogPage<R extends LogRow>({ spec }: { spec: SecurityLogSpec<R> }) {
  const [info, setInfo] = useState<number | null>(null);
  const close = useCallback(() => setInfo(null), []);
  const { undo } = spec;
  return (
    <>
      <ListPage
        spec={{
          api: undo.api,
          quickSearchFields: spec.ruleLabel,
          headerButtons: ['refresh', 'delete', 'comSearch', 'export', 'quickSearch', 'columnDisplay'],
          rowButtons: ['delete'],
          columns: logColumns(spec),
          onDblClick: (row) => setInfo(row.id),
          extraRowButtonCount: 2,
          headerExtra: (selected, done) => <UndoHeaderButton spec={undo} selected={selected} done={done} />,
          extraRowButtons: (row, refresh) => (
            <LogRowButtons
              spec={undo}
              id={row.id}
              undone={row[undo.flag as keyof R] === 1}
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
