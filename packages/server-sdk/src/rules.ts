/**
 * Permissions as rule trees: what the back-office's and the member centre's rule trees share
 * (a parent never inside its own subtree, a new rule granted to the groups holding its parent,
 * deleted rules leaving no dangling ids), and a group's stored rule list ('*' or ids). A screen
 * managing the member rules and groups writes through these so both trees stay one logic.
 */
export { parseRuleList } from '../../../apps/server/src/auth/permissions.js';
export {
  assertParent,
  deleteRules,
  insertRule,
  MEMBER_RULES,
  ruleName,
  SHARED_RULE_FIELDS,
  STORED_RULE_FIELDS,
} from '../../../apps/server/src/auth/rule-tree.js';
