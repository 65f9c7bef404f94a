/** English: the back-office areas' texts, loaded with the back-office (not on the sign-in pages). */
import type { Pack } from '../pack';
import { admin, adminLog, group, rule } from './auth';
import dashboard from './dashboard';
import listTransfer from './list-transfer';
import { memberFields } from './member-fields';
import moduleMarket from './module';
import { adminInfo, attachment, config, twoFactor } from './routine';
import terminal from './terminal';

export default {
  dashboard,
  listTransfer,
  'auth.admin': admin,
  'auth.group': group,
  'auth.rule': rule,
  'auth.adminLog': adminLog,
  'routine.attachment': attachment,
  'routine.adminInfo': adminInfo,
  'routine.config': config,
  terminal,
  twoFactor,
  module: moduleMarket,
  // A member's own fields: the members area's pages label them as the member centre does.
  'user.user': memberFields,
} satisfies Pack;
