/**
 * What the admin and the member rule trees share: a parent must exist and never be the
 * rule itself or one of its descendants, a new rule is granted to every group holding its
 * parent, and deleted rules leave no dangling ids in group rule lists.
 */

import { originalComponentPath } from '@portico/shared';
import type { Insertable, Transaction } from 'kysely';
import { z } from 'zod';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { insertId } from '../db/insert-id.js';
import type { AdminRuleTable, Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { input } from '../http/validate.js';
import { descendantIds } from '../util/tree.js';
import { parseRuleList } from './permissions.js';

export interface RuleTables {
  rules: 'admin_rule' | 'user_rule';
  groups: 'admin_group' | 'user_group';
}

export const ADMIN_RULES: RuleTables = { rules: 'admin_rule', groups: 'admin_group' };
export const MEMBER_RULES: RuleTables = { rules: 'user_rule', groups: 'user_group' };

/**
 * The columns both trees' rules answer with (lists, menus, edit forms); each tree adds its
 * `type` and its own columns, and its tree's `children`.
 */
export const STORED_RULE_FIELDS = {
  id: z.number(),
  pid: z.number(),
  title: z.string(),
  name: z.string(),
  path: z.string(),
  icon: z.string(),
  menu_type: z.enum(['tab', 'link', 'iframe']).nullable(),
  url: z.string(),
  component: z.string(),
  extend: z.enum(['none', 'add_rules_only', 'add_menu_only']),
};

/** The form fields both trees' rules have, with the same rules (each tree adds its own). */
export const SHARED_RULE_FIELDS = {
  // The original client's parent select sends '' once cleared: no parent, as the original stores it.
  pid: z
    .preprocess((value) => (value === '' || value === null ? 0 : value), input.id())
    .default(0)
    .describe('The parent rule; 0 (or empty) for none.'),
  title: z.string().trim().min(1).max(50),
  icon: z.string().trim().max(50).default(''),
  url: z.string().trim().max(255).default(''),
  // Stored in the original's form (`….vue`), which both clients open: a `.tsx` typed in
  // Portico's form would leave the original client on "loading" for that menu.
  component: z
    .string()
    .trim()
    .max(100)
    .transform((v) => originalComponentPath(v.replaceAll('\\', '/')))
    .default(''),
  extend: z.enum(['none', 'add_rules_only', 'add_menu_only']).default('none'),
  remark: z.string().trim().max(255).default(''),
  weigh: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: z.enum(['0', '1']).default('1'),
};

/** A rule's name: letters, digits and `_/.:-`, as both trees' permission keys are written. */
export const ruleName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_/.:-]+$/, 'Parameter %s is invalid');

// The two pairs of tables have the same id, pid and rules columns; queries are written once
// against one name of each pair and run against either.
type Rules = 'admin_rule';
type Groups = 'admin_group';

export async function assertParent(
  trx: Transaction<Database>,
  tables: RuleTables,
  pid: number,
  selfId: number | null,
): Promise<void> {
  if (pid === 0) return;
  const all = await trx
    .selectFrom(tables.rules as Rules)
    .select(['id', 'pid'])
    .execute();
  if (!all.some((row) => row.id === pid)) throw new ApiError('The parent rule does not exist');
  if (selfId !== null && (pid === selfId || descendantIds(all, selfId).has(pid))) {
    throw new ApiError('The parent rule cannot be itself or its child');
  }
}

/**
 * Adds a rule under its parent, which must exist, stamped with the time, and grants it to
 * the groups holding the parent. `columns` are the rule table's (admin_rule or user_rule).
 */
export async function insertRule(
  db: Db,
  trx: Transaction<Database>,
  tables: RuleTables,
  columns: { pid: number } & Record<string, unknown>,
): Promise<number> {
  await assertParent(trx, tables, columns.pid, null);
  const time = now();
  const row = { ...columns, create_time: time, update_time: time } as Insertable<AdminRuleTable>;
  const id = await insertId(db, trx.insertInto(tables.rules as Rules).values(row));
  if (columns.pid > 0) await grantWithParent(trx, tables, columns.pid, id);
  return id;
}

/** Groups that hold the parent get the new child too, so a new button is usable at once. */
function grantWithParent(
  trx: Transaction<Database>,
  tables: RuleTables,
  pid: number,
  id: number,
): Promise<void> {
  return changeGroupRules(trx, tables, (ids) => (ids.includes(pid) ? [...ids, id] : null));
}

export function revokeFromGroups(
  trx: Transaction<Database>,
  tables: RuleTables,
  ids: number[],
): Promise<void> {
  return changeGroupRules(trx, tables, (held) =>
    held.some((id) => ids.includes(id)) ? held.filter((id) => !ids.includes(id)) : null,
  );
}

/**
 * Rewrites the rule list of every group that lists its rules (not `*`) and whose list
 * `change` alters (null: leave the group as it is).
 */
export async function changeGroupRules(
  trx: Transaction<Database>,
  tables: RuleTables,
  change: (ids: number[], groupId: number) => number[] | null,
): Promise<void> {
  const groups = await trx
    .selectFrom(tables.groups as Groups)
    .select(['id', 'rules'])
    .execute();
  for (const group of groups) {
    const rules = parseRuleList(group.rules);
    const changed = rules.all ? null : change(rules.ids, group.id);
    if (!changed) continue;
    await trx
      .updateTable(tables.groups as Groups)
      .set({ rules: changed.join(',') })
      .where('id', '=', group.id)
      .execute();
  }
}

/** Deletes rules, refusing a parent whose children stay; answers how many went. */
export async function deleteRules(
  trx: Transaction<Database>,
  tables: RuleTables,
  ids: number[],
): Promise<number> {
  const all = await trx
    .selectFrom(tables.rules as Rules)
    .select(['id', 'pid'])
    .execute();
  const targets = ids.filter((id) => all.some((row) => row.id === id));
  const orphaned = all.some((row) => targets.includes(row.pid) && !targets.includes(row.id));
  if (orphaned) throw new ApiError('Please delete the child element first, or use batch deletion');
  if (targets.length === 0) return 0;
  await revokeFromGroups(trx, tables, targets);
  const result = await trx
    .deleteFrom(tables.rules as Rules)
    .where('id', 'in', targets)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
