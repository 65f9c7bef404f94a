/** 简体中文：双因素登录区域在管理员表单中的重置按钮。 */
import type { Pack } from '@portico/web-sdk/module';

const twoFactorReset = {
  'Two-factor sign-in': '双因素登录',
  'Reset two-factor sign-in': '重置双因素登录',
  'Reset two-factor sign-in?': '确定重置双因素登录？',
  'They sign in with their password alone, or set up a new second factor if their group requires one':
    '重置后该管理员仅凭密码登录；若其管理组要求双因素登录，登录时需重新设置。',
  Reset: '重置',
};

export default { twoFactorReset } satisfies Pack;
