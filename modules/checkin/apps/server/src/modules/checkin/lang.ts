/** Server messages of the check-in module (keys are the English texts, as in the core). */
import type { LanguagePack } from '../../module-contract/define.js';

export const CHECKIN_LANG: { 'zh-cn': LanguagePack; en: LanguagePack } = {
  'zh-cn': {
    'Daily check-in %s': '每日签到 %s',
    'You have already checked in today': '今天已经签到过了',
    'Checked in, %s points received': '签到成功，获得 %s 积分',
    'Checked in': '签到成功',
  },
  en: {},
};
