/** The columns both data-security rule lists share; `monitoring` names the enabled state in the search. */
import type { RecycleRuleRow } from '@portico/shared';
import type { Column } from '@portico/web-sdk/list';

export function ruleColumns(monitoring: string): Column<RecycleRuleRow>[] {
  return [
    { prop: 'id', label: 'Id', width: 70 },
    { prop: 'name', label: 'security.Rule name', operator: 'LIKE' },
    { prop: 'controller', label: 'security.Controller', operator: 'LIKE' },
    { prop: 'connection', label: 'security.Connection', operator: 'LIKE', hidden: true },
    { prop: 'data_table', label: 'security.Data table', operator: 'LIKE' },
    { prop: 'primary_key', label: 'security.Primary key', operator: 'LIKE', width: 110 },
    {
      prop: 'status',
      label: 'State',
      render: 'switch',
      replaceValue: { '0': 'Disable', '1': monitoring },
      comSearchRender: 'select',
      noDblClick: true,
    },
    { prop: 'update_time', label: 'Update time', render: 'datetime', sortable: true, operator: 'RANGE' },
    { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
  ];
}
