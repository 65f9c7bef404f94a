/**
 * The members area's back-office menus: "Members" with the member list, groups, rules and the
 * balance and points logs. The install data seeds them with fixed ids (groups and existing
 * databases refer to them), so the area declares the same rows as a tree; enabling finds
 * them by name and inserts nothing.
 */
import { adminRuleTree, SEEDED_ADMIN_RULES } from '@portico/server-sdk';

/** The menu directory every rule of the area hangs under, and the prefix of their names. */
const ROOT = 'user';

export const MEMBERS_ADMIN_RULES = adminRuleTree(
  SEEDED_ADMIN_RULES.filter(({ row }) => row.name === ROOT || row.name?.startsWith(`${ROOT}/`)),
);
