/** user/group: member groups and the member rules they grant (as in the original). */
import { AdminController, adminUrl, type MemberGroupRow } from '@portico/shared';
import { FormItem, RuleTree } from '@portico/web-sdk/form';
import { type FormProps, ListPage, type ListSpec } from '@portico/web-sdk/list';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS = { '0': 'Disable', '1': 'Enable' };

function MemberGroupForm({ row }: FormProps<MemberGroupRow>) {
  const { t } = useTranslation();
  return (
    <>
      <FormItem type="string" name="name" label="user.group.Group name" rules={['required']} />
      <Form.Item
        name="rules"
        label={t('user.group.Permissions')}
        rules={[
          { required: true, message: t('Please select field', { field: t('user.group.Permissions') }) },
        ]}
      >
        <RuleTree key={String(row.id ?? 'new')} url={adminUrl(AdminController.memberRule, 'index')} />
      </Form.Item>
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

const spec: ListSpec<MemberGroupRow> = {
  api: adminUrl(AdminController.memberGroup),
  quickSearchFields: 'user.group.Group name',
  columns: [
    { prop: 'id', label: 'Id', width: 70 },
    { prop: 'name', label: 'user.group.Group name', operator: 'LIKE' },
    { prop: 'status', label: 'State', render: 'tag', replaceValue: STATUS },
    { prop: 'update_time', label: 'Update time', render: 'datetime', sortable: true, operator: 'RANGE' },
    { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
  ],
  form: MemberGroupForm,
  formDefaults: { status: '1', rules: [] },
};

export default function MemberGroupList() {
  return <ListPage spec={spec} />;
}
