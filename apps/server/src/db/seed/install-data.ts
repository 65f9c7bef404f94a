/**
 * Everything the install-data migration writes, by logical table, in insertion order.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import { ADMIN_RULES } from './admin-rules.js';
import { CONFIG_ROWS } from './config-rows.js';
import { ADMIN_GROUPS, USER_GROUPS } from './groups.js';
import { DATA_RECYCLE_RULES, SENSITIVE_DATA_RULES } from './security-rules.js';
import { USER_RULES } from './user-rules.js';

export type SeededTable =
  | 'admin_rule'
  | 'user_rule'
  | 'admin_group'
  | 'user_group'
  | 'config'
  | 'security_data_recycle'
  | 'security_sensitive_data';

export type InstallRows = { [T in SeededTable]: Insertable<Database[T]>[] };

export function installRows(): InstallRows {
  return {
    admin_rule: ADMIN_RULES,
    user_rule: USER_RULES,
    admin_group: ADMIN_GROUPS,
    user_group: USER_GROUPS,
    config: CONFIG_ROWS,
    security_data_recycle: DATA_RECYCLE_RULES,
    security_sensitive_data: SENSITIVE_DATA_RULES,
  };
}
