/**
 * What a seeded member and a seeded admin-log entry look like: every column as an SQL
 * expression of the row's id, so a whole batch is one INSERT … SELECT. The values vary the
 * way a real site's do (several name stems, nickname phrases in English and Chinese, mail
 * domains, mobile prefixes, a five-year history, members who never signed in), so filters
 * select realistic fractions of the table.
 */
import { sql } from 'kysely';
import {
  isId,
  LONE_NICKNAME,
  LONE_TITLE,
  LONE_USERNAME_STEM,
  logStretch,
  loneLogId,
  loneMemberId,
  memberStretch,
  STRETCH_TITLE,
  STRETCH_WORD,
  within,
} from './match-shapes.js';
import type { Expr, SqlKit } from './sql-kit.js';

const NAME_STEMS = [
  'user',
  'alice',
  'bob',
  'chen',
  'wang',
  'li',
  'zhang',
  'liu',
  'mike',
  'anna',
  'lucy',
  'tom',
  'jack',
  'mary',
  'sam',
  'kate',
] as const;
const ADJECTIVES = [
  'Quiet',
  'Brave',
  'Silver',
  'Happy',
  'Lucky',
  'Swift',
  'Gentle',
  'Bright',
  'Wild',
  'Calm',
  'Golden',
  'Little',
  '快乐的',
  '安静的',
  '勇敢的',
  '聪明的',
  '可爱的',
  '自由的',
  '温柔的',
  '阳光的',
] as const;
const NOUNS = [
  'Harbor',
  'Tiger',
  'River',
  'Falcon',
  'Maple',
  'Comet',
  'Otter',
  'Meadow',
  'Panda',
  'Willow',
  'Ember',
  'Fox',
  '小猫',
  '老虎',
  '月亮',
  '星星',
  '大海',
  '熊猫',
  '飞鸟',
  '森林',
] as const;
const MAIL_DOMAINS = ['example.com', 'qq.com', '163.com', 'gmail.com', 'outlook.com', 'mail.cn'] as const;

/** [title, url] pairs as the admin log records them: the same screen gives the same title. */
const LOGGED_ACTIONS = [
  ['会员管理-编辑', '/admin/user.User/edit'],
  ['会员管理-添加', '/admin/user.User/add'],
  ['会员管理-删除', '/admin/user.User/del'],
  ['Member management-Edit', '/admin/user.User/edit'],
  ['管理员管理-编辑', '/admin/auth.Admin/edit'],
  ['Administrator management-Edit', '/admin/auth.Admin/edit'],
  ['菜单规则管理-编辑', '/admin/auth.Rule/edit'],
  ['系统配置-保存', '/admin/routine.Config/edit'],
  ['System configuration-Save', '/admin/routine.Config/edit'],
  ['附件管理-删除', '/admin/routine.Attachment/del'],
  ['登录', '/admin/index/login'],
  ['Login', '/admin/index/login'],
  ['余额日志-添加', '/admin/user.MoneyLog/add'],
  ['积分日志-添加', '/admin/user.ScoreLog/add'],
  ['Member group management-Edit', '/admin/user.Group/edit'],
  ['个人资料-保存', '/admin/routine.AdminInfo/edit'],
] as const;
const LOG_ADMINS = ['admin', 'editor2', 'editor3', 'ops4', 'ops5', 'audit6', 'support7', 'support8'] as const;
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
] as const;

export const YEAR_SECONDS = 365 * 86_400;
/** Members joined over the five years before this moment; log entries cover the last three. */
export const HISTORY_END = 1_767_225_600; // 2026-01-01 UTC
const MEMBER_HISTORY_START = HISTORY_END - 5 * YEAR_SECONDS;
const LOG_HISTORY_START = HISTORY_END - 3 * YEAR_SECONDS;

/** Rows are created in id order, spread evenly over the history, with some jitter. */
function timeOf(kit: SqlKit, id: Expr, start: number, rows: number, salt: number): Expr {
  const step = Math.max(1, Math.floor((HISTORY_END - start) / rows));
  return sql`(${sql.lit(start)} + (${id}) * ${sql.lit(step)} + ${kit.hash(id, salt, step)})`;
}

export function memberColumns(
  kit: SqlKit,
  id: Expr,
  members: number,
  groupIds: number[],
  passwordHash: string,
): Record<string, Expr> {
  const h = (salt: number, modulo: number) => kit.hash(id, salt, modulo);
  const lone = isId(id, loneMemberId(members));
  const stem = sql`case when ${lone} then ${sql.lit(LONE_USERNAME_STEM)} else ${kit.pick(NAME_STEMS, h(1, NAME_STEMS.length))} end`;
  const username = kit.concat(stem, id);
  const phrase = kit.concat(
    kit.pick(ADJECTIVES, h(8, ADJECTIVES.length)),
    ' ',
    kit.pick(NOUNS, h(9, NOUNS.length)),
  );
  const created = timeOf(kit, id, MEMBER_HISTORY_START, members, 2);
  const ip = kit.concat('10.', h(3, 256), '.', h(4, 256), '.', h(5, 256));
  const group = kit.pick(
    groupIds.map(String),
    // Most members stay in the first group.
    sql`case when ${h(6, 10)} < 8 then 0 else ${h(7, groupIds.length)} end`,
  );
  return {
    id,
    group_id: kit.int(group),
    username,
    nickname: sql`case
      when ${lone} then ${sql.lit(LONE_NICKNAME)}
      when ${within(id, memberStretch(members))} then ${kit.concat(phrase, ` ${STRETCH_WORD}`)}
      else ${phrase} end`,
    email: kit.concat(username, '@', kit.pick(MAIL_DOMAINS, h(10, MAIL_DOMAINS.length))),
    // Eleven digits: 1, a carrier digit 3-9, nine more.
    mobile: kit.concat('1', sql`(3 + ${h(11, 7)})`, sql`(100000000 + ${h(12, 900_000_000)})`),
    gender: h(13, 3),
    money: h(14, 1_000_000),
    score: h(15, 50_000),
    // One in ten never signed in; the others last did some time between joining and the end.
    last_login_time: sql`case when ${h(16, 10)} = 0 then null else ${created} + ${h(17, 86_400 * 365)} % (${sql.lit(HISTORY_END)} - ${created} + 1) end`,
    last_login_ip: ip,
    join_ip: ip,
    join_time: created,
    password: sql.lit(passwordHash),
    status: sql`case when ${h(18, 20)} = 0 then 'disable' else 'enable' end`,
    update_time: created,
    create_time: created,
  };
}

export function logColumns(kit: SqlKit, id: Expr, logs: number): Record<string, Expr> {
  const h = (salt: number, modulo: number) => kit.hash(id, salt, modulo);
  const action = h(21, LOGGED_ACTIONS.length);
  const admin = h(22, LOG_ADMINS.length);
  const target = h(23, 100_000);
  return {
    id,
    admin_id: sql`(1 + ${admin})`,
    username: kit.pick(LOG_ADMINS, admin),
    url: kit.concat(
      kit.pick(
        LOGGED_ACTIONS.map(([, url]) => url),
        action,
      ),
      '?id=',
      target,
    ),
    title: sql`case
      when ${isId(id, loneLogId(logs))} then ${sql.lit(LONE_TITLE)}
      when ${within(id, logStretch(logs))} then ${sql.lit(STRETCH_TITLE)}
      else ${kit.pick(
        LOGGED_ACTIONS.map(([title]) => title),
        action,
      )} end`,
    data: kit.concat('{"id":', target, ',"remark":"', kit.pick(NOUNS, h(24, NOUNS.length)), '"}'),
    ip: kit.concat('172.16.', h(25, 256), '.', h(26, 256)),
    useragent: kit.pick(USER_AGENTS, h(27, USER_AGENTS.length)),
    create_time: timeOf(kit, id, LOG_HISTORY_START, logs, 28),
  };
}
