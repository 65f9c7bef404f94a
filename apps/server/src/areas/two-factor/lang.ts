/**
 * The two-factor area's server messages, keyed by their English text as in the core: its
 * answers, the admin-log titles of its actions (stored as written, like the sign-in's
 * 'Login') and its route summaries (the API reference looks a summary up in the language
 * packs). The sign-in's own second-factor messages stay in the core's pack. The app merges
 * this pack at start, before the first request.
 */
import type { LanguagePack } from '@portico/server-sdk';

export const MESSAGES = {
  on: 'Two-factor sign-in is on',
  off: 'Two-factor sign-in is off',
  required: 'Your group requires two-factor sign-in',
  notOn: 'Two-factor sign-in is not on',
  reset: 'Two-factor sign-in has been reset',
  renewed: 'New recovery codes are ready',
} as const;

export const LOG_TITLES = {
  enable: 'Turn on two-factor sign-in',
  renew: 'Renew two-factor recovery codes',
  disable: 'Turn off two-factor sign-in',
  reset: 'Reset two-factor sign-in',
} as const;

export const TWO_FACTOR_LANG: { 'zh-cn': LanguagePack } = {
  'zh-cn': {
    [MESSAGES.on]: '双因素登录已开启',
    [MESSAGES.off]: '双因素登录已关闭',
    [MESSAGES.required]: '您所在的管理组要求双因素登录',
    [MESSAGES.notOn]: '双因素登录未开启',
    [MESSAGES.reset]: '双因素登录已重置',
    [MESSAGES.renewed]: '新的恢复码已生成',
    [LOG_TITLES.enable]: '开启双因素登录',
    [LOG_TITLES.renew]: '重新生成双因素恢复码',
    [LOG_TITLES.disable]: '关闭双因素登录',
    [LOG_TITLES.reset]: '重置双因素登录',
    // Route summaries, for the API reference page of a Chinese reader.
    "The caller's two-factor sign-in: on or not, required by a group, recovery codes left":
      '调用者的双因素登录：是否开启、是否为组所要求、剩余恢复码',
    'Start setting up two-factor sign-in: a new secret': '开始设置双因素登录：返回一个新密钥',
    'Turn two-factor sign-in on with a code from the new secret; answers the recovery codes':
      '用新密钥的验证码开启双因素登录；返回恢复码',
    'New recovery codes, confirmed with a code; the old ones stop working':
      '生成新的恢复码（需验证码确认）；旧恢复码失效',
    'Turn two-factor sign-in off, confirmed with a code': '关闭双因素登录（需验证码确认）',
    "Remove an administrator's second factor (a lost phone): they sign in with their password, or set it up again when a group requires it. Super administrators only":
      '移除管理员的第二因素（手机丢失时）：其改用密码登录，若所在组要求则重新设置。仅限超级管理员',
  },
};
