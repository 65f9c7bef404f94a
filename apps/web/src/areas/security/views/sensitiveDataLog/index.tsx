/**
 * security/sensitiveDataLog: monitored fields that edits changed (as in the original).
 * Rollback writes the value before the change back, only while the row still holds the value
 * that edit wrote; otherwise the server names the row and field in conflict. Rolled-back
 * entries stay, marked. Password values are shown only as ******.
 */
import { LoginOutlined } from '@ant-design/icons';
import { AdminController, adminUrl, type SensitiveLogRow } from '@portico/shared';
import { timeFormat } from '@portico/web-sdk/time';
import { adminName, type InfoItem, undoneTag } from '../../components/log-info';
import { SecurityLogPage, type SecurityLogSpec } from '../../components/log-page';
import type { UndoAction } from '../../components/undo-buttons';

const API = adminUrl(AdminController.sensitiveDataLog);
const ROLLBACK: UndoAction = {
  api: API,
  action: 'rollback',
  label: 'security.Rollback',
  confirm: 'security.Roll back the selected records?',
  tip: 'security.Write the value before the change back',
  flag: 'is_rollback',
  timeField: 'rollback_time',
  status: {
    yes: 'security.Rolled back',
    no: 'security.Not rolled back',
    by: 'security.Rolled back by {name} at {time}',
  },
  icon: <LoginOutlined />,
};

const rolledBackTag = undoneTag(ROLLBACK);

const value = (text: unknown) => (
  <pre className="ba-security-value">{text === null ? 'NULL' : String(text)}</pre>
);
const shown = (text: unknown) => (text === null ? 'NULL' : String(text));

const INFO: InfoItem[] = [
  { label: 'security.Rule name', render: (row) => row.rule_name, span: 2 },
  { label: 'Id', render: (row) => row.id },
  {
    label: 'security.Operation administrator',
    render: (row) => adminName(row.admin_nickname, row.admin_username),
  },
  { label: 'security.Connection', render: (row) => row.connection || '-' },
  { label: 'security.Data table', render: (row) => row.data_table },
  { label: 'security.Modification time', render: (row) => timeFormat(row.create_time) },
  { label: 'IP', render: (row) => row.ip },
  // The detail carries the bare key value, as the original's did.
  { label: 'security.Modified row', render: (row) => `${row.primary_key}=${row.id_value}` },
  { label: 'security.Modified item', render: (row) => `${row.data_field}(${row.data_comment})` },
  { label: 'security.Before', render: (row) => value(row.before), span: 2 },
  { label: 'security.After', render: (row) => value(row.after), span: 2 },
  { label: 'security.Rollback', render: rolledBackTag, span: 2 },
  { label: 'User Agent', render: (row) => row.useragent, span: 2 },
];

const LOG: SecurityLogSpec<SensitiveLogRow> = {
  undo: ROLLBACK,
  rule: 'sensitive',
  ruleLabel: 'security.Rule name',
  timeLabel: 'security.Modification time',
  columns: [
    { prop: 'id_value', label: 'security.Modified row', operator: false },
    { prop: 'data_comment', label: 'security.Modified item', operator: 'LIKE' },
    {
      prop: 'before',
      label: 'security.Before',
      operator: 'LIKE',
      render: (row) => shown(row.before),
      overflowTooltip: true,
    },
    {
      prop: 'after',
      label: 'security.After',
      operator: 'LIKE',
      render: (row) => shown(row.after),
      overflowTooltip: true,
    },
  ],
  info: INFO,
};

export default function SensitiveDataLogList() {
  return <SecurityLogPage spec={LOG} />;
}
