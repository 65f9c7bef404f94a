/** auth/rule: the menu-rule tree, which is also the permission system (reference web §1.4). */
import { Form } from 'antd';
import { FormItem } from '../../../../components/form/form-item';
import { ListPage } from '../../../../components/table/list-page';
import type { FormProps, ListSpec } from '../../../../components/table/types';

const STATUS = { '0': 'Disable', '1': 'Enable' };
const TYPES = {
  menu_dir: 'auth.rule.Menu directory',
  menu: 'auth.rule.Menu item',
  button: 'auth.rule.Page button',
};
const MENU_TYPES = { tab: 'auth.rule.Tab', link: 'auth.rule.Link (off-site)', iframe: 'Iframe' };
const EXTENDS = {
  none: 'utils.None',
  add_rules_only: 'auth.rule.Add as route only',
  add_menu_only: 'auth.rule.Add as menu only',
};

function RuleForm(_props: FormProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as string | undefined;
  const menuType = Form.useWatch('menu_type', form) as string | undefined;
  const isButton = type === 'button';
  const isTabMenu = type === 'menu' && (menuType ?? 'tab') === 'tab';
  return (
    <>
      <FormItem
        type="remoteSelect"
        name="pid"
        label="auth.rule.Superior menu rule"
        remote={{ url: '/admin/auth.Rule/index', field: 'title', params: { isTree: 1 } }}
      />
      <FormItem type="radio" name="type" label="auth.rule.Rule type" content={TYPES} />
      <FormItem type="string" name="title" label="auth.rule.Rule title" rules={['required']} />
      <FormItem
        type="string"
        name="name"
        label="auth.rule.Rule name"
        rules={['required']}
        tip="auth.rule.It will be registered as the web side routing name and used as the server side API authentication"
      />
      <FormItem type="string" name="path" label="auth.rule.Routing path" hidden={isButton} />
      <FormItem type="icon" name="icon" label="auth.rule.Rule Icon" hidden={isButton} />
      <FormItem
        type="radio"
        name="menu_type"
        label="auth.rule.Menu type"
        content={MENU_TYPES}
        hidden={type !== 'menu'}
      />
      <FormItem
        type="string"
        name="url"
        label="auth.rule.Link address"
        rules={['url']}
        hidden={isButton || (menuType ?? 'tab') === 'tab'}
      />
      <FormItem
        type="string"
        name="component"
        label="auth.rule.Component path"
        placeholder="/src/views/backend/..."
        hidden={!isTabMenu}
      />
      <FormItem
        type="select"
        name="extend"
        label="auth.rule.Extended properties"
        content={EXTENDS}
        hidden={!isTabMenu}
      />
      <FormItem type="textarea" name="remark" label="auth.rule.Rule comments" />
      <FormItem type="number" name="weigh" label="auth.rule.Rule weight" />
      <FormItem type="radio" name="keepalive" label="auth.rule.Cache" content={STATUS} />
      <FormItem type="radio" name="status" label="State" content={STATUS} />
    </>
  );
}

const spec: ListSpec = {
  api: '/admin/auth.Rule/',
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
      custom: { menu: 'error', menu_dir: 'success', button: 'default' },
      operator: false,
    },
    {
      prop: 'keepalive',
      label: 'auth.rule.Cache',
      render: 'switch',
      width: 80,
      operator: false,
      noDblClick: true,
    },
    { prop: 'status', label: 'State', render: 'switch', width: 80, operator: false, noDblClick: true },
    { prop: 'update_time', label: 'Update time', render: 'datetime', width: 160, operator: false },
  ],
  form: RuleForm,
  formDefaults: {
    type: 'menu',
    menu_type: 'tab',
    extend: 'none',
    keepalive: '0',
    status: '1',
    icon: 'fa fa-circle-o',
    weigh: 0,
  },
};

export default function RuleList() {
  return <ListPage spec={spec} />;
}
