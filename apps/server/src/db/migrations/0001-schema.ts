/**
 * The reference schema (BuildAdmin v2.1.2, final shape after its own migrations), portable
 * across the three dialects. Widened where Portico stores more: password holds an argon2id
 * hash (255), token holds an HMAC-SHA256 hex digest (64). Additions: admin/user
 * login_failure_time and captcha.attempts (see db/schema.ts).
 */
import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { ORIGINAL_TABLES as TABLES } from '../original-tables.js';
import { type AnyDb, type ColumnKit, columnKit } from './columns.js';

type TableBuilder = (db: AnyDb, k: ColumnKit) => Promise<void>;

const create = (db: AnyDb, name: string) => db.schema.createTable(name);

const builders: Record<(typeof TABLES)[number], TableBuilder> = {
  admin: async (db, k) => {
    let t = k.id(create(db, 'admin'));
    t = k.str(t, 'username', 20);
    t = k.str(t, 'nickname', 50);
    t = k.str(t, 'avatar', 255);
    t = k.str(t, 'email', 50);
    t = k.str(t, 'mobile', 11);
    t = k.int(t, 'login_failure');
    t = k.time(t, 'login_failure_time');
    t = k.time(t, 'last_login_time');
    t = k.str(t, 'last_login_ip', 50);
    t = k.str(t, 'password', 255);
    t = k.str(t, 'salt', 30);
    t = k.str(t, 'motto', 255);
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'admin', ['username'], true);
  },
  admin_group: async (db, k) => {
    let t = k.id(create(db, 'admin_group'));
    t = k.int(t, 'pid');
    t = k.str(t, 'name', 100);
    t = k.text(t, 'rules');
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  admin_group_access: async (db, k) => {
    let t = create(db, 'admin_group_access');
    t = t.addColumn('uid', 'integer', (c) => c.notNull());
    t = t.addColumn('group_id', 'integer', (c) => c.notNull());
    await k.finish(t).execute();
    await k.index(db, 'admin_group_access', ['uid']);
    await k.index(db, 'admin_group_access', ['group_id']);
  },
  admin_log: async (db, k) => {
    let t = k.id(create(db, 'admin_log'));
    t = k.int(t, 'admin_id');
    t = k.str(t, 'username', 20);
    t = k.str(t, 'url', 1500);
    t = k.str(t, 'title', 100);
    t = k.text(t, 'data');
    t = k.str(t, 'ip', 50);
    t = k.str(t, 'useragent', 255);
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'admin_log', ['admin_id']);
  },
  admin_rule: async (db, k) => {
    let t = k.id(create(db, 'admin_rule'));
    t = k.int(t, 'pid');
    t = k.choice(t, 'type', 'menu');
    t = k.str(t, 'title', 50);
    t = k.str(t, 'name', 50);
    t = k.str(t, 'path', 100);
    t = k.str(t, 'icon', 50);
    t = k.choice(t, 'menu_type', null);
    t = k.str(t, 'url', 255);
    t = k.str(t, 'component', 100);
    t = k.int(t, 'keepalive');
    t = k.choice(t, 'extend', 'none');
    t = k.str(t, 'remark', 255);
    t = k.int(t, 'weigh');
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'admin_rule', ['pid']);
  },
  area: async (db, k) => {
    let t = k.id(create(db, 'area'));
    t = t.addColumn('pid', 'integer');
    t = k.strNull(t, 'shortname', 100);
    t = k.strNull(t, 'name', 100);
    t = k.strNull(t, 'mergename', 255);
    t = t.addColumn('level', 'integer');
    t = k.strNull(t, 'pinyin', 100);
    t = k.strNull(t, 'code', 100);
    t = k.strNull(t, 'zip', 100);
    t = k.strNull(t, 'first', 50);
    t = k.strNull(t, 'lng', 50);
    t = k.strNull(t, 'lat', 50);
    await k.finish(t).execute();
    await k.index(db, 'area', ['pid']);
  },
  attachment: async (db, k) => {
    let t = k.id(create(db, 'attachment'));
    t = k.str(t, 'topic', 20);
    t = k.int(t, 'admin_id');
    t = k.int(t, 'user_id');
    t = k.str(t, 'url', 255);
    t = k.int(t, 'width');
    t = k.int(t, 'height');
    t = k.str(t, 'name', 100);
    t = k.int(t, 'size');
    t = k.str(t, 'mimetype', 100);
    t = k.int(t, 'quote');
    t = k.str(t, 'storage', 50);
    t = k.str(t, 'sha1', 40);
    t = k.time(t, 'create_time');
    t = k.time(t, 'last_upload_time');
    await k.finish(t).execute();
    await k.index(db, 'attachment', ['sha1']);
  },
  captcha: async (db, k) => {
    let t = create(db, 'captcha');
    t = t.addColumn('key', 'varchar(64)', (c) => c.primaryKey());
    t = k.str(t, 'code', 64);
    t = k.text(t, 'captcha');
    t = k.int(t, 'attempts');
    t = k.time(t, 'create_time');
    t = k.time(t, 'expire_time');
    await k.finish(t).execute();
  },
  config: async (db, k) => {
    let t = k.id(create(db, 'config'));
    t = k.str(t, 'name', 30);
    t = k.str(t, 'group', 30);
    t = k.str(t, 'title', 50);
    t = k.str(t, 'tip', 100);
    t = k.str(t, 'type', 30);
    t = k.text(t, 'value');
    t = k.text(t, 'content');
    t = k.str(t, 'rule', 100);
    t = k.str(t, 'extend', 255);
    t = k.int(t, 'allow_del');
    t = k.int(t, 'weigh');
    await k.finish(t).execute();
    await k.index(db, 'config', ['name'], true);
  },
  security_data_recycle: async (db, k) => {
    let t = k.id(create(db, 'security_data_recycle'));
    t = k.str(t, 'name', 50);
    t = k.str(t, 'controller', 100);
    t = k.str(t, 'controller_as', 100);
    t = k.str(t, 'data_table', 100);
    t = k.str(t, 'connection', 100);
    t = k.str(t, 'primary_key', 50);
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  security_data_recycle_log: async (db, k) => {
    let t = k.id(create(db, 'security_data_recycle_log'));
    t = k.int(t, 'admin_id');
    t = k.int(t, 'recycle_id');
    t = k.text(t, 'data');
    t = k.str(t, 'data_table', 100);
    t = k.str(t, 'connection', 100);
    t = k.str(t, 'primary_key', 50);
    t = k.int(t, 'is_restore');
    t = k.str(t, 'ip', 50);
    t = k.str(t, 'useragent', 255);
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  security_sensitive_data: async (db, k) => {
    let t = k.id(create(db, 'security_sensitive_data'));
    t = k.str(t, 'name', 50);
    t = k.str(t, 'controller', 100);
    t = k.str(t, 'controller_as', 100);
    t = k.str(t, 'data_table', 100);
    t = k.str(t, 'connection', 100);
    t = k.str(t, 'primary_key', 50);
    t = k.text(t, 'data_fields');
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  security_sensitive_data_log: async (db, k) => {
    let t = k.id(create(db, 'security_sensitive_data_log'));
    t = k.int(t, 'admin_id');
    t = k.int(t, 'sensitive_id');
    t = k.str(t, 'data_table', 100);
    t = k.str(t, 'connection', 100);
    t = k.str(t, 'primary_key', 50);
    t = k.str(t, 'data_field', 50);
    t = k.str(t, 'data_comment', 50);
    t = k.int(t, 'id_value');
    t = k.text(t, 'before');
    t = k.text(t, 'after');
    t = k.str(t, 'ip', 50);
    t = k.str(t, 'useragent', 255);
    t = k.int(t, 'is_rollback');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  token: async (db, k) => {
    let t = create(db, 'token');
    t = t.addColumn('token', 'varchar(64)', (c) => c.primaryKey());
    t = k.str(t, 'type', 15);
    t = k.int(t, 'user_id');
    t = k.time(t, 'create_time');
    t = k.time(t, 'expire_time');
    await k.finish(t).execute();
    await k.index(db, 'token', ['user_id', 'type']);
  },
  user: async (db, k) => {
    let t = k.id(create(db, 'user'));
    t = k.int(t, 'group_id');
    t = k.str(t, 'username', 32);
    t = k.str(t, 'nickname', 50);
    t = k.str(t, 'email', 50);
    t = k.str(t, 'mobile', 11);
    t = k.str(t, 'avatar', 255);
    t = k.int(t, 'gender');
    t = t.addColumn('birthday', 'date');
    t = k.int(t, 'money');
    t = k.int(t, 'score');
    t = k.time(t, 'last_login_time');
    t = k.str(t, 'last_login_ip', 50);
    t = k.int(t, 'login_failure');
    t = k.time(t, 'login_failure_time');
    t = k.str(t, 'join_ip', 50);
    t = k.time(t, 'join_time');
    t = k.str(t, 'motto', 255);
    t = k.str(t, 'password', 255);
    t = k.str(t, 'salt', 30);
    t = k.str(t, 'status', 30);
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'user', ['username'], true);
    await k.index(db, 'user', ['email']);
    await k.index(db, 'user', ['mobile']);
  },
  user_group: async (db, k) => {
    let t = k.id(create(db, 'user_group'));
    t = k.str(t, 'name', 50);
    t = k.text(t, 'rules');
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
  },
  user_money_log: async (db, k) => {
    let t = k.id(create(db, 'user_money_log'));
    t = k.int(t, 'user_id');
    t = k.int(t, 'money');
    t = k.int(t, 'before');
    t = k.int(t, 'after');
    t = k.str(t, 'memo', 255);
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'user_money_log', ['user_id']);
  },
  user_rule: async (db, k) => {
    let t = k.id(create(db, 'user_rule'));
    t = k.int(t, 'pid');
    t = k.choice(t, 'type', 'menu');
    t = k.str(t, 'title', 50);
    t = k.str(t, 'name', 50);
    t = k.str(t, 'path', 100);
    t = k.str(t, 'icon', 50);
    t = k.choice(t, 'menu_type', 'tab');
    t = k.str(t, 'url', 255);
    t = k.str(t, 'component', 100);
    t = k.int(t, 'no_login_valid');
    t = k.choice(t, 'extend', 'none');
    t = k.str(t, 'remark', 255);
    t = k.int(t, 'weigh');
    t = k.flag(t, 'status', '1');
    t = k.time(t, 'update_time');
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'user_rule', ['pid']);
  },
  user_score_log: async (db, k) => {
    let t = k.id(create(db, 'user_score_log'));
    t = k.int(t, 'user_id');
    t = k.int(t, 'score');
    t = k.int(t, 'before');
    t = k.int(t, 'after');
    t = k.str(t, 'memo', 255);
    t = k.time(t, 'create_time');
    await k.finish(t).execute();
    await k.index(db, 'user_score_log', ['user_id']);
  },
};

export function schemaMigration(dialect: Dialect, prefix: string): Migration {
  const kit = columnKit(dialect, prefix);
  return {
    async up(db: AnyDb) {
      for (const table of TABLES) await builders[table](db, kit);
    },
    async down(db: AnyDb) {
      for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
