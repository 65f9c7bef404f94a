/** auth/rule: the menu-rule tree, which is also the permission system (as in the original). */
import { AdminController, type AdminRuleRow, adminUrl } from '@portico/shared';
import { Form } from 'antd';
import { FormItem } from '../../../../components/form/form-item';
import { ListPage } from '../../../../components/table/list-page';
import type { FormProps } from '../../../../components/table/types';
import {
  RULE_STATUS,
  RuleFormHead,
  RuleFormTail,
  RuleTargetFields,
  ruleTreeSpec,
} from '../../rule-tree-page';

const API = adminUrl(AdminController.adminRule);
const TYPES = {
  menu_dir: 'auth.rule.Menu directory',
  menu: 'auth.rule.Menu item',
  button: 'auth.rule.Page button',
};
const EXTENDS = {
  none: 'utils.None',
  add_rules_only: 'auth.rule.Add as route only',
  add_menu_only: 'auth.rule.Add as menu only',
};

function RuleForm(_props: FormProps<AdminRuleRow>) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as string | undefined;
  const menuType = Form.useWatch('menu_type', form) as string | undefined;
  const isButton = type === 'button';
  const isTabMenu = type === 'menu' && (menuType ?? 'tab') === 'tab';
  return (
    <>
      <RuleFormHead api={API} types={TYPES} />
      <FormItem
        type="string"
        name="name"
        label="auth.rule.Rule name"
        rules={['required']}
        tip="auth.rule.It will be registered as the web side routing name and used as the server side API authentication"
      />
      <FormItem type="string" name="path" label="auth.rule.Routing path" hidden={isButton} />
      <FormItem type="icon" name="icon" label="auth.rule.Rule Icon" hidden={isButton} />
      <RuleTargetFields
        menuTypeHidden={type !== 'menu'}
        urlHidden={isButton || (menuType ?? 'tab') === 'tab'}
        componentHidden={!isTabMenu}
        componentPlaceholder="/src/views/backend/.../index.vue"
      />
      <FormItem
        type="select"
        name="extend"
        label="auth.rule.Extended properties"
        content={EXTENDS}
        hidden={!isTabMenu}
      />
      <RuleFormTail>
        <FormItem type="radio" name="keepalive" label="auth.rule.Cache" content={RULE_STATUS} />
      </RuleFormTail>
    </>
  );
}

const spec = ruleTreeSpec({
  api: API,
  types: TYPES,
  typeColors: { menu: 'error', menu_dir: 'success', button: 'default' },
  switches: [
    {
      prop: 'keepalive',
      label: 'auth.rule.Cache',
      render: 'switch',
      width: 80,
      operator: false,
      noDblClick: true,
    },
  ],
  form: RuleForm,
  formDefaults: { type: 'menu', keepalive: '0' },
});

export default function RuleList() {
  return <ListPage spec={spec} />;
}
