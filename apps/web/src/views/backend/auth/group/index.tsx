/** auth/group: administrator groups and the rules they grant (as in the original). */
import { AdminController, type AdminGroupRow, adminUrl } from '@portico/shared';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormItem } from '../../../../components/form/form-item';
import { RuleTree } from '../../../../components/form/rule-tree';
import { ListPage } from '../../../../components/table/list-page';
import type { FormProps, ListSpec, Row } from '../../../../components/table/types';
import { useAdminInfo } from '../../../../stores/admin-info';

const STATUS = { '0': 'Disable', '1': 'Enable' };
const TWO_FACTOR = { '0': 'auth.group.Not required', '1': 'auth.group.Required' };

function GroupForm({ row }: FormProps<AdminGroupRow>) {
  const { t } = useTranslation();
  return (
    <>
      <FormItem
        type="remoteSelect"
        name="pid"
        label="auth.group.Parent group"
        remote={{ url: adminUrl(AdminController.adminGroup, 'index'), field: 'name', params: { isTree: 1 } }}
      />
      <FormItem type="string" name="name" label="auth.group.Group name" rules={['required']} />
      <Form.Item
        name="rules"
        label={t('auth.group.jurisdiction')}
        rules={[
          { required: true, message: t('Please select field', { field: t('auth.group.jurisdiction') }) },
        ]}
      >
        <RuleTree key={String(row.id ?? 'new')} url={adminUrl(AdminController.adminRule, 'index')} />
      </Form.Item>
      <FormItem type="radio" name="two_factor" label="auth.group.Two-factor sign-in" content={TWO_FACTOR} />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

export default function GroupList() {
  const isSuper = useAdminInfo((s) => s.super);
  const ownGroups = (extra: Row) => new Set<number>((extra.group as number[] | undefined) ?? []);
  const spec: ListSpec<AdminGroupRow> = {
    api: adminUrl(AdminController.adminGroup),
    quickSearchFields: 'auth.group.Group name',
    tree: { expandAll: true },
    headerButtons: ['refresh', 'add', 'edit', 'delete', 'unfold', 'export', 'quickSearch', 'columnDisplay'],
    columns: [
      { prop: 'name', label: 'auth.group.Group name', align: 'left', width: 200, operator: false },
      { prop: 'rules', label: 'auth.group.jurisdiction', operator: false },
      {
        prop: 'two_factor',
        label: 'auth.group.Two-factor sign-in',
        render: 'tag',
        replaceValue: TWO_FACTOR,
        operator: false,
      },
      { prop: 'status', label: 'State', render: 'tag', replaceValue: STATUS, operator: false },
      { prop: 'update_time', label: 'Update time', render: 'datetime', width: 160, operator: false },
      { prop: 'create_time', label: 'Create time', render: 'datetime', width: 160, operator: false },
    ],
    form: GroupForm,
    formDefaults: { status: '1', two_factor: '0', rules: [] },
    // Your own groups are managed by someone above you.
    canEdit: (row, extra) => !ownGroups(extra).has(row.id as number),
    canDelete: (row, extra) => !ownGroups(extra).has(row.id as number),
    notice: () => (isSuper ? null : <GroupNotice />),
  };
  return <ListPage spec={spec} />;
}

function GroupNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('auth.group.Manage subordinate role groups here')}
    />
  );
}
