/** 简体中文：后台会员管理页面（会员列表、分组、规则、余额与积分记录）；会员自己的字段属于核心（lang/zh-cn/member-fields.ts）。 */
import type { Pack } from '@portico/web-sdk/module';

/** The member list's own texts (its form's shared fields are in the core's member-fields). */
const user = {
  group: '分组',
  balance: '余额',
  integral: '积分',
  password: '密码',
  'Adjust balance': '调整余额',
  'Adjust integral': '调整积分',
  'Last login IP': '最后登录IP',
  'Last login': '最后登录',
  'username and nickname': '用户名或昵称',
};

const group = {
  'Group name': '组名',
  Permissions: '权限',
};

const rule = {
  No: '否',
  Yes: '是',
  'Normal routing': '普通路由',
  'Member center menu directory': '会员中心菜单目录',
  'Member center menu items': '会员中心菜单项',
  'Top bar menu items': '顶栏菜单项',
  'Page button': '页面按钮',
  'Top bar user dropdown': '顶栏会员菜单下拉项',
  'Visible to guests': '游客可见',
};

const ledger = {
  Balance: '当前余额',
  Integral: '当前积分',
  User: '会员',
  'User ID': '会员ID',
  'Change amount': '变更数额',
  'The change amount cannot be 0': '变更数额不能为0',
  'The change amount must be between {min} and {max}': '变更数额必须在 {min} 到 {max} 之间',
  'The value after the change would be {value}, outside the allowed range of {min} to {max}':
    '变更后的数值将为 {value}，超出允许范围 {min} 到 {max}',
  'After change': '变更后',
  Remark: '备注',
  Before: '变更前',
  After: '变更后',
};

export default {
  'user.user': user,
  'user.group': group,
  'user.rule': rule,
  'user.ledger': ledger,
} satisfies Pack;
