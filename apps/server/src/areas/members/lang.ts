/**
 * The members area's own server messages, keyed by their English text as in the core. The
 * resources throw them by constant: the core's coverage test looks for literal keys in the
 * core's pack, and these are translated here, in the pack the area brings (merged when the
 * app starts its areas, before any request). Messages the core emits too (a missing member,
 * an unknown group, a component path) stay in the core's pack.
 */
import type { LanguagePack } from '@portico/server-sdk';

export const MEMBERS_MESSAGES = {
  /** A balance or points adjustment of nothing. */
  zeroChange: 'The change amount cannot be 0',
  /** A member group granted no rule. */
  noRule: 'Please select at least one rule',
  /** The member group list's rule count when a group holds every rule. */
  allRules: 'All member rules',
  groupInUse: 'The group still has members',
} as const;

export const MEMBERS_LANG: { 'zh-cn': LanguagePack; en: LanguagePack } = {
  'zh-cn': {
    [MEMBERS_MESSAGES.zeroChange]: '变更数额不能为0',
    [MEMBERS_MESSAGES.noRule]: '请至少选择一条规则',
    [MEMBERS_MESSAGES.allRules]: '全部会员规则',
    [MEMBERS_MESSAGES.groupInUse]: '该分组下还有会员',
  },
  en: {},
};
