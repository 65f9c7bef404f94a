/**
 * The sessions area's server messages, keyed by their English text as in the core: its
 * answers, the admin-log titles of the administrator's endings (stored as written, like the
 * sign-in's 'Login') and its route summaries (the API reference looks a summary up in the
 * language packs). The app merges this pack at start, before the first request.
 */
import type { LanguagePack } from '@portico/server-sdk';

export const MESSAGES = {
  alreadyEnded: 'The session has already ended',
  ended: 'Signed out of that session',
  othersEnded: 'Signed out of all other sessions',
} as const;

export const LOG_TITLES = {
  end: 'End a signed-in session',
  endOthers: 'End all other signed-in sessions',
} as const;

export const SESSIONS_LANG: { 'zh-cn': LanguagePack } = {
  'zh-cn': {
    [MESSAGES.alreadyEnded]: '该会话已结束',
    [MESSAGES.ended]: '已退出该会话',
    [MESSAGES.othersEnded]: '已退出其他所有会话',
    [LOG_TITLES.end]: '结束一个登录会话',
    [LOG_TITLES.endOthers]: '结束其他所有登录会话',
    // Route summaries, for the API reference page of a Chinese reader.
    "The caller's signed-in sessions, their own first, then the most recently used":
      '调用者的登录会话：当前会话在前，其余按最近使用排序',
    "End one of the caller's sessions (sign that device out); its tokens are refused at once":
      '结束调用者的一个会话（让该设备退出登录）；其令牌立即失效',
    "End every session of the caller's but this one": '结束调用者除当前会话外的所有会话',
    "The member's signed-in sessions, their own first, then the most recently used":
      '会员的登录会话：当前会话在前，其余按最近使用排序',
    "End one of the member's sessions (sign that device out); its tokens are refused at once":
      '结束会员的一个会话（让该设备退出登录）；其令牌立即失效',
    "End every session of the member's but this one": '结束会员除当前会话外的所有会话',
  },
};
