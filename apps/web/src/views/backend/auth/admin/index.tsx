/** auth/admin: administrator accounts (as in the original). */
import { AdminController, type AdminRow, adminUrl } from '@portico/shared';
import { FormItem } from '../../../../components/form/form-item';
import { DEFAULT_HEADER } from '../../../../components/table/list-defaults';
import { ListPage } from '../../../../components/table/list-page';
import type { FormProps, ListSpec, Row } from '../../../../components/table/types';
import { ModuleSlot } from '../../../../module-contract/slot';
import { useAdminInfo } from '../../../../stores/admin-info';

const STATUS = { '0': 'Disable', '1': 'Enable' };

function AdminForm({ operate, row }: FormProps<AdminRow>) {
  const myId = useAdminInfo((s) => s.id);
  return (
    <>
      <FormItem type="string" name="username" label="auth.admin.username" rules={['required', 'account']} />
      <FormItem type="string" name="nickname" label="auth.admin.nickname" rules={['required', 'nickname']} />
      <FormItem
        type="remoteSelects"
        name="group_arr"
        label="auth.admin.group"
        rules={['required']}
        remote={{
          url: adminUrl(AdminController.adminGroup, 'index'),
          field: 'name',
          // Editing yourself may keep your own groups; others get only groups below yours.
          params: { isTree: 1, absoluteAuth: row.id === myId ? 0 : 1 },
        }}
      />
      <FormItem type="image" name="avatar" label="auth.admin.avatar" />
      <FormItem type="string" name="email" label="auth.admin.email" rules={['email']} />
      <FormItem type="string" name="mobile" label="auth.admin.mobile" rules={['mobile']} />
      <FormItem
        type="password"
        name="password"
        label="auth.admin.password"
        rules={operate === 'add' ? ['required', 'password'] : ['password']}
        placeholder={operate === 'edit' ? 'auth.admin.Please leave blank if not modified' : undefined}
      />
      <FormItem type="textarea" name="motto" label="auth.admin.motto" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
      {/* The areas' fields: the two-factor area's "Reset two-factor sign-in". */}
      <ModuleSlot name="admin-form.fields" props={{ operate, row }} />
    </>
  );
}

export default function AdminList() {
  const myId = useAdminInfo((s) => s.id);
  const spec: ListSpec<AdminRow> = {
    api: adminUrl(AdminController.admin),
    quickSearchFields: 'auth.admin.username and nickname',
    columns: [
      { prop: 'id', label: 'Id', width: 70 },
      { prop: 'username', label: 'auth.admin.username', operator: 'LIKE' },
      { prop: 'nickname', label: 'auth.admin.nickname', operator: 'LIKE' },
      { prop: 'group_name_arr', label: 'auth.admin.group', render: 'tags', operator: false },
      { prop: 'avatar', label: 'auth.admin.avatar', render: 'image', operator: false },
      { prop: 'email', label: 'auth.admin.email', operator: 'LIKE' },
      // An 11-digit number on one line.
      { prop: 'mobile', label: 'auth.admin.mobile', width: 110, operator: 'LIKE' },
      {
        prop: 'last_login_time',
        label: 'auth.admin.Last login',
        render: 'datetime',
        sortable: true,
        operator: 'RANGE',
      },
      { prop: 'create_time', label: 'Create time', render: 'datetime', sortable: true, operator: 'RANGE' },
      { prop: 'status', label: 'State', render: 'tag', replaceValue: STATUS, noDblClick: true },
    ],
    headerButtons: [...DEFAULT_HEADER, 'import'],
    // The form's fields an import may fill that no column shows.
    importLabels: {
      group_arr: 'auth.admin.group',
      password: 'auth.admin.password',
      motto: 'auth.admin.motto',
    },
    form: AdminForm,
    formDefaults: { status: '1', group_arr: [] },
    // Nobody deletes their own account.
    canDelete: (row: Row) => row.id !== myId,
  };
  return <ListPage spec={spec} />;
}
