/**
 * The terminal area's server messages, keyed by their English text as in the core: why the
 * stream refuses its caller (sent as `Error:<text>` lines) and the admin-log titles of its
 * actions (stored as written, like the sign-in's 'Login'). Used by constant, and translated in
 * the area's own pack, which the app merges at start, before the first request.
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
  },
};
