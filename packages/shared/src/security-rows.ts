/** Rows of data security: the recycle and sensitive-data rules and their logs. */
import type { StoredTime, SwitchFlag } from './row-fields.js';

/** security.DataRecycle: a controller whose deletes are kept. */
export interface RecycleRuleRow {
  id: number;
  name: string;
  controller: string;
  /** The lower-case key writes are matched on (`auth/admin`). */
  controller_as: string;
  connection: string;
  data_table: string;
  primary_key: string;
  status: SwitchFlag;
  update_time: StoredTime;
  create_time: StoredTime;
}

/** security.SensitiveData: a controller whose edits of some fields are logged. */
export interface SensitiveRuleRow extends RecycleRuleRow {
  /** The watched fields and their labels. */
  data_fields: Record<string, string>;
  /** The same, as the form edits them. */
  fields: { name: string; value: string }[];
}

/** What every security log entry shows: its columns, its rule's name and both administrators'. */
interface SecurityLogRow {
  id: number;
  admin_id: number;
  data_table: string;
  connection: string;
  primary_key: string;
  ip: string;
  useragent: string;
  create_time: StoredTime;
  /** Null once the rule is gone. */
  rule_name: string | null;
  controller_as: string | null;
  admin_nickname: string | null;
  admin_username: string | null;
  undo_nickname: string | null;
  undo_username: string | null;
  /** The administrator who acted, nested as the original client reads it; null once gone. */
  admin: { nickname: string; username: string } | null;
}

/** The rule that captured an entry, nested as the original client reads it; null once gone. */
type CapturingRule = { name: string; controller_as: string } | null;

/** security.DataRecycleLog. */
export interface RecycleLogRow extends SecurityLogRow {
  recycle_id: number;
  /** Who restored the entry; 0 while it stands. */
  restore_admin_id: number;
  recycle: CapturingRule;
  /** The deleted row as JSON, password-like fields as ******. */
  data: string | null;
  /** 1 once restored. */
  is_restore: number;
  restore_time: StoredTime;
}

/** security.SensitiveDataLog. */
export interface SensitiveLogRow extends SecurityLogRow {
  sensitive_id: number;
  /** Who rolled the entry back; 0 while it stands. */
  rollback_admin_id: number;
  sensitive: CapturingRule;
  /** `primary_key=value` in the list, the bare value in `info`. */
  id_value: string | number;
  data_field: string;
  /** The field's label in the rule. */
  data_comment: string;
  /** ****** for a password. */
  before: string | null;
  after: string | null;
  /** 1 once rolled back. */
  is_rollback: number;
  rollback_time: StoredTime;
}
