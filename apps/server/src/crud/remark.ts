/**
 * The help text shown above a management table: the `remark` of the page's menu rule.
 * Every list request shows it, so the remarks are kept for a few seconds and dropped
 * after any back-office write, like an administrator's grants.
 */
import type { AppContext } from '../context.js';
import type { Db } from '../db/connection.js';
import { type Lang, translate } from '../i18n/index.js';

const REMARKS_CACHE_MS = 5000;
const cached = new WeakMap<Db, { at: number; byName: Map<string, string> }>();

export async function routeRemark(
  ctx: AppContext,
  controller: string,
  lang: Lang = 'zh-cn',
): Promise<string> {
  const remark = (await remarksByName(ctx.db)).get(controller.replaceAll('.', '/').toLowerCase());
  return remark ? translate(remark, lang) : '';
}

export function forgetRemarks(db: Db): void {
  cached.delete(db);
}

async function remarksByName(db: Db): Promise<Map<string, string>> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < REMARKS_CACHE_MS) return hit.byName;
  const rows = await db.kysely
    .selectFrom('admin_rule')
    .select(['name', 'remark'])
    .where('remark', '<>', '')
    .execute();
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r.remark]));
  cached.set(db, { at: Date.now(), byName });
  return byName;
}
