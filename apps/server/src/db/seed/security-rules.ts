/**
 * Default data-security rules: which controllers' deletions go to the recycle bin, and which fields'
 * edits are logged. data_table holds logical table names (no prefix). Unlike the original, rule 3
 * points at admin_rule (the original still named the pre-v2 menu_rule table, so it never matched).
 */
import type { Insertable } from 'kysely';
import type { SecurityDataRecycleTable, SecuritySensitiveDataTable } from '../schema.js';

function recycle(
  id: number,
  name: string,
  controller: string,
  controller_as: string,
  data_table: string,
): Insertable<SecurityDataRecycleTable> {
  return { id, name, controller, controller_as, data_table, connection: '', primary_key: 'id', status: '1' };
}

function sensitive(
  id: number,
  name: string,
  controller: string,
  controller_as: string,
  data_table: string,
  fields: Record<string, string>,
): Insertable<SecuritySensitiveDataTable> {
  return {
    id,
    name,
    controller,
    controller_as,
    data_table,
    connection: '',
    primary_key: 'id',
    data_fields: JSON.stringify(fields),
    status: '1',
  };
}

export const DATA_RECYCLE_RULES: Insertable<SecurityDataRecycleTable>[] = [
  recycle(1, '管理员', 'auth/Admin.php', 'auth/admin', 'admin'),
  recycle(2, '管理员日志', 'auth/AdminLog.php', 'auth/adminlog', 'admin_log'),
  recycle(3, '菜单规则', 'auth/Rule.php', 'auth/rule', 'admin_rule'),
  recycle(4, '系统配置项', 'routine/Config.php', 'routine/config', 'config'),
  recycle(5, '会员', 'user/User.php', 'user/user', 'user'),
  recycle(6, '数据回收规则', 'security/DataRecycle.php', 'security/datarecycle', 'security_data_recycle'),
];

export const SENSITIVE_DATA_RULES: Insertable<SecuritySensitiveDataTable>[] = [
  sensitive(1, '管理员数据', 'auth/Admin.php', 'auth/admin', 'admin', {
    username: '用户名',
    mobile: '手机',
    password: '密码',
    status: '状态',
  }),
  sensitive(2, '会员数据', 'user/User.php', 'user/user', 'user', {
    username: '用户名',
    mobile: '手机',
    password: '密码',
    status: '状态',
    email: '邮箱',
  }),
  sensitive(3, '管理员权限', 'auth/Group.php', 'auth/group', 'admin_group', { rules: '权限规则' }),
];
