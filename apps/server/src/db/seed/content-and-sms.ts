/**
 * Install data added by migration 0004: the back-office screen for articles and pages, and
 * the SMS settings (a tab of the config screen) behind mobile verification codes.
 */
import { buttons, menu, menuDir } from './admin-rules.js';
import { config } from './config-rows.js';
import { rowsOf } from './seeded.js';

export const SEEDED_CONTENT_RULES = [
  menuDir(91, 0, ['内容管理', 'Content'], 'content', 'fa fa-file-text-o', 90),
  menu(
    92,
    91,
    ['文章与页面', 'Articles and pages'],
    'content/content',
    'fa fa-file-text',
    'content/content/index.vue',
    89,
  ),
  ...buttons(93, 92, 'content/content', ['index', 'add', 'edit', 'del']),
];

export const CONTENT_ADMIN_RULES = rowsOf(SEEDED_CONTENT_RULES);

export const SEEDED_SMS_CONFIG_ROWS = [
  config(27, 'sms_provider', 'sms', 'SMS provider', '', {
    type: 'select',
    options: {
      '': ['关闭', 'Off'],
      log: ['开发日志（不发送）', 'Development log (not sent)'],
      http: ['HTTP 网关', 'HTTP gateway'],
    },
    tip: [
      '开发日志：验证码只写入服务器日志，不会真正发出',
      'Development log: codes are only written to the server log, never actually sent',
    ],
    weigh: 9,
  }),
  config(28, 'sms_http_url', 'sms', 'SMS gateway URL', '', {
    tip: [
      'GET 请求；{mobile}、{code}、{template} 会被替换（URL 编码）',
      'A GET request; {mobile}, {code} and {template} are replaced (URL-encoded)',
    ],
    rule: 'url',
    weigh: 8,
  }),
];
export const SMS_CONFIG_ROWS = rowsOf(SEEDED_SMS_CONFIG_ROWS);

/** The config screen lists the groups named in config_group. */
export const SMS_CONFIG_GROUP = { key: 'sms', value: 'SMS' };
