/** 简体中文：会员中心的签到页和后台的签到管理。 */
import type { Pack } from '@portico/web-sdk/module';

const checkin = {
  'Daily check-in': '每日签到',
  'Check in now': '立即签到',
  '+{points} points': '+{points} 积分',
  'Checked in today': '今日已签到',
  'Come back tomorrow': '明天再来，保持连续签到',
  Streak: '连续签到',
  // Chinese counts take no plural; both forms keep the packs' keys alike.
  days_one: '天',
  days_other: '天',
  'Points per check-in': '每次签到积分',
  'Total check-ins': '累计签到',
  'Points this month': '本月获得积分',
  'Checked in': '已签到',
  Year: '年份',
  Month: '月份',
  'User ID': '会员ID',
  Username: '用户名',
  Nickname: '昵称',
  Date: '日期',
  Points: '积分',
  'Streak days': '连续天数',
  'Check-in time': '签到时间',
  'Reward setting': '签到奖励设置',
  'Reward help': '会员每天签到获得的积分（设为 0 则不发放积分）。',
  Save: '保存',
  'Quick search fields': '用户名、昵称',
};

export default { checkin } satisfies Pack;
