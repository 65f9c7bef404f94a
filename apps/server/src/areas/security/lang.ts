/**
 * The data-security area's server messages, keyed by their English text as in the core; the
 * lifecycle merges them when the area starts, before the first request.
 */
import type { LanguagePack } from '@portico/server-sdk';

export const SECURITY_LANG: { 'zh-cn': LanguagePack } = {
  'zh-cn': {
    'Controller %s cannot be monitored': '控制器 %s 不可监控',
    'A rule for controller %s already exists': '控制器 %s 已有规则',
    'Record %s has already been restored': '记录 %s 已还原过',
    'Cannot restore record %s: %s=%s already exists in table %s':
      '无法还原记录 %s：%s=%s 的数据已存在于表 %s',
    'Cannot restore record %s: a unique value of it is already taken in %s':
      '无法还原记录 %s：其唯一字段的值在 %s 中已被占用',
    'Record %s has already been rolled back': '记录 %s 已回滚过',
    'Cannot roll back record %s: the row %s=%s no longer exists': '无法回滚记录 %s：数据 %s=%s 已不存在',
    'Cannot roll back record %s: field %s of row %s=%s has changed since':
      '无法回滚记录 %s：字段 %s（数据 %s=%s）之后又被修改过',
    'Restored %s records': '已还原 %s 条记录',
    'No rows were restore': '没有还原任何数据',
    'No rows were rollback': '没有回滚任何数据',
    'Rolled back %s records': '已回滚 %s 条记录',
  },
};
