/** 简体中文：登录会话区域的“登录会话”卡片（管理员和会员）。 */
import type { Pack } from '@portico/web-sdk/module';

const sessions = {
  'Signed-in sessions': '登录会话',
  '{browser} on {os}': '{os} 上的 {browser}',
  'Unknown device': '未知设备',
  'This device': '本设备',
  'Last used': '最近使用',
  'Sign out': '退出登录',
  'Sign out this session?': '确定退出该会话吗？',
  'Sign out all other sessions': '退出其他所有会话',
  'Sign out all other sessions?': '确定退出其他所有会话吗？',
  'Every other device will have to sign in again': '其他设备都需要重新登录。',
};

export default { sessions } satisfies Pack;
