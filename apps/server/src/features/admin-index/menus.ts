/** The back-office menu tree of an administrator, as the web app consumes it. */
import type { ServerRule } from '@portico/shared';
import type { AdminIdentity } from '../../auth/types.js';
import type { Db } from '../../db/connection.js';
import type { Lang } from '../../i18n/index.js';
import { ADMIN_RULE_TITLES } from '../../i18n/seeded-titles.js';
import { buildTree } from '../../util/tree.js';

/** Seeded titles come in the reader's language (sidebar, tabs and page titles show them). */
export async function adminMenus(db: Db, admin: AdminIdentity, lang: Lang): Promise<ServerRule[]> {
  let query = db.kysely
    .selectFrom('admin_rule')
    .select([
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
      'keepalive',
      'extend',
    ])
    .where('status', '=', '1')
    .orderBy('weigh', 'desc')
    .orderBy('id', 'asc');
  if (!admin.super) {
    if (admin.ruleIds.size === 0) return [];
    query = query.where('id', 'in', [...admin.ruleIds]);
  }
  const rows = await query.execute();
  // A cached page is keyed by its rule name, so keepalive carries the name when on.
  const menus = rows.map((row) => ({
    ...row,
    title: ADMIN_RULE_TITLES.show(row.name, row.title, lang),
    keepalive: row.keepalive ? row.name : 0,
  }));
  // Only trees hanging from the top level are walked: a rule whose parent is not granted is dropped.
  return buildTree(menus).filter((node) => node.pid === 0);
}
