/**
 * What the back-office menu rules page (auth/rule) and the member rules page (user/rule)
 * share: the tree list with its buttons and columns, and the fields every rule form has in
 * the same places. Each page brings its rule types, the fields only it has, and when the
 * menu fields show.
 */
import type { StoredRuleFields, StoredTime, SwitchFlag } from '@portico/shared';
import type { ReactNode } from 'react';
import { FormItem } from '../../components/form/form-item';
import type { Column, ListSpec } from '../../components/table/types';

/** What both rule trees' rows have that the shared columns show. */
type RuleRow = StoredRuleFields & { type: string; status: SwitchFlag; update_time: StoredTime };

/** Off/on of a rule's switches (status, the admin rules' cache). */
export const RULE_STATUS = { '0': 'Disable', '1': 'Enable' };
const MENU_TYPES = { tab: 'auth.rule.Tab', link: 'auth.rule.Link (off-site)', iframe: 'Iframe' };

/** The parent (from the page's own tree), the type and the title. */
export function RuleFormHead({ api, types }: { api: string; types: Record<string, string> }) {
  return (
    <>
      <FormItem
        type="remoteSelect"
        name="pid"
        label="auth.rule.Superior menu rule"
        remote={{ url: `${api}index`, field: 'title', params: { isTree: 1 } }}
      />
      <FormItem type="radio" name="type" label="auth.rule.Rule type" content={types} />
      <FormItem type="string" name="title" label="auth.rule.Rule title" rules={['required']} />
    </>
  );
}

/** Where a menu leads: its menu type, the link of a link or iframe, the page of a tab. */
export function RuleTargetFields(props: {
  menuTypeHidden: boolean;
  urlHidden: boolean;
  componentHidden: boolean;
  componentPlaceholder: string;
}) {
  return (
    <>
      <FormItem
        type="radio"
        name="menu_type"
        label="auth.rule.Menu type"
        content={MENU_TYPES}
        hidden={props.menuTypeHidden}
      />
      <FormItem
        type="string"
        name="url"
        label="auth.rule.Link address"
        rules={['url']}
        hidden={props.urlHidden}
      />
      <FormItem
        type="string"
        name="component"
        label="auth.rule.Component path"
        placeholder={props.componentPlaceholder}
        tip="auth.rule.Component path tip"
        hidden={props.componentHidden}
      />
    </>
  );
}

/** The remark and weight, the page's own closing fields, then the status. */
export function RuleFormTail({ children }: { children?: ReactNode }) {
  return (
    <>
      <FormItem type="textarea" name="remark" label="auth.rule.Rule comments" />
      <FormItem type="number" name="weigh" label="auth.rule.Rule weight" />
      {children}
      <FormItem type="radio" name="status" label="State" content={RULE_STATUS} />
    </>
  );
}

/** The tree list of a rules page: its own types (and their tag colours) and switch columns. */
export function ruleTreeSpec<R extends RuleRow>(options: {
  api: string;
  types: Record<string, string>;
  typeColors: Record<string, string>;
  /** Columns of the page's own, before the status. */
  switches?: Column<R>[];
  form: ListSpec<R>['form'];
  formDefaults: Record<string, unknown>;
}): ListSpec<R> {
  return {
    api: options.api,
    quickSearchFields: 'auth.rule.Rule title',
    tree: { expandAll: false, expandOnSearch: true },
    headerButtons: ['refresh', 'add', 'edit', 'delete', 'unfold', 'export', 'quickSearch', 'columnDisplay'],
    rowButtons: ['weigh-sort', 'edit', 'delete'],
    columns: [
      { prop: 'title', label: 'auth.rule.Rule title', align: 'left', width: 200, operator: false },
      { prop: 'icon', label: 'auth.rule.Rule Icon', render: 'icon', width: 60, operator: false },
      { prop: 'name', label: 'auth.rule.Rule name', operator: false },
      {
        prop: 'type',
        label: 'auth.rule.Rule type',
        render: 'tag',
        replaceValue: options.types,
        custom: options.typeColors,
        operator: false,
      },
      ...(options.switches ?? []),
      { prop: 'status', label: 'State', render: 'switch', width: 80, operator: false, noDblClick: true },
      { prop: 'update_time', label: 'Update time', render: 'datetime', width: 160, operator: false },
    ],
    form: options.form,
    formDefaults: {
      menu_type: 'tab',
      extend: 'none',
      status: '1',
      icon: 'fa fa-circle-o',
      weigh: 0,
      ...options.formDefaults,
    },
  };
}
