/**
 * The admin menu-rule tree of a fresh install: the original's final state (install data plus the
 * v2.0.0–v2.0.2 migrations) with explicit ids, because groups and existing databases refer to them.
 * Component paths are the original's own (`…/index.vue`): the original's client registers only
 * `.vue` pages, and Portico's web finds its React view (`…/index.tsx`) by the same path.
 *
 * Every row carries every column: rows are inserted several per statement, and a column missing
 * from one row would be sent as NULL on SQLite instead of taking its default.
 */
import type { Insertable } from 'kysely';
import type { AdminRuleTable } from '../schema.js';
import { rowsOf, type Seeded, type SeedTitle } from './seeded.js';

type AdminRuleRow = Insertable<AdminRuleTable>;
type SeededRule = Seeded<AdminRuleRow>;

const VIEWS = '/src/views/backend/';

/** Titles of the permission buttons, by action. */
const BUTTON_TITLES: Record<string, SeedTitle> = {
  index: ['查看', 'View'],
  add: ['添加', 'Add'],
  edit: ['编辑', 'Edit'],
  del: ['删除', 'Delete'],
  delete: ['删除', 'Delete'],
  sortable: ['快速排序', 'Quick sort'],
  restore: ['还原', 'Restore'],
  rollback: ['回滚', 'Rollback'],
  info: ['查看详情', 'View details'],
  install: ['安装', 'Install'],
  changeState: ['调整状态', 'Change state'],
  uninstall: ['卸载', 'Uninstall'],
  update: ['更新', 'Update'],
  generate: ['生成', 'Generate'],
  sendTestMail: ['测试邮件', 'Test mail'],
};

/** A whole rule row: what `fields` leaves out takes the value a new rule has. */
export function ruleRow(
  title: string,
  fields: Pick<AdminRuleRow, 'pid' | 'type' | 'name'> & Partial<AdminRuleRow>,
): AdminRuleRow {
  return {
    title,
    path: '',
    icon: '',
    menu_type: null,
    url: '',
    component: '',
    keepalive: 0,
    extend: 'none',
    remark: '',
    weigh: 0,
    status: '1',
    ...fields,
  };
}

function row(
  [title, en]: SeedTitle,
  fields: Pick<AdminRuleRow, 'id' | 'pid' | 'type' | 'name'> & Partial<AdminRuleRow>,
): SeededRule {
  return { row: ruleRow(title, fields), en };
}

export function menuDir(
  id: number,
  pid: number,
  title: SeedTitle,
  name: string,
  icon: string,
  weigh: number,
) {
  return row(title, { id, pid, type: 'menu_dir', name, path: name, icon, weigh });
}

export function menu(
  id: number,
  pid: number,
  title: SeedTitle,
  name: string,
  icon: string,
  component: string,
  weigh: number,
  extra: { path?: string; remark?: string } = {},
) {
  return row(title, {
    id,
    pid,
    type: 'menu',
    name,
    path: extra.path ?? name,
    icon,
    menu_type: 'tab',
    component: `${VIEWS}${component}`,
    keepalive: 1,
    remark: extra.remark ?? '',
    weigh,
  });
}

/** One button per action, ids counting up from firstId; `prefix/action` is the permission name. */
export function buttons(firstId: number, pid: number, prefix: string, actions: string[]) {
  return actions.map((action, i) => {
    const title = BUTTON_TITLES[action];
    if (title === undefined) throw new Error(`No button title for action ${action}`);
    return row(title, { id: firstId + i, pid, type: 'button', name: `${prefix}/${action}` });
  });
}

const REMARK = { remark: 'Remark lang' };

export const SEEDED_ADMIN_RULES: SeededRule[] = [
  menu(1, 0, ['控制台', 'Dashboard'], 'dashboard', 'fa fa-dashboard', 'dashboard.vue', 999, REMARK),
  menuDir(2, 0, ['权限管理', 'Permissions'], 'auth', 'fa fa-group', 100),
  menu(
    3,
    2,
    ['角色组管理', 'Role group management'],
    'auth/group',
    'fa fa-group',
    'auth/group/index.vue',
    99,
    REMARK,
  ),
  ...buttons(4, 3, 'auth/group', ['index', 'add', 'edit', 'del']),
  menu(
    8,
    2,
    ['管理员管理', 'Admin management'],
    'auth/admin',
    'el-icon-UserFilled',
    'auth/admin/index.vue',
    98,
  ),
  ...buttons(9, 8, 'auth/admin', ['index', 'add', 'edit', 'del']),
  menu(
    13,
    2,
    ['菜单规则管理', 'Menu rule management'],
    'auth/rule',
    'el-icon-Grid',
    'auth/rule/index.vue',
    97,
  ),
  ...buttons(14, 13, 'auth/rule', ['index', 'add', 'edit', 'del', 'sortable']),
  menu(
    19,
    2,
    ['管理员日志管理', 'Admin log management'],
    'auth/adminLog',
    'el-icon-List',
    'auth/adminLog/index.vue',
    96,
  ),
  ...buttons(20, 19, 'auth/adminLog', ['index']),
  menuDir(21, 0, ['会员管理', 'Members'], 'user', 'fa fa-drivers-license', 95),
  menu(22, 21, ['会员管理', 'Member management'], 'user/user', 'fa fa-user', 'user/user/index.vue', 94),
  ...buttons(23, 22, 'user/user', ['index', 'add', 'edit', 'del']),
  menu(27, 21, ['会员分组管理', 'Member groups'], 'user/group', 'fa fa-group', 'user/group/index.vue', 93),
  ...buttons(28, 27, 'user/group', ['index', 'add', 'edit', 'del']),
  menu(32, 21, ['会员规则管理', 'Member rules'], 'user/rule', 'fa fa-th-list', 'user/rule/index.vue', 92),
  ...buttons(33, 32, 'user/rule', ['index', 'add', 'edit', 'del', 'sortable']),
  menu(
    38,
    21,
    ['会员余额管理', 'Balance log'],
    'user/moneyLog',
    'el-icon-Money',
    'user/moneyLog/index.vue',
    91,
  ),
  ...buttons(39, 38, 'user/moneyLog', ['index', 'add']),
  menu(
    41,
    21,
    ['会员积分管理', 'Points log'],
    'user/scoreLog',
    'el-icon-Discount',
    'user/scoreLog/index.vue',
    90,
  ),
  ...buttons(42, 41, 'user/scoreLog', ['index', 'add']),
  menuDir(44, 0, ['常规管理', 'Routine'], 'routine', 'fa fa-cogs', 89),
  menu(
    45,
    44,
    ['系统配置', 'System configuration'],
    'routine/config',
    'el-icon-Tools',
    'routine/config/index.vue',
    88,
  ),
  ...buttons(46, 45, 'routine/config', ['index', 'edit']),
  menu(
    48,
    44,
    ['附件管理', 'Attachment management'],
    'routine/attachment',
    'fa fa-folder',
    'routine/attachment/index.vue',
    87,
    REMARK,
  ),
  ...buttons(49, 48, 'routine/attachment', ['index', 'edit', 'del']),
  menu(
    52,
    44,
    ['个人资料', 'Personal information'],
    'routine/adminInfo',
    'fa fa-user',
    'routine/adminInfo.vue',
    86,
  ),
  ...buttons(53, 52, 'routine/adminInfo', ['index', 'edit']),
  menuDir(55, 0, ['数据安全管理', 'Data security'], 'security', 'fa fa-shield', 85),
  menu(
    56,
    55,
    ['数据回收站', 'Data recycle bin'],
    'security/dataRecycleLog',
    'fa fa-database',
    'security/dataRecycleLog/index.vue',
    84,
  ),
  ...buttons(57, 56, 'security/dataRecycleLog', ['index', 'del', 'restore', 'info']),
  menu(
    61,
    55,
    ['敏感数据修改记录', 'Sensitive data change log'],
    'security/sensitiveDataLog',
    'fa fa-expeditedssl',
    'security/sensitiveDataLog/index.vue',
    83,
  ),
  ...buttons(62, 61, 'security/sensitiveDataLog', ['index', 'del', 'rollback', 'info']),
  menu(
    66,
    55,
    ['数据回收规则管理', 'Data recycle rules'],
    'security/dataRecycle',
    'fa fa-database',
    'security/dataRecycle/index.vue',
    82,
    REMARK,
  ),
  ...buttons(67, 66, 'security/dataRecycle', ['index', 'add', 'edit', 'del']),
  menu(
    71,
    55,
    ['敏感字段规则管理', 'Sensitive data rules'],
    'security/sensitiveData',
    'fa fa-expeditedssl',
    'security/sensitiveData/index.vue',
    81,
    REMARK,
  ),
  ...buttons(72, 71, 'security/sensitiveData', ['index', 'add', 'edit', 'del']),
  // A disabled outbound link to the original's documentation, kept for data compatibility.
  row(['BuildAdmin', 'BuildAdmin'], {
    id: 76,
    pid: 0,
    type: 'menu',
    name: 'buildadmin',
    path: 'buildadmin',
    icon: 'local-logo',
    menu_type: 'link',
    url: 'https://doc.buildadmin.com',
    status: '0',
  }),
  ...buttons(77, 45, 'routine/config', ['add']),
  menu(
    78,
    0,
    ['模块市场', 'Module market'],
    'moduleStore/moduleStore',
    'el-icon-GoodsFilled',
    'module/index.vue',
    86,
    {
      path: 'moduleStore',
    },
  ),
  ...buttons(79, 78, 'moduleStore/moduleStore', ['index', 'install', 'changeState', 'uninstall', 'update']),
  menu(84, 0, ['CRUD代码生成', 'CRUD code generator'], 'crud/crud', 'fa fa-code', 'crud/index.vue', 80),
  ...buttons(85, 84, 'crud/crud', ['index', 'generate', 'delete']),
  ...buttons(88, 45, 'routine/config', ['del']),
  ...buttons(89, 1, 'dashboard', ['index']),
  // Portico addition: the original seeded no rule for sending a test mail, so only super admins could.
  ...buttons(90, 45, 'routine/config', ['sendTestMail']),
];

export const ADMIN_RULES: AdminRuleRow[] = rowsOf(SEEDED_ADMIN_RULES);

/** The first id not used by the install data. */
export const ADMIN_RULE_NEXT_ID = 91;
