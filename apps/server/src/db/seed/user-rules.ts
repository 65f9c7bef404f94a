/**
 * Member-centre rules of a fresh install ("my account" and its pages), ids and component paths
 * (`.vue`) as in the original.
 * Every row carries every column (see admin-rules.ts).
 */
import type { Insertable } from 'kysely';
import type { UserRuleTable } from '../schema.js';
import { rowsOf, type Seeded, type SeedTitle } from './seeded.js';

type UserRuleRow = Insertable<UserRuleTable>;

const VIEWS = '/src/views/frontend/user/';

function rule(
  id: number,
  pid: number,
  type: 'menu_dir' | 'menu',
  [title, en]: SeedTitle,
  name: string,
  icon: string,
  component: string,
  weigh: number,
): Seeded<UserRuleRow> {
  const row: UserRuleRow = {
    id,
    pid,
    type,
    title,
    name,
    path: name,
    icon,
    menu_type: 'tab',
    url: '',
    component: component === '' ? '' : `${VIEWS}${component}`,
    no_login_valid: 0,
    extend: 'none',
    remark: '',
    weigh,
    status: '1',
  };
  return { row, en };
}

export const SEEDED_USER_RULES: Seeded<UserRuleRow>[] = [
  rule(1, 0, 'menu_dir', ['我的账户', 'My account'], 'account', 'fa fa-user-circle', '', 98),
  rule(
    2,
    1,
    'menu',
    ['账户概览', 'Account overview'],
    'account/overview',
    'fa fa-home',
    'account/overview.vue',
    99,
  ),
  rule(
    3,
    1,
    'menu',
    ['个人资料', 'Personal data'],
    'account/profile',
    'fa fa-user-circle-o',
    'account/profile.vue',
    98,
  ),
  rule(
    4,
    1,
    'menu',
    ['修改密码', 'Change password'],
    'account/changePassword',
    'fa fa-shield',
    'account/changePassword.vue',
    97,
  ),
  rule(5, 1, 'menu', ['积分记录', 'Points log'], 'account/integral', 'fa fa-tag', 'account/integral.vue', 96),
  rule(
    6,
    1,
    'menu',
    ['余额记录', 'Balance log'],
    'account/balance',
    'fa fa-money',
    'account/balance.vue',
    95,
  ),
];

export const USER_RULES: UserRuleRow[] = rowsOf(SEEDED_USER_RULES);
