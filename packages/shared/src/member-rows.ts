/** Rows of the member resources: members, their groups and rules, the balance and points logs. */
import type { StoredRuleFields } from './admin-rows.js';
import type { StoredTime, SwitchFlag } from './row-fields.js';

/** user.User: never the password or its salt. */
export interface MemberRow {
  id: number;
  group_id: number;
  /** Listed only: the group, in the reader's language. */
  group_name?: string | null;
  username: string;
  nickname: string;
  /** "username(ID:id)", the label of remote selects. */
  nickname_text: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: number;
  birthday: string | null;
  /** The balance, a 2-decimal string. */
  money: string;
  score: number;
  last_login_time: StoredTime;
  last_login_ip: string;
  join_time: StoredTime;
  motto: string;
  /** 'enable' or 'disable'. */
  status: string;
  /** The edit form only: always blank. */
  password?: '';
  update_time: StoredTime;
  create_time: StoredTime;
}

/** user.Group. */
export interface MemberGroupRow {
  id: number;
  name: string;
  /** Listed: the stored '*' or comma list. Edit form: '*' or the checked leaf rule ids. */
  rules: string | number[] | null;
  /** Listed only: how many rules, or all of them. */
  rules_text?: string;
  status: SwitchFlag;
  create_time: StoredTime;
  update_time: StoredTime;
}

/** user.Rule (a tree): the member centre's routes, menus and buttons. */
export interface MemberRuleRow extends StoredRuleFields {
  type: 'route' | 'menu_dir' | 'menu' | 'nav' | 'button' | 'nav_user_menu';
  /** 1: shown to visitors too. */
  no_login_valid: number;
  remark: string;
  weigh: number;
  status: SwitchFlag;
  create_time: StoredTime;
  update_time: StoredTime;
  children?: MemberRuleRow[];
}

/** The fields of both ledgers' entries (user.MoneyLog, user.ScoreLog). */
interface LedgerEntryRow<Amount> {
  id: number;
  user_id: number;
  before: Amount;
  after: Amount;
  /** The remark the member reads in their log. */
  memo: string;
  create_time: StoredTime;
  /** The member's username (null once the member is deleted). */
  username: string | null;
  nickname: string | null;
}

/** user.MoneyLog: amounts as 2-decimal strings. */
export interface MoneyLogRow extends LedgerEntryRow<string> {
  /** The change. */
  money: string;
}

/** user.ScoreLog: amounts as whole points. */
export interface ScoreLogRow extends LedgerEntryRow<number> {
  /** The change. */
  score: number;
}
