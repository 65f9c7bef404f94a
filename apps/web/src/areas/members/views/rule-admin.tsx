/** user/rule: the member centre's routes and menus (as in the original). */
import { AdminController, adminUrl, type MemberRuleRow } from '@portico/shared';
import { FormItem } from '@portico/web-sdk/form';
import { type FormProps, ListPage } from '@portico/web-sdk/list';
import { RuleFormHead, RuleFormTail, RuleTargetFields, ruleTreeSpec } from '@portico/web-sdk/rules';
import { Form } from 'antd';

const API = adminUrl(AdminController.memberRule);
const NO_YES = { '0': 'user.rule.No', '1': 'user.rule.Yes' };
const TYPES = {
  route: 'user.rule.Normal routing',
  menu_dir: 'user.rule.Member center menu directory',
  menu: 'user.rule.Member center menu items',
  nav: 'user.rule.Top bar menu items',
  button: 'user.rule.Page button',
  nav_user_menu: 'user.rule.Top bar user dropdown',
};

function MemberRuleForm(_props: FormProps<MemberRuleRow>) {
  const form = Form.useFormInstance();
  const type = (Form.useWatch('type', form) as string | undefined) ?? 'route';
  const menuType = (Form.useWatch('menu_type', form) as string | undefined) ?? 'tab';
  const showsMenuType = !['menu_dir', 'button', 'route'].includes(type);
  const tab = type === 'route' || (showsMenuType && menuType === 'tab');
  return (
    <>
      <RuleFormHead api={API} types={TYPES} />
      <FormItem type="string" name="name" label="auth.rule.Rule name" rules={['required']} />
      <FormItem type="string" name="path" label="auth.rule.Routing path" />
      <FormItem type="icon" name="icon" label="auth.rule.Rule Icon" hidden={type === 'button'} />
      <RuleTargetFields
        menuTypeHidden={!showsMenuType}
        urlHidden={!showsMenuType || menuType === 'tab'}
        componentHidden={!tab}
        componentPlaceholder="/src/views/frontend/user/.../index.vue"
      />
      <FormItem
        type="radio"
        name="no_login_valid"
        label="user.rule.Visible to guests"
        content={NO_YES}
        hidden={['menu', 'menu_dir', 'nav_user_menu'].includes(type)}
      />
      <RuleFormTail />
    </>
  );
}

const spec = ruleTreeSpec({
  api: API,
  types: TYPES,
  typeColors: { menu: 'error', menu_dir: 'success', route: 'processing' },
  form: MemberRuleForm,
  formDefaults: { type: 'route', no_login_valid: '0' },
});

export default function MemberRuleList() {
  return <ListPage spec={spec} />;
}
