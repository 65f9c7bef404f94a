/**
 * Server messages of the check-in module, keyed by their English text as in the core. They are
 * used by constant, as the core's installer messages are: the core's coverage test looks for
 * literal keys in the core's own pack, and these are translated in the module's pack (checked
 * by modules/checkin/test/lang.server.test.ts).
 */
import type { LanguagePack } from '@portico/server-sdk';

export const CHECKIN_MESSAGES = {
  /** The points-log remark, with the site day. */
  remark: 'Daily check-in %s',
  already: 'You have already checked in today',
  rewarded: 'Checked in, %s points received',
  /** When the reward is switched off. */
  checkedIn: 'Checked in',
} as const;

export const CHECKIN_LANG: { 'zh-cn': LanguagePack; en: LanguagePack } = {
  'zh-cn': {
    [CHECKIN_MESSAGES.remark]: '每日签到 %s',
    [CHECKIN_MESSAGES.already]: '今天已经签到过了',
    [CHECKIN_MESSAGES.rewarded]: '签到成功，获得 %s 积分',
    [CHECKIN_MESSAGES.checkedIn]: '签到成功',
  },
  en: {},
};
