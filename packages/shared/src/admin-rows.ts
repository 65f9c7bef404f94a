/** Rows of the core back-office resources: administrators, their groups and rules, the log, attachments. */
import type { StoredTime, SwitchFlag } from './row-fields.js';

/** auth.Admin: never the password or its salt. */
export interface AdminRow {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  mobile: string;
  last_login_time: StoredTime;
  last_login_ip: string;
  motto: string;
  status: SwitchFlag;
  update_time: StoredTime;
  create_time: StoredTime;
  /** The ids of their groups. */
  group_arr: number[];
  /** The names of their groups, in the order of group_arr. */
  group_name_arr: string[];
  /** The edit form only: always blank. */
  password?: '';
}

/** auth.Group (a tree). */
export interface AdminGroupRow {
  id: number;
  pid: number;
  name: string;
  /** Listed: what the group grants, in words. Edit form: the granted leaf rule ids, or '*'. */
  rules: string | number[];
  status: SwitchFlag;
  two_factor: SwitchFlag;
  update_time: StoredTime;
  create_time: StoredTime;
  children?: AdminGroupRow[];
}

/** The columns both rule trees (administrators' and members') store. */
export interface StoredRuleFields {
  id: number;
  pid: number;
  title: string;
  name: string;
  path: string;
  icon: string;
  menu_type: 'tab' | 'link' | 'iframe' | null;
  url: string;
  component: string;
  extend: 'none' | 'add_rules_only' | 'add_menu_only';
}

/** auth.Rule (a tree): the back-office menus, pages and buttons. */
export interface AdminRuleRow extends StoredRuleFields {
  type: 'menu_dir' | 'menu' | 'button';
  /** 1: the page is kept alive while hidden. */
  keepalive: number;
  remark: string;
  weigh: number;
  status: SwitchFlag;
  update_time: StoredTime;
  create_time: StoredTime;
  children?: AdminRuleRow[];
}

/** auth.AdminLog, read-only. */
export interface AdminLogRow {
  id: number;
  /** 0: a refused sign-in under an unknown name. */
  admin_id: number;
  username: string;
  url: string;
  title: string;
  /** The request data as JSON, secrets masked. */
  data: string | null;
  ip: string;
  useragent: string;
  create_time: StoredTime;
}

/** routine.Attachment. */
export interface AttachmentRow {
  id: number;
  topic: string;
  /** 0 for a member's upload. */
  admin_id: number;
  /** 0 for an administrator's upload. */
  user_id: number;
  /** The path under /storage/. */
  url: string;
  /** 0 unless an image. */
  width: number;
  height: number;
  name: string;
  /** Bytes. */
  size: number;
  mimetype: string;
  storage: string;
  sha1: string;
  last_upload_time: StoredTime;
  /** How many times it was uploaded. */
  quote: number;
  create_time: StoredTime;
  admin_nickname: string | null;
  user_nickname: string | null;
  /** The name's extension; `file` without one. */
  suffix: string;
  /** The address the file is shown from. */
  full_url: string;
  /** The uploaders nested, as the original client reads them. */
  admin: { nickname: string } | null;
  user: { nickname: string } | null;
}
