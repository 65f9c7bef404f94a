/**
 * The original product's core tables (BuildAdmin v2.1.2), in creation order. Migration 0001
 * creates them in this order (and drops them in reverse); the takeover looks for them
 * (db/takeover/detect.ts). Deliberately its own list rather than schema.ts's: it is the schema
 * as it was when 0001 was written.
 */
export const ORIGINAL_TABLES = [
  'admin',
  'admin_group',
  'admin_group_access',
  'admin_log',
  'admin_rule',
  'area',
  'attachment',
  'captcha',
  'config',
  'security_data_recycle',
  'security_data_recycle_log',
  'security_sensitive_data',
  'security_sensitive_data_log',
  'token',
  'user',
  'user_group',
  'user_money_log',
  'user_rule',
  'user_score_log',
] as const;
