/**
 * The help text shown above a management table: the `remark` of the page's menu rule.
 * Every list request shows it, so the remarks are kept for a few seconds, and dropped with
 * an administrator's grants whenever rules change (in any server process).
 */
import type { CacheVersions } from '../db/cache-versions.js';
import type { Db } from '../db/connection.js';
import { SharedCache } from '../db/shared-cache.js';
import { type Lang, translate } from '../i18n/index.js';

const REMARKS_CACHE_MS = 5000;
/** What the remarks are read with: the database and its cache versions (AppContext has both). */
export interface RemarkSources {
  db: Db;
  caches: CacheVersions;
}

const caches = new WeakMap<RemarkSources, SharedCache<'all', Map<string, string>>>();

export async function routeRemark(
  ctx: RemarkSources,
  controller: string,
  lang: Lang = 'zh-cn',
): Promise<string> {
  const remark = (await remarksByName(ctx)).get(controller.replaceAll('.', '/').toLowerCase());
  return remark ? translate(remark, lang) : '';
}

function remarksByName(ctx: RemarkSources): Promise<Map<string, string>> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SharedCache(ctx.caches, 'rules', REMARKS_CACHE_MS);
    caches.set(ctx, cache);
  }
  return cache.get('all', async () => {
    const rows = await ctx.db.kysely
      .selectFrom('admin_rule')
      .select(['name', 'remark'])
      .where('remark', '<>', '')
      .execute();
    return new Map(rows.map((r) => [r.name.toLowerCase(), r.remark]));
  });
}
