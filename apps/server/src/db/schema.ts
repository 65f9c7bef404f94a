/**
 * Table types, named by logical table (without the configurable prefix, which the
 * withTablePrefix adds). Columns follow the original's schema so that an existing
 * database of the original product can be taken over; additions are marked.
 *
 * Conventions: times are unix seconds (nullable where the original allows it),
 * money is integer cents, flags stored as '0' / '1' strings where the original
 * used ENUM('0','1').
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A unix-seconds timestamp column that may be NULL. */
type Time = number | null;
/** An auto-increment primary key. */
type Id = Generated<number>;
/** A column the database fills with a default when the insert leaves it out. */
type Default<T> = ColumnType<T, T | undefined, T>;

export interface AdminTable {
  id: Id;
  username: string;
  nickname: Default<string>;
  avatar: Default<string>;
  email: Default<string>;
  mobile: Default<string>;
  login_failure: Default<number>;
  /** Addition: time of the last failed password, so failures never overwrite last_login_time. */
  login_failure_time: Default<Time>;
  last_login_time: Default<Time>;
  last_login_ip: Default<string>;
  /** argon2id hash (or a legacy 32-hex md5 hash until the next successful login). */
  password: Default<string>;
  /** Only meaningful for legacy md5 hashes; emptied when a password is re-hashed. */
  salt: Default<string>;
  motto: Default<string>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface AdminGroupTable {
  id: Id;
  pid: Default<number>;
  name: string;
  /** Comma list of admin_rule ids, or '*' for super administrators. */
  rules: Default<string | null>;
  status: Default<'0' | '1'>;
  /** '1': members of the group sign in with a second factor (TOTP). Migration 0021. */
  two_factor: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

/** An administrator's TOTP second factor (migration 0021). */
export interface AdminTwoFactorTable {
  admin_id: number;
  /** The base32 secret, AES-256-GCM under a key derived from APP_SECRET. */
  secret: string;
  /** '0' while enrolment waits for its first code. */
  enabled: Default<'0' | '1'>;
  /** The 30-second step of the last code accepted: a code is accepted once. */
  last_step: Default<number>;
  /**
   * Wrong codes since failure_since (a window) or the last right code; a full window locks
   * the second factor until locked_until (migration 0023).
   */
  failures: Default<number>;
  failure_since: Default<number>;
  locked_until: Default<number>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

/** Single-use recovery codes, stored as HMACs (migration 0021). */
export interface AdminRecoveryCodeTable {
  admin_id: number;
  code_hash: string;
  used_time: Default<Time>;
}

export interface AdminGroupAccessTable {
  uid: number;
  group_id: number;
}

export interface AdminLogTable {
  id: Id;
  admin_id: Default<number>;
  username: Default<string>;
  url: Default<string>;
  title: Default<string>;
  data: Default<string | null>;
  ip: Default<string>;
  useragent: Default<string>;
  create_time: Default<Time>;
}

export type RuleMenuType = 'tab' | 'link' | 'iframe';
export type RuleExtend = 'none' | 'add_rules_only' | 'add_menu_only';

export interface AdminRuleTable {
  id: Id;
  pid: Default<number>;
  type: Default<'menu_dir' | 'menu' | 'button'>;
  title: Default<string>;
  name: Default<string>;
  path: Default<string>;
  icon: Default<string>;
  menu_type: Default<RuleMenuType | null>;
  url: Default<string>;
  component: Default<string>;
  keepalive: Default<number>;
  extend: Default<RuleExtend>;
  remark: Default<string>;
  weigh: Default<number>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface AreaTable {
  id: Id;
  pid: Default<number | null>;
  shortname: Default<string | null>;
  name: Default<string | null>;
  mergename: Default<string | null>;
  level: Default<number | null>;
  pinyin: Default<string | null>;
  code: Default<string | null>;
  zip: Default<string | null>;
  first: Default<string | null>;
  lng: Default<string | null>;
  lat: Default<string | null>;
}

export interface AttachmentTable {
  id: Id;
  topic: Default<string>;
  admin_id: Default<number>;
  user_id: Default<number>;
  url: Default<string>;
  width: Default<number>;
  height: Default<number>;
  name: Default<string>;
  size: Default<number>;
  mimetype: Default<string>;
  quote: Default<number>;
  storage: Default<string>;
  sha1: Default<string>;
  create_time: Default<Time>;
  last_upload_time: Default<Time>;
}

export interface CaptchaTable {
  /** HMAC of the client-chosen captcha id. */
  key: string;
  /** HMAC of the upper-cased answer ('' for a click captcha). */
  code: Default<string>;
  /** A click captcha's challenge (JSON: target boxes and picture size); otherwise NULL (the original kept the raw answer here). */
  captcha: Default<string | null>;
  /** Addition: wrong answers so far, for codes that allow a few attempts (e-mail / SMS). */
  attempts: Default<number>;
  create_time: Default<Time>;
  expire_time: Default<Time>;
}

export interface ConfigTable {
  id: Id;
  name: string;
  group: Default<string>;
  title: Default<string>;
  tip: Default<string>;
  type: Default<string>;
  value: Default<string | null>;
  content: Default<string | null>;
  rule: Default<string>;
  extend: Default<string>;
  allow_del: Default<number>;
  weigh: Default<number>;
}

export interface SecurityDataRecycleTable {
  id: Id;
  name: Default<string>;
  controller: Default<string>;
  controller_as: Default<string>;
  data_table: Default<string>;
  connection: Default<string>;
  primary_key: Default<string>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface SecurityDataRecycleLogTable {
  id: Id;
  admin_id: Default<number>;
  recycle_id: Default<number>;
  data: Default<string | null>;
  data_table: Default<string>;
  connection: Default<string>;
  primary_key: Default<string>;
  is_restore: Default<number>;
  ip: Default<string>;
  useragent: Default<string>;
  create_time: Default<Time>;
  /** Addition: who restored the entry, and when (the entry is kept). */
  restore_admin_id: Default<number>;
  restore_time: Default<Time>;
  /** Addition: password-like fields of the row (JSON), apart from the searchable `data`. */
  secret_data: Default<string | null>;
}

export interface SecuritySensitiveDataTable {
  id: Id;
  name: Default<string>;
  controller: Default<string>;
  controller_as: Default<string>;
  data_table: Default<string>;
  connection: Default<string>;
  primary_key: Default<string>;
  /** JSON object {field: label}. */
  data_fields: Default<string | null>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface SecuritySensitiveDataLogTable {
  id: Id;
  admin_id: Default<number>;
  sensitive_id: Default<number>;
  data_table: Default<string>;
  connection: Default<string>;
  primary_key: Default<string>;
  data_field: Default<string>;
  data_comment: Default<string>;
  id_value: Default<number>;
  before: Default<string | null>;
  after: Default<string | null>;
  ip: Default<string>;
  useragent: Default<string>;
  is_rollback: Default<number>;
  create_time: Default<Time>;
  /** Addition: who rolled the change back, and when (the entry is kept). */
  rollback_admin_id: Default<number>;
  rollback_time: Default<Time>;
  /** Addition: HMAC of the value written, to detect later changes (passwords show `after` as ******). */
  after_digest: Default<string>;
}

export type TokenType =
  | 'admin'
  | 'admin-refresh'
  | 'user'
  | 'user-refresh'
  | 'email-pass'
  | 'mobile-pass'
  /** A single-use, short-lived pass to open one terminal stream (EventSource cannot send headers). */
  | 'terminal-ticket'
  /** Between an administrator's password and their second factor: names who, allows nothing else. */
  | 'admin-2fa';

export interface TokenTable {
  /** HMAC-SHA256 (hex) of the token under APP_SECRET; the token itself is never stored. */
  token: string;
  type: TokenType;
  user_id: Default<number>;
  create_time: Default<Time>;
  expire_time: Default<Time>;
  /**
   * The session (sign-in) the token belongs to: random, shared by its access tokens and its
   * chain of refresh tokens, so signing out or a detected reuse ends all of them. Rows from
   * before migration 0007 carry their own stored form here (a session of one).
   */
  family: string;
  /** When a refresh token was exchanged for its successor; null while it is the newest. */
  rotated_time: Default<Time>;
  /** The User-Agent that signed the session in (clipped to 255), shown as its device. Migration 0020. */
  user_agent: Default<string>;
  /** The address the token was last used from (at most a minute old). */
  ip: Default<string>;
  /** When the token was last used, written at most once a minute; null on rows from before 0020. */
  last_use_time: Default<Time>;
  /** Second-factor codes tried with a sign-in's ticket ('admin-2fa'), each counted before it is checked. Migration 0023. */
  tries: Default<number>;
}

export interface UserTable {
  id: Id;
  group_id: Default<number>;
  username: string;
  nickname: Default<string>;
  email: Default<string>;
  mobile: Default<string>;
  avatar: Default<string>;
  gender: Default<number>;
  birthday: Default<string | null>;
  money: Default<number>;
  score: Default<number>;
  last_login_time: Default<Time>;
  last_login_ip: Default<string>;
  login_failure: Default<number>;
  /** Addition: see AdminTable.login_failure_time. */
  login_failure_time: Default<Time>;
  join_ip: Default<string>;
  join_time: Default<Time>;
  motto: Default<string>;
  password: Default<string>;
  salt: Default<string>;
  status: Default<string>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface UserGroupTable {
  id: Id;
  name: string;
  rules: Default<string | null>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface UserMoneyLogTable {
  id: Id;
  user_id: Default<number>;
  money: Default<number>;
  before: Default<number>;
  after: Default<number>;
  memo: Default<string>;
  create_time: Default<Time>;
}

export type UserRuleType = 'route' | 'menu_dir' | 'menu' | 'nav_user_menu' | 'nav' | 'button';

export interface UserRuleTable {
  id: Id;
  pid: Default<number>;
  type: Default<UserRuleType>;
  title: Default<string>;
  name: Default<string>;
  path: Default<string>;
  icon: Default<string>;
  menu_type: Default<RuleMenuType>;
  url: Default<string>;
  component: Default<string>;
  no_login_valid: Default<number>;
  extend: Default<RuleExtend>;
  remark: Default<string>;
  weigh: Default<number>;
  status: Default<'0' | '1'>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

/** A module this install knows (see src/module-contract); state numbers are the original's. */
export interface ModuleTable {
  id: Id;
  uid: string;
  state: Default<number>;
  version: Default<string>;
  grants: Default<string | null>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

export interface ModuleMigrationTable {
  id: Id;
  module: string;
  name: string;
  create_time: Default<Time>;
}

export interface UserScoreLogTable {
  id: Id;
  user_id: Default<number>;
  score: Default<number>;
  before: Default<number>;
  after: Default<number>;
  memo: Default<string>;
  create_time: Default<Time>;
}

/** Addition: the public articles and pages behind /article/{id} and /page/{id}. */
export interface ContentTable {
  id: Id;
  kind: 'article' | 'page';
  title: string;
  /** HTML, sanitized when saved and again when served. */
  body: Default<string | null>;
  /** '1' published, '0' draft (not shown publicly). */
  status: Default<'0' | '1'>;
  weigh: Default<number>;
  update_time: Default<Time>;
  create_time: Default<Time>;
}

/**
 * Addition: wrong passwords per account and client, behind the sign-in lockout
 * (auth/login.ts). Rows whose lock has run out are swept.
 */
/** The key of a change that must apply once, with the first answer (migration 0024). */
export interface IdempotencyKeyTable {
  id: Id;
  /** Whose change and which: 'admin:3:user.MoneyLog/add', 'user:7:store/pay'. */
  scope: string;
  /** The Idempotency-Key header as sent. */
  idem_key: string;
  /** SHA-256 (hex) of the request's body: the same key with another body is refused. */
  fingerprint: string;
  /** The first answer's data as JSON. */
  answer: string | null;
  create_time: Default<number>;
}

export interface LoginFailureTable {
  /** Which account table: 'admin' or 'user'. */
  kind: 'admin' | 'user';
  account_id: number;
  /** The caller's IP as Fastify sees it (TRUST_PROXY aware); IPv6 cut to its /64 network. */
  client: string;
  failures: Default<number>;
  last_failure_time: number;
}

/** Addition: the version of each in-memory cache area, shared by the server processes (db/cache-versions.ts). */
export interface CacheVersionTable {
  area: string;
  version: Default<number>;
}

/** Addition: the per-IP auth budget's counters, shared by the server processes (http/auth-budget-store.ts). */
export interface AuthBudgetTable {
  /** The rate limiter's key: the client's IP (an IPv6 client by its network). */
  client: string;
  hits: Default<number>;
  /** When the current window ends, in milliseconds. */
  window_end: number;
}

/** Addition: rows server processes lock to take turns (db/startup-lock.ts). */
export interface ProcessLockTable {
  name: string;
}

/** Addition: exact row counts of the large tables, in slots kept by triggers (migrations/0016-row-counts.ts). */
export interface RowCountTable {
  /** The logical (unprefixed) table name. */
  table_name: string;
  slot: number;
  counted: Default<number>;
}

/** Addition: the ids each day's rows hold, kept by triggers (migrations/0018-id-spans.ts). */
export interface IdSpanTable {
  /** The logical (unprefixed) table name. */
  table_name: string;
  /** `create_time` divided by 86,400, truncated. */
  day: number;
  slot: number;
  min_id: number;
  max_id: number;
  inserted: Default<number>;
}

/** Addition: the rows each block of ids holds, kept by triggers (migrations/0019-id-blocks.ts). */
export interface IdBlockTable {
  /** The logical (unprefixed) table name. */
  table_name: string;
  /** `id` divided by BLOCK, truncated. */
  block: number;
  slot: number;
  counted: Default<number>;
}

/**
 * The tables of modules and built-in areas, added by augmenting this interface through
 * `@portico/server-sdk` (see its database.ts), so they join `Database` with their own types.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from modules and areas.
export interface ModuleTables {}

export interface Database extends ModuleTables {
  admin: AdminTable;
  admin_group: AdminGroupTable;
  admin_group_access: AdminGroupAccessTable;
  admin_log: AdminLogTable;
  admin_recovery_code: AdminRecoveryCodeTable;
  admin_rule: AdminRuleTable;
  admin_two_factor: AdminTwoFactorTable;
  area: AreaTable;
  attachment: AttachmentTable;
  auth_budget: AuthBudgetTable;
  cache_version: CacheVersionTable;
  captcha: CaptchaTable;
  config: ConfigTable;
  content: ContentTable;
  idempotency_key: IdempotencyKeyTable;
  login_failure: LoginFailureTable;
  module: ModuleTable;
  module_migration: ModuleMigrationTable;
  process_lock: ProcessLockTable;
  row_count: RowCountTable;
  id_span: IdSpanTable;
  id_block: IdBlockTable;
  security_data_recycle: SecurityDataRecycleTable;
  security_data_recycle_log: SecurityDataRecycleLogTable;
  security_sensitive_data: SecuritySensitiveDataTable;
  security_sensitive_data_log: SecuritySensitiveDataLogTable;
  token: TokenTable;
  user: UserTable;
  user_group: UserGroupTable;
  user_money_log: UserMoneyLogTable;
  user_rule: UserRuleTable;
  user_score_log: UserScoreLogTable;
}

export type TableName = keyof Database;

/**
 * Every logical table of application data; the prefix plugin rewrites these and
 * BOOKKEEPING_TABLES. Screens that list tables (data security) offer only these.
 */
export const TABLE_NAMES: readonly TableName[] = [
  'admin',
  'admin_group',
  'admin_group_access',
  'admin_log',
  'admin_rule',
  'area',
  'attachment',
  'captcha',
  'config',
  'content',
  'login_failure',
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
];

/**
 * Bookkeeping, prefixed like the others and never offered as data: the module contract's
 * records, the state the server processes share (cache versions, the auth budget, locks, row counts, id spans and blocks), and administrators' second factors.
 */
export const BOOKKEEPING_TABLES: readonly TableName[] = [
  'module',
  'module_migration',
  'cache_version',
  'auth_budget',
  'process_lock',
  'row_count',
  'id_span',
  'id_block',
  'idempotency_key',
  // Second-factor secrets and recovery codes: never offered to data-security rules.
  'admin_two_factor',
  'admin_recovery_code',
];

export type User = Selectable<UserTable>;
