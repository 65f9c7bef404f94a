/**
 * Every function takes the query executor explicitly: inside a write it must be the
 * transaction (SQLite has a single connection, so the outer handle would wait forever).
 *
 * What a non-super administrator may manage: groups "below" them — enabled, not super,
 * every rule of which they hold, while holding at least one rule the group lacks — and
 * the administrators in those groups. Super administrators manage everything.
 */

import type { Kysely } from 'kysely';
import type { AdminIdentity } from '../../auth/admin-auth.js';
import { parseRuleList } from '../../auth/permissions.js';
import type { Database } from '../../db/schema.js';

export async function manageableGroupIds(db: Kysely<Database>, admin: AdminIdentity): Promise<Set<number>> {
  const groups = await db.selectFrom('admin_group').select(['id', 'rules', 'status']).execute();
  const ids = new Set<number>();
  for (const group of groups) {
    if (admin.super) {
      ids.add(group.id);
      continue;
    }
    if (group.status !== '1') continue;
    const rules = parseRuleList(group.rules);
    if (rules.all) continue;
    const subset = rules.ids.every((id) => admin.ruleIds.has(id));
    const extra = [...admin.ruleIds].some((id) => !rules.ids.includes(id));
    if (subset && extra) ids.add(group.id);
  }
  return ids;
}

/** Administrator ids the caller may see and change: themself plus members of manageable groups. */
export async function manageableAdminIds(
  db: Kysely<Database>,
  admin: AdminIdentity,
): Promise<Set<number> | 'all'> {
  if (admin.super) return 'all';
  const groups = await manageableGroupIds(db, admin);
  const ids = new Set<number>([admin.id]);
  if (groups.size === 0) return ids;
  const rows = await db
    .selectFrom('admin_group_access')
    .select('uid')
    .where('group_id', 'in', [...groups])
    .execute();
  for (const row of rows) ids.add(row.uid);
  return ids;
}
