/** user/rule: the member centre's routes and menus (reference web §1.7). */
import { Form } from 'antd';
import { FormItem } from '../../../../components/form/form-item';
import { ListPage } from '../../../../components/table/list-page';
import type { FormProps, ListSpec } from '../../../../components/table/types';

const STATUS = { '0': 'Disable', '1': 'Enable' };
const NO_YES = { '0': 'user.rule.No', '1': 'user.rule.Yes' };
const TYPES = {
  route: 'user.rule.Normal routing',
  menu_dir: 'user.rule.Member center menu directory',
  menu: 'user.rule.Member center menu items',
  nav: 'user.rule.Top bar menu items',
  button: 'user.rule.Page button',
  nav_user_menu: 'user.rule.Top bar user dropdown',
};
const MENU_TYPES = { tab: 'auth.rule.Tab', link: 'auth.rule.Link (off-site)', iframe: 'Iframe' };

function MemberRuleForm(_props: FormProps) {
  const form = Form.useFormInstance();
  const type = (Form.useWatch('type', form) as string | undefined) ?? 'route';
  const menuType = (Form.useWatch('menu_type', form) as string | undefined) ?? 'tab';
  const showsMenuType = !['menu_dir', 'button', 'route'].includes(type);
  const tab = type === 'route' || (showsMenuType && menuType === 'tab');
  return (
    <>
      <FormItem
        type="remoteSelect"
        name="pid"
        label="auth.rule.Superior menu rule"
        remote={{ url: '/admin/user.Rule/index', field: 'title', params: { isTree: 1 } }}
      />
      <FormItem type="radio" name="type" label="auth.rule.Rule type" content={TYPES} />
      <FormItem type="string" name="title" label="auth.rule.Rule title" rules={['required']} />
      <FormItem type="string" name="name" label="auth.rule.Rule name" rules={['required']} />
      <FormItem type="string" name="path" label="auth.rule.Routing path" />
      <FormItem type="icon" name="icon" label="auth.rule.Rule Icon" hidden={type === 'button'} />
      <FormItem
        type="radio"
        name="menu_type"
        label="auth.rule.Menu type"
        content={MENU_TYPES}
        hidden={!showsMenuType}
      />
      <FormItem
        type="string"
        name="url"
        label="auth.rule.Link address"
        rules={['url']}
        hidden={!showsMenuType || menuType === 'tab'}
      />
      <FormItem
        type="string"
        name="component"
        label="auth.rule.Component path"
        placeholder="/src/views/frontend/..."
        hidden={!tab}
      />
      <FormItem
        type="radio"
        name="no_login_valid"
        label="user.rule.Visible to guests"
        content={NO_YES}
        hidden={['menu', 'menu_dir', 'nav_user_menu'].includes(type)}
      />
      <FormItem type="textarea" name="remark" label="auth.rule.Rule comments" />
      <FormItem type="number" name="weigh" label="auth.rule.Rule weight" />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

const spec: ListSpec = {
  api: '/admin/user.Rule/',
  quickSearchFields: 'auth.rule.Rule title',
  tree: { expandAll: false, expandOnSearch: true },
  headerButtons: ['refresh', 'add', 'edit', 'delete', 'unfold', 'quickSearch', 'columnDisplay'],
  rowButtons: ['weigh-sort', 'edit', 'delete'],
  columns: [
    { prop: 'title', label: 'auth.rule.Rule title', align: 'left', width: 200, operator: false },
    { prop: 'icon', label: 'auth.rule.Rule Icon', render: 'icon', width: 60, operator: false },
    { prop: 'name', label: 'auth.rule.Rule name', operator: false },
    {
      prop: 'type',
      label: 'auth.rule.Rule type',
      render: 'tag',
      replaceValue: TYPES,
      custom: { menu: 'error', menu_dir: 'success', route: 'processing' },
      operator: false,
    },
    { prop: 'status', label: 'State', render: 'switch', width: 80, operator: false, noDblClick: true },
    { prop: 'update_time', label: 'Update time', render: 'datetime', width: 160, operator: false },
  ],
  form: MemberRuleForm,
  formDefaults: {
    type: 'route',
    menu_type: 'tab',
    extend: 'none',
    no_login_valid: '0',
    status: '1',
    icon: 'fa fa-circle-o',
    weigh: 0,
  },
};

export default function MemberRuleList() {
  return <ListPage spec={spec} />;
}
