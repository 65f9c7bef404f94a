/**
 * Every function takes the query executor explicitly: inside a write it must be the
 * transaction (SQLite has a single connection, so the outer handle would wait forever).
 *
 * What a non-super administrator may manage (docs/architecture.md, "Security baseline"): groups "below" them —
 * enabled, not super, every rule of which they hold, while holding at least one rule the
 * group lacks — and the administrators ALL of whose groups are below them. Sharing one
 * group is not enough: an account in [super group, Sub] is not the manager of Sub's to
 * change. Super administrators manage everything.
 */

import type { Kysely } from 'kysely';
import { parseRuleList } from '../../auth/permissions.js';
import type { AdminIdentity } from '../../auth/types.js';
import type { Database } from '../../db/schema.js';
import { ApiError, Code } from '../../http/errors.js';

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

/**
 * The one rule for a non-super caller, used both for the groups an account already has
 * (may the caller change that account?) and for the groups the caller gives it: every
 * group must be manageable, and there must be at least one.
 *
 * - A super account always holds a group granting every rule, which is never manageable,
 *   so a non-super caller can never reach a super administrator.
 * - A disabled group is not manageable: it may be enabled again, and the caller cannot
 *   assign it either, so they could not even save such an account's form.
 * - An account without groups sits nowhere in the hierarchy (its groups were deleted, or
 *   it was made outside the back-office); "all of none" would let every manager take it
 *   over, so only a super administrator manages it.
 */
export function withinReach(groupIds: Iterable<number>, manageable: ReadonlySet<number>): boolean {
  let any = false;
  for (const id of groupIds) {
    if (!manageable.has(id)) return false;
    any = true;
  }
  return any;
}

/**
 * Administrator ids the caller may see and change: themself (their own account follows
 * the self-edit rules of the admin resource) plus every administrator within reach.
 * Listing, the edit form, edit and delete all use this one set, so the list never offers
 * an action the server refuses.
 */
export async function manageableAdminIds(
  db: Kysely<Database>,
  admin: AdminIdentity,
): Promise<Set<number> | 'all'> {
  if (admin.super) return 'all';
  const groups = await manageableGroupIds(db, admin);
  const ids = new Set<number>([admin.id]);
  if (groups.size === 0) return ids;
  // Every membership of every administrator who is in at least one manageable group.
  const rows = await db
    .selectFrom('admin_group_access')
    .select(['uid', 'group_id'])
    .where(
      'uid',
      'in',
      db
        .selectFrom('admin_group_access')
        .select('uid')
        .where('group_id', 'in', [...groups]),
    )
    .execute();
  const groupsByAdmin = new Map<number, number[]>();
  for (const row of rows) {
    const list = groupsByAdmin.get(row.uid) ?? [];
    list.push(row.group_id);
    groupsByAdmin.set(row.uid, list);
  }
  for (const [uid, memberOf] of groupsByAdmin) if (withinReach(memberOf, groups)) ids.add(uid);
  return ids;
}

export async function groupIdsOf(db: Kysely<Database>, adminId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('admin_group_access')
    .select('group_id')
    .where('uid', '=', adminId)
    .execute();
  return rows.map((row) => row.group_id);
}

/**
 * Whom a row of a table that decides who may do what belongs to: an administrator (their
 * account or one of their memberships) or a group. Null for every other table.
 */
export function permissionSubject(
  table: string,
  row: Record<string, unknown>,
): { admin: number } | { group: number } | null {
  if (table === 'admin') return { admin: Number(row.id) };
  if (table === 'admin_group_access') return { admin: Number(row.uid) };
  if (table === 'admin_group') return { group: Number(row.id) };
  return null;
}

/**
 * Refuses a non-super caller a write to an administrator or group out of reach. The
 * security logs' restore and rollback write rows of any table a rule names; on these
 * tables they must give no more than the admin screens do (a rollback checks the row
 * before and after, a restore after). A row whose subject cannot be read is out of reach.
 */
export async function assertSubjectWithinReach(
  db: Kysely<Database>,
  admin: AdminIdentity,
  subject: { admin: number } | { group: number },
): Promise<void> {
  if (admin.super) return;
  const manageable = await manageableGroupIds(db, admin);
  const id = 'group' in subject ? subject.group : subject.admin;
  const reached =
    Number.isSafeInteger(id) &&
    ('group' in subject ? manageable.has(id) : withinReach(await groupIdsOf(db, id), manageable));
  if (!reached) throw new ApiError('You have no permission', [], Code.noPermission);
}
