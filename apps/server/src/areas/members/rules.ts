/**
 * The members area's back-office menus: "Members" with the member list, groups, rules and the
 * balance and points logs. The install data seeds them with fixed ids (groups and existing
 * databases refer to them), so the area declares the same rows as a tree; enabling finds
 * them by name and inserts nothing.
 */
import { seededAdminRules } from '@portico/server-sdk';

export const MEMBERS_ADMIN_RULES = seededAdminRules('user');
