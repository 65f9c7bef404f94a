/** What a member sees of their own account, and the member menus. */
import type { MemberRule, UserInfo } from '@portico/shared';
import { z } from 'zod';
import { STORED_RULE_FIELDS } from '../../auth/rule-tree.js';
import type { UserIdentity } from '../../auth/types.js';
import type { Db } from '../../db/connection.js';
import type { Lang } from '../../i18n/index.js';
import { MEMBER_RULE_TITLES } from '../../i18n/seeded-titles.js';
import { centsToString } from '../../ledger/ledger.js';
import { buildTree } from '../../util/tree.js';

/** What a member sees of their own account (`userInfo` of the member answers). */
export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  gender: z.number().describe('0 unknown, 1 male, 2 female.'),
  birthday: z.string().nullable().describe('YYYY-MM-DD.'),
  money: z.string().describe('The balance, a 2-decimal string.'),
  score: z.number().describe('Points.'),
  join_time: z.number().nullable(),
  motto: z.string(),
  last_login_time: z.number().nullable(),
  last_login_ip: z.string(),
  token: z.string().describe('The access token.'),
  refresh_token: z.string().describe("The refresh token; '' when none was issued."),
}) satisfies z.ZodType<UserInfo>;

export function memberInfo(user: UserIdentity, token = user.token, refreshToken = ''): UserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    mobile: user.mobile,
    avatar: user.avatar,
    gender: user.gender,
    birthday: user.birthday,
    money: centsToString(user.money),
    score: user.score,
    join_time: user.join_time,
    motto: user.motto,
    last_login_time: user.last_login_time,
    last_login_ip: user.last_login_ip,
    token,
    refresh_token: refreshToken,
  };
}

const RULE_COLUMNS = [
  'id',
  'pid',
  'type',
  'title',
  'name',
  'path',
  'icon',
  'menu_type',
  'url',
  'component',
  'no_login_valid',
  'extend',
] as const;

/** A member-centre rule as the menus and routes trees carry it. */
export const memberRuleSchema = z
  .object(STORED_RULE_FIELDS)
  .extend({
    type: z.enum(['route', 'menu_dir', 'menu', 'nav', 'nav_user_menu', 'button']),
    no_login_valid: z.number().describe('1: shown to visitors too.'),
    get children(): z.ZodOptional<z.ZodArray<typeof memberRuleSchema>> {
      return z.array(memberRuleSchema).optional();
    },
  })
  .meta({ id: 'MemberRule' });

/**
 * Signed-in members: their rule tree split into `menus` (menu directories with their
 * pages) and `rules` (routes, navigation and buttons). Visitors: only the rules marked
 * valid without login. Seeded titles come in the reader's language.
 */
export async function memberRules(
  db: Db,
  user: UserIdentity | null,
  lang: Lang,
): Promise<{ rules: MemberRule[]; menus: MemberRule[] }> {
  const localised = <Row extends { name: string; title: string }>(rows: Row[]) =>
    rows.map((row) => ({ ...row, title: MEMBER_RULE_TITLES.show(row.name, row.title, lang) }));
  let query = db.kysely
    .selectFrom('user_rule')
    .select(RULE_COLUMNS)
    .where('status', '=', '1')
    .orderBy('weigh', 'desc')
    .orderBy('id', 'asc');
  if (!user) {
    const rows = await query
      .where('no_login_valid', '=', 1)
      .where('type', 'in', ['route', 'nav', 'button'])
      .execute();
    return { rules: buildTree(localised(rows)), menus: [] };
  }
  if (!user.super) {
    if (user.ruleIds.size === 0) return { rules: [], menus: [] };
    query = query.where('id', 'in', [...user.ruleIds]);
  }
  const tree = buildTree(localised(await query.execute())).filter((node) => node.pid === 0);
  return {
    menus: tree.filter((node) => node.type === 'menu_dir'),
    rules: tree.filter((node) => node.type !== 'menu_dir' && node.type !== 'menu'),
  };
}
