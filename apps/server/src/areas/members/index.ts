/**
 * The members area as the back-office manages them: the member list, member groups, member
 * rules, and the balance and points logs (the changes themselves go through the core's
 * ledger). Its tables stay declared by the core (db/schema.ts): the member centre, the ledger,
 * the install data and the takeover use them by name. A member's own account (sign-in,
 * profile, their logs) is the core's member centre, not this area.
 */
import { defineModule, MONEY, SCORE } from '@portico/server-sdk';
import { registerBalanceLog } from './balance-log.js';
import { MEMBERS_LANG } from './lang.js';
import { registerMemberGroupResource } from './member-group.resource.js';
import { registerMemberRuleResource } from './member-rule.resource.js';
import { MEMBERS_ADMIN_RULES } from './rules.js';
import { registerUserResource } from './user.resource.js';

export const membersModule = defineModule({
  uid: 'members',
  version: '1.0.0',
  builtIn: true,
  routes(app, ctx) {
    registerUserResource(app, ctx);
    registerMemberGroupResource(app, ctx);
    registerMemberRuleResource(app, ctx);
    registerBalanceLog(app, ctx, MONEY);
    registerBalanceLog(app, ctx, SCORE);
  },
  adminRules: MEMBERS_ADMIN_RULES,
  lang: MEMBERS_LANG,
});
