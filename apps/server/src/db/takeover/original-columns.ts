/**
 * The columns of the original product (BuildAdmin v2.1.2) that a takeover relies on: every
 * column of its core tables, as its installer and version migrations leave them (the original's
 * database/migrations: 20230620180908_install.php, …version200.php to …version206.php, written
 * up in the shared reference's buildadmin-server.md section 1, and loaded for real by
 * test/fixtures/buildadmin-v2.sql, which takeover-refusals.test.ts checks this list against).
 * Portico's first migration (0001-schema.ts) was modelled on these tables, so its code reads and
 * writes each of these columns; the takeover's own steps (schema-steps.ts, data-steps.ts) alter
 * and fill some of them.
 *
 * Only what Portico depends on is stated: the type's family (the original's INT UNSIGNED may be
 * a BIGINT, VARCHAR(32) a VARCHAR(255) or TEXT, NOT NULL nullable), the values an ENUM must
 * allow (Portico writes them), and the ids that must number themselves (Portico inserts rows
 * without one). Lengths are not checked: the takeover widens the columns where Portico stores
 * more (schema-steps.ts), and a site's wider ones are fine.
 */

export type TypeFamily = 'integer' | 'decimal' | 'floating point' | 'text' | 'date' | 'date and time';

export interface OriginalColumn {
  family: TypeFamily;
  /** The ENUM's values, each of which Portico may write: an ENUM must allow them all (any text column does). */
  values?: readonly string[];
  /** AUTO_INCREMENT: Portico inserts rows without an id. */
  autoIncrement?: boolean;
}

const ID: OriginalColumn = { family: 'integer', autoIncrement: true };
const INT: OriginalColumn = { family: 'integer' };
/** The original's times: unix seconds in BIGINT(16) UNSIGNED. */
const TIME = INT;
const TEXT: OriginalColumn = { family: 'text' };
const DATE: OriginalColumn = { family: 'date' };
const oneOf = (...values: string[]): OriginalColumn => ({ family: 'text', values });
const FLAG = oneOf('0', '1');
const RULE_EXTEND = oneOf('none', 'add_rules_only', 'add_menu_only');
const MENU_TYPE = oneOf('tab', 'link', 'iframe');

/** By table (without prefix), in the original's column order. */
export const ORIGINAL_COLUMNS: Record<string, Record<string, OriginalColumn>> = {
  admin: {
    id: ID,
    username: TEXT,
    nickname: TEXT,
    avatar: TEXT,
    email: TEXT,
    mobile: TEXT,
    login_failure: INT,
    last_login_time: TIME,
    last_login_ip: TEXT,
    password: TEXT,
    salt: TEXT,
    motto: TEXT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  admin_group: {
    id: ID,
    pid: INT,
    name: TEXT,
    rules: TEXT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  admin_group_access: { uid: INT, group_id: INT },
  admin_log: {
    id: ID,
    admin_id: INT,
    username: TEXT,
    url: TEXT,
    title: TEXT,
    data: TEXT,
    ip: TEXT,
    useragent: TEXT,
    create_time: TIME,
  },
  admin_rule: {
    id: ID,
    pid: INT,
    type: oneOf('menu_dir', 'menu', 'button'),
    title: TEXT,
    name: TEXT,
    path: TEXT,
    icon: TEXT,
    menu_type: MENU_TYPE,
    url: TEXT,
    component: TEXT,
    keepalive: INT,
    extend: RULE_EXTEND,
    remark: TEXT,
    weigh: INT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  area: {
    id: ID,
    pid: INT,
    shortname: TEXT,
    name: TEXT,
    mergename: TEXT,
    level: INT,
    pinyin: TEXT,
    code: TEXT,
    zip: TEXT,
    first: TEXT,
    lng: TEXT,
    lat: TEXT,
  },
  attachment: {
    id: ID,
    topic: TEXT,
    admin_id: INT,
    user_id: INT,
    url: TEXT,
    width: INT,
    height: INT,
    name: TEXT,
    size: INT,
    mimetype: TEXT,
    quote: INT,
    storage: TEXT,
    sha1: TEXT,
    create_time: TIME,
    last_upload_time: TIME,
  },
  captcha: { key: TEXT, code: TEXT, captcha: TEXT, create_time: TIME, expire_time: TIME },
  config: {
    id: ID,
    name: TEXT,
    group: TEXT,
    title: TEXT,
    tip: TEXT,
    type: TEXT,
    value: TEXT,
    content: TEXT,
    rule: TEXT,
    extend: TEXT,
    allow_del: INT,
    weigh: INT,
  },
  // The CRUD generator's record: Portico's generator reads the site's history from it.
  crud_log: {
    id: ID,
    table_name: TEXT,
    table: TEXT,
    fields: TEXT,
    status: oneOf('delete', 'success', 'error', 'start'),
    connection: TEXT,
    create_time: TIME,
  },
  security_data_recycle: {
    id: ID,
    name: TEXT,
    controller: TEXT,
    controller_as: TEXT,
    data_table: TEXT,
    connection: TEXT,
    primary_key: TEXT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  security_data_recycle_log: {
    id: ID,
    admin_id: INT,
    recycle_id: INT,
    data: TEXT,
    data_table: TEXT,
    connection: TEXT,
    primary_key: TEXT,
    is_restore: INT,
    ip: TEXT,
    useragent: TEXT,
    create_time: TIME,
  },
  security_sensitive_data: {
    id: ID,
    name: TEXT,
    controller: TEXT,
    controller_as: TEXT,
    data_table: TEXT,
    connection: TEXT,
    primary_key: TEXT,
    data_fields: TEXT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  security_sensitive_data_log: {
    id: ID,
    admin_id: INT,
    sensitive_id: INT,
    data_table: TEXT,
    connection: TEXT,
    primary_key: TEXT,
    data_field: TEXT,
    data_comment: TEXT,
    id_value: INT,
    before: TEXT,
    after: TEXT,
    ip: TEXT,
    useragent: TEXT,
    is_rollback: INT,
    create_time: TIME,
  },
  token: { token: TEXT, type: TEXT, user_id: INT, create_time: TIME, expire_time: TIME },
  user: {
    id: ID,
    group_id: INT,
    username: TEXT,
    nickname: TEXT,
    email: TEXT,
    mobile: TEXT,
    avatar: TEXT,
    gender: INT,
    birthday: DATE,
    money: INT,
    score: INT,
    last_login_time: TIME,
    last_login_ip: TEXT,
    login_failure: INT,
    join_ip: TEXT,
    join_time: TIME,
    motto: TEXT,
    password: TEXT,
    salt: TEXT,
    status: TEXT,
    update_time: TIME,
    create_time: TIME,
  },
  user_group: { id: ID, name: TEXT, rules: TEXT, status: FLAG, update_time: TIME, create_time: TIME },
  user_money_log: {
    id: ID,
    user_id: INT,
    money: INT,
    before: INT,
    after: INT,
    memo: TEXT,
    create_time: TIME,
  },
  user_rule: {
    id: ID,
    pid: INT,
    type: oneOf('route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'),
    title: TEXT,
    name: TEXT,
    path: TEXT,
    icon: TEXT,
    menu_type: MENU_TYPE,
    url: TEXT,
    component: TEXT,
    no_login_valid: INT,
    extend: RULE_EXTEND,
    remark: TEXT,
    weigh: INT,
    status: FLAG,
    update_time: TIME,
    create_time: TIME,
  },
  user_score_log: {
    id: ID,
    user_id: INT,
    score: INT,
    before: INT,
    after: INT,
    memo: TEXT,
    create_time: TIME,
  },
};

/**
 * Tables above that a database may lack: Portico creates them when missing (crud_log by the
 * CRUD generator's own migration), so only a table that is there is checked.
 */
export const TABLES_CHECKED_WHEN_PRESENT: ReadonlySet<string> = new Set(['crud_log']);
