/** 简体中文：会员中心的文字（框架、登录、注册、账户页面，以及会员字段），随会员中心加载，不在管理员登录页加载。 */
import type { Pack } from '../pack';
import { account, user } from './member-center';
import { memberFields } from './member-fields';

export default {
  user,
  account,
  'user.user': memberFields,
} satisfies Pack;
