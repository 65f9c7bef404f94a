/** The help text shown above a management table: the `remark` of the page's menu rule. */
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { translate } from '../i18n/index.js';

export async function routeRemark(
  ctx: AppContext,
  controller: string,
  lang: 'zh-cn' | 'en' = 'zh-cn',
): Promise<string> {
  const name = controller.replaceAll('.', '/').toLowerCase();
  const row = await ctx.db.kysely
    .selectFrom('admin_rule')
    .select('remark')
    .where(sql<string>`lower(name)`, '=', name)
    .executeTakeFirst();
  return row?.remark ? translate(row.remark, lang) : '';
}
