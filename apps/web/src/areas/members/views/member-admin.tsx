/** user/user: member accounts (as in the original). Balance and points move only through their logs. */
import { AdminController, adminUrl, type MemberRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import { DEFAULT_HEADER, type FormProps, ListPage, type ListSpec } from '@portico/web-sdk/list';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const STATUS = { enable: 'Enable', disable: 'Disable' };
const GENDER = { '0': 'user.user.Unknown', '1': 'user.user.Male', '2': 'user.user.Female' };

/** The balance or points, read-only, with the button that opens its log for this member. */
function Ledger({ label, value, action, to }: { label: string; value: unknown; action: string; to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Form.Item label={t(label)}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={String(value ?? '')} disabled />
        <Button onClick={() => void navigate(to)}>{t(action)}</Button>
      </Space.Compact>
    </Form.Item>
  );
}

function MemberForm({ operate, row }: FormProps<MemberRow>) {
  return (
    <>
      <FormItem type="string" name="username" label="user.user.username" rules={['required', 'account']} />
      <FormItem type="string" name="nickname" label="user.user.nickname" rules={['required', 'nickname']} />
      <FormItem
        type="remoteSelect"
        name="group_id"
        label="user.user.group"
        rules={['required']}
        remote={{
          url: adminUrl(AdminController.memberGroup, 'index'),
          field: 'name',
          params: { search: [{ field: 'status', val: '1', operator: '=' }] },
        }}
      />
      <FormItem type="image" name="avatar" label="user.user.avatar" />
      <FormItem type="string" name="email" label="user.user.email" rules={['email']} />
      <FormItem type="string" name="mobile" label="user.user.mobile" rules={['mobile']} />
      <FormItem type="radio" name="gender" label="user.user.gender" content={GENDER} />
      <FormItem type="date" name="birthday" label="user.user.birthday" />
      {operate === 'edit' && (
        <>
          <Ledger
            label="user.user.balance"
            value={row.money}
            action="user.user.Adjust balance"
            to={`/admin/user/moneyLog?user_id=${row.id}`}
          />
          <Ledger
            label="user.user.integral"
            value={row.score}
            action="user.user.Adjust integral"
            to={`/admin/user/scoreLog?user_id=${row.id}`}
          />
        </>
      )}
      <FormItem
        type="password"
        name="password"
        label="user.user.password"
        rules={operate === 'add' ? ['required', 'password'] : ['password']}
        placeholder={operate === 'edit' ? 'auth.admin.Please leave blank if not modified' : undefined}
      />
      <FormItem type="textarea" name="motto" label="user.user.motto" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

const spec: ListSpec<MemberRow> = {
  api: adminUrl(AdminController.member),
  quickSearchFields: 'user.user.username and nickname',
  columns: [
    { prop: 'id', label: 'Id', width: 70 },
    { prop: 'username', label: 'user.user.username', operator: 'LIKE' },
    { prop: 'nickname', label: 'user.user.nickname', operator: 'LIKE' },
    { prop: 'group_name', label: 'user.user.group', render: 'tag', operator: false },
    { prop: 'avatar', label: 'user.user.avatar', render: 'image', operator: false },
    {
      prop: 'gender',
      label: 'user.user.gender',
      render: 'tag',
      replaceValue: GENDER,
      custom: { '0': 'default', '1': 'blue', '2': 'success' },
    },
    { prop: 'mobile', label: 'user.user.mobile', operator: 'LIKE' },
    { prop: 'last_login_ip', label: 'user.user.Last login IP', render: 'tag', operator: 'LIKE' },
    {
      prop: 'last_login_time',
      label: 'user.user.Last login',
      render: 'datetime',
      sortable: true,
      operator: 'RANGE',
    },
    { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
    {
      prop: 'status',
      label: 'State',
      render: 'tag',
      replaceValue: STATUS,
      custom: { enable: 'success', disable: 'error' },
    },
  ],
  headerButtons: [...DEFAULT_HEADER, 'import'],
  // The form's fields an import may fill that no column shows.
  importLabels: {
    group_id: 'user.user.group',
    email: 'user.user.email',
    birthday: 'user.user.birthday',
    password: 'user.user.password',
    motto: 'user.user.motto',
  },
  form: MemberForm,
  formDefaults: { gender: '0', status: 'enable' },
};

export default function MemberList() {
  return <ListPage spec={spec} />;
}
