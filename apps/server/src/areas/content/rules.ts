/**
 * The content area's menu: the rules the install data seeds for it (migration 0004, with fixed
 * ids), declared as a tree so enabling finds them by name and inserts nothing.
 */
import { seededAdminRules } from '@portico/server-sdk';

export const CONTENT_RULES = seededAdminRules('content');
