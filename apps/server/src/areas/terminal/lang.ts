/**
 * The terminal area's server messages, keyed by their English text as in the core: why the
 * stream refuses its caller (sent as `Error:<text>` lines), the admin-log titles of its
 * actions (stored as written, like the sign-in's 'Login'), and its route summaries (the API
 * reference looks a summary up in the language packs). Translated in the area's own pack,
 * which the app merges at start, before the first request.
 */
import type { LanguagePack } from '@portico/server-sdk';

export const TERMINAL_REFUSALS = {
  notSuper: 'You are not super administrator or not logged in',
  ticketExpired: 'The terminal ticket has expired, please try again',
  // The core's sentence for an expired sign-in: translated with the core's messages.
  tokenExpired: 'Token expiration',
} as const;

export const LOG_TITLES = { config: 'Change terminal config', ticket: 'Terminal command ticket' } as const;

export const TERMINAL_LANG: { 'zh-cn': LanguagePack } = {
  'zh-cn': {
    [LOG_TITLES.config]: '修改终端配置',
    [LOG_TITLES.ticket]: '终端命令凭证',
    [TERMINAL_REFUSALS.notSuper]: '您不是超级管理员或未登录',
    [TERMINAL_REFUSALS.ticketExpired]: '终端凭证已过期，请重试',
    // Route summaries, for the API reference page of a Chinese reader.
    "A single-use ticket that opens the terminal's event stream (super administrators)":
      '打开终端事件流的一次性凭证（超级管理员）',
    "Change the terminal's package manager and/or port; answers the terminal settings":
      '修改终端的包管理器和/或端口；返回终端设置',
    'Run a whitelisted command (super administrators), its output as server-sent events':
      '运行白名单中的命令（超级管理员），输出以服务器发送事件返回',
  },
};
