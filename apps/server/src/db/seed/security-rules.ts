/**
 * Default data-security rules: which controllers' deletions go to the recycle bin, and which fields'
 * edits are logged. data_table holds logical table names (no prefix). Unlike the original, rule 3
 * points at admin_rule (the original still named the pre-v2 menu_rule table, so it never matched).
 */
import type { Insertable } from 'kysely';
import type { SecurityDataRecycleTable, SecuritySensitiveDataTable } from '../schema.js';
import { rowsOf, type Seeded, type SeedTitle } from './seeded.js';

type RecycleRuleRow = Insertable<SecurityDataRecycleTable>;
type SensitiveRuleRow = Insertable<SecuritySensitiveDataTable>;

function recycle(
  id: number,
  [name, en]: SeedTitle,
  controller: string,
  controller_as: string,
  data_table: string,
): Seeded<RecycleRuleRow> {
  return {
    row: { id, name, controller, controller_as, data_table, connection: '', primary_key: 'id', status: '1' },
    en,
  };
}

/** The watched fields' labels, stored in Chinese like the rule names. */
const FIELD_LABELS = {
  username: ['用户名', 'Username'],
  mobile: ['手机', 'Mobile'],
  password: ['密码', 'Password'],
  status: ['状态', 'Status'],
  email: ['邮箱', 'Email'],
  rules: ['权限规则', 'Permission rules'],
} as const satisfies Record<string, SeedTitle>;

type SeededField = keyof typeof FIELD_LABELS;

/** Each seeded field label by its field: [field, Chinese, English]. */
export const SEEDED_SENSITIVE_FIELD_LABELS = Object.entries(FIELD_LABELS).map(
  ([field, [zh, en]]) => [field, zh, en] as const,
);

function sensitive(
  id: number,
  [name, en]: SeedTitle,
  controller: string,
  controller_as: string,
  data_table: string,
  fields: SeededField[],
): Seeded<SensitiveRuleRow> {
  const labels = Object.fromEntries(fields.map((field) => [field, FIELD_LABELS[field][0]]));
  const row: SensitiveRuleRow = {
    id,
    name,
    controller,
    controller_as,
    data_table,
    connection: '',
    primary_key: 'id',
    data_fields: JSON.stringify(labels),
    status: '1',
  };
  return { row, en };
}

export const SEEDED_RECYCLE_RULES: Seeded<RecycleRuleRow>[] = [
  recycle(1, ['管理员', 'Administrators'], 'auth/Admin.php', 'auth/admin', 'admin'),
  recycle(2, ['管理员日志', 'Admin logs'], 'auth/AdminLog.php', 'auth/adminlog', 'admin_log'),
  recycle(3, ['菜单规则', 'Menu rules'], 'auth/Rule.php', 'auth/rule', 'admin_rule'),
  recycle(4, ['系统配置项', 'Config items'], 'routine/Config.php', 'routine/config', 'config'),
  recycle(5, ['会员', 'Members'], 'user/User.php', 'user/user', 'user'),
  recycle(
    6,
    ['数据回收规则', 'Data recycle rules'],
    'security/DataRecycle.php',
    'security/datarecycle',
    'security_data_recycle',
  ),
];

/** Field labels are the rule's data (edited on its form, copied into log entries), kept as stored. */
export const SEEDED_SENSITIVE_RULES: Seeded<SensitiveRuleRow>[] = [
  sensitive(1, ['管理员数据', 'Admin data'], 'auth/Admin.php', 'auth/admin', 'admin', [
    'username',
    'mobile',
    'password',
    'status',
  ]),
  sensitive(2, ['会员数据', 'Member data'], 'user/User.php', 'user/user', 'user', [
    'username',
    'mobile',
    'password',
    'status',
    'email',
  ]),
  sensitive(3, ['管理员权限', 'Admin permissions'], 'auth/Group.php', 'auth/group', 'admin_group', ['rules']),
];

export const DATA_RECYCLE_RULES: RecycleRuleRow[] = rowsOf(SEEDED_RECYCLE_RULES);
export const SENSITIVE_DATA_RULES: SensitiveRuleRow[] = rowsOf(SEEDED_SENSITIVE_RULES);
