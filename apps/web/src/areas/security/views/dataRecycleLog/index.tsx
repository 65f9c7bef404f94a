/**
 * security/dataRecycleLog: rows deleted through monitored controllers (as in the original).
 * Restore puts the selected rows back into their table; a key taken since is refused with a
 * message naming the entry, and restored entries stay, marked with who restored them.
 */
import { RollbackOutlined } from '@ant-design/icons';
import { AdminController, adminUrl, type RecycleLogRow } from '@portico/shared';
import { dataTree } from '@portico/web-sdk/list';
import { timeFormat } from '@portico/web-sdk/time';
import { Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminName, type InfoItem, undoneTag } from '../../components/log-info';
import { SecurityLogPage, type SecurityLogSpec } from '../../components/log-page';
import type { UndoAction } from '../../components/undo-buttons';

const API = adminUrl(AdminController.dataRecycleLog);
const RESTORE: UndoAction = {
  api: API,
  action: 'restore',
  label: 'security.Restore',
  confirm: 'security.Restore the selected records?',
  tip: 'security.Restore into the original table',
  flag: 'is_restore',
  timeField: 'restore_time',
  status: {
    yes: 'security.Restored',
    no: 'security.Not restored',
    by: 'security.Restored by {name} at {time}',
  },
  icon: <RollbackOutlined />,
};

const restoredTag = undoneTag(RESTORE);

function DeletedData({ data }: { data: unknown }) {
  const { t } = useTranslation();
  return (
    <Tree
      className="ba-security-data"
      selectable={false}
      treeData={[{ key: 'root', title: t('security.Click to expand'), children: dataTree(data) }]}
    />
  );
}

const INFO: InfoItem[] = [
  { label: 'Id', render: (row) => row.id },
  {
    label: 'security.Operation administrator',
    render: (row) => adminName(row.admin_nickname, row.admin_username),
  },
  { label: 'security.Recycling rule name', render: (row) => row.rule_name },
  { label: 'security.Connection', render: (row) => row.connection || '-' },
  { label: 'security.Data table', render: (row) => row.data_table },
  { label: 'security.Primary key', render: (row) => row.primary_key },
  { label: 'IP', render: (row) => row.ip },
  { label: 'security.Delete time', render: (row) => timeFormat(row.create_time) },
  { label: 'security.Restore', render: restoredTag, span: 2 },
  { label: 'User Agent', render: (row) => row.useragent, span: 2 },
  { label: 'security.Deleted data', render: (row) => <DeletedData data={row.data} />, span: 2 },
];

const LOG: SecurityLogSpec<RecycleLogRow> = {
  undo: RESTORE,
  rule: 'recycle',
  ruleLabel: 'security.Recycling rule name',
  timeLabel: 'security.Delete time',
  columns: [{ prop: 'data', label: 'security.Deleted data', operator: 'LIKE', overflowTooltip: true }],
  info: INFO,
};

export default function DataRecycleLogList() {
  return <SecurityLogPage spec={LOG} />;
}
