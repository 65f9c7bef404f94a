/** security/sensitiveData: which fields' changes are logged, and under what label (as in the original). */
import { AdminController, adminUrl, type SensitiveRuleRow } from '@portico/shared';
import { ListPage, type ListSpec } from '@portico/web-sdk/list';
import { Tag } from 'antd';
import { securityRuleForm } from '../../components/rule-form';
import { ruleColumns } from '../rule-columns';

const API = adminUrl(AdminController.sensitiveData);

const [id, name, controller, ...rest] = ruleColumns('security.Modify monitoring');

const spec: ListSpec<SensitiveRuleRow> = {
  api: API,
  quickSearchFields: 'security.Rule name',
  columns: [
    ...[id, name, controller].filter((column) => column !== undefined),
    {
      prop: 'data_fields',
      label: 'security.Sensitive fields',
      operator: false,
      render: (row) => (
        <span className="ba-cell-tags">
          {Object.entries((row.data_fields ?? {}) as Record<string, string>).map(([field, label]) => (
            <Tag key={field}>{label || field}</Tag>
          ))}
        </span>
      ),
    },
    ...rest,
  ],
  form: securityRuleForm('sensitive'),
  formDefaults: { status: '1', fields: [] },
  formWidth: 720,
};

export default function SensitiveDataList() {
  return <ListPage spec={spec} />;
}
