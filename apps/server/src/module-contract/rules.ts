/**
 * A module's menu rules in the database: inserted when it is enabled (ids allocated as for
 * any new rule), removed when it is disabled. Removing them also takes them out of every
 * group's rule list, so the groups that held them are remembered by rule name and given the
 * new ids when the module is enabled again.
 */
import type { Transaction } from 'kysely';
import { parseRuleList } from '../auth/permissions.js';
import {
  ADMIN_RULES,
  changeGroupRules,
  MEMBER_RULES,
  type RuleTables,
  revokeFromGroups,
} from '../auth/rule-tree.js';
import { now } from '../clock.js';
import type { Db } from '../db/connection.js';
import { insertId } from '../db/insert-id.js';
import type { Database } from '../db/schema.js';
import { descendantIds } from '../util/tree.js';
import {
  flattenRules,
  type ModuleAdminRule,
  type ModuleDefinition,
  type ModuleMemberRule,
} from './define.js';
import { SEEDED_ADMIN_RULE_NAMES } from './seeded-rules.js';

/** Group id → names of the module's rules the group held. */
export type GroupGrants = Record<string, string[]>;
export interface ModuleGrants {
  admin: GroupGrants;
  member: GroupGrants;
}

type Trx = Transaction<Database>;
// Queries are written once against the admin pair of tables and run on either pair (as in
// auth/rule-tree.ts); the member-only column is set through `extra`.
type Rules = 'admin_rule';
type Groups = 'admin_group';
type AnyRule = ModuleAdminRule | ModuleMemberRule;

function rowOf(tables: RuleTables, rule: AnyRule, pid: number, time: number) {
  const common = {
    pid,
    type: rule.type,
    title: rule.title[0],
    name: rule.name,
    path: rule.path ?? (rule.type === 'button' ? '' : rule.name),
    icon: rule.icon ?? '',
    url: '',
    component: rule.component ?? '',
    extend: 'none' as const,
    remark: rule.remark ?? '',
    weigh: rule.weigh ?? 0,
    status: '1' as const,
    create_time: time,
    update_time: time,
  };
  if (tables === ADMIN_RULES) {
    const keepalive = 'keepalive' in rule && rule.keepalive ? 1 : 0;
    return { ...common, menu_type: rule.type === 'menu' ? (rule.menuType ?? 'tab') : null, keepalive };
  }
  // The member table's menu_type is NOT NULL.
  const noLoginValid = 'noLoginValid' in rule && rule.noLoginValid ? 1 : 0;
  return { ...common, menu_type: rule.menuType ?? 'tab', no_login_valid: noLoginValid };
}

async function insertTree(
  db: Db,
  trx: Trx,
  tables: RuleTables,
  rules: readonly AnyRule[],
  pid: number,
  existing: Map<string, number>,
  time: number,
  neverInsert: ReadonlySet<string>,
): Promise<void> {
  for (const rule of rules) {
    let id = existing.get(rule.name);
    if (id === undefined) {
      // Deleted by an administrator, with whatever hung under it.
      if (neverInsert.has(rule.name)) continue;
      const row = rowOf(tables, rule, pid, time);
      id = await insertId(db, trx.insertInto(tables.rules as Rules).values(row as never));
      existing.set(rule.name, id);
    }
    await insertTree(db, trx, tables, (rule.children ?? []) as AnyRule[], id, existing, time, neverInsert);
  }
}

async function idsByName(trx: Trx, tables: RuleTables, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await trx
    .selectFrom(tables.rules as Rules)
    .select(['id', 'name'])
    .where('name', 'in', names)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Inserts the rules not already there (matched by name) and gives the remembered groups theirs. */
async function enableRules(
  db: Db,
  trx: Trx,
  tables: RuleTables,
  rules: readonly AnyRule[],
  grants: GroupGrants,
  neverInsert: ReadonlySet<string>,
): Promise<void> {
  const names = flattenRules(rules).map((rule) => rule.name);
  const existing = await idsByName(trx, tables, names);
  const time = now();
  for (const rule of rules) {
    const parent = rule.parent ? (await idsByName(trx, tables, [rule.parent])).get(rule.parent) : undefined;
    await insertTree(db, trx, tables, [rule], parent ?? 0, existing, time, neverInsert);
  }
  await changeGroupRules(trx, tables, (ids, groupId) => {
    const added = (grants[String(groupId)] ?? [])
      .map((name) => existing.get(name))
      .filter((id): id is number => id !== undefined);
    return added.length > 0 ? [...new Set([...ids, ...added])] : null;
  });
}

/**
 * Deletes the module's rules (and any rule an administrator hung under them, which would
 * otherwise dangle) and answers which groups held which of the module's rules.
 */
async function disableRules(trx: Trx, tables: RuleTables, rules: readonly AnyRule[]): Promise<GroupGrants> {
  const byName = await idsByName(
    trx,
    tables,
    flattenRules(rules).map((rule) => rule.name),
  );
  if (byName.size === 0) return {};
  const nameOf = new Map([...byName].map(([name, id]) => [id, name]));
  const grants: GroupGrants = {};
  const groups = await trx
    .selectFrom(tables.groups as Groups)
    .select(['id', 'rules'])
    .execute();
  for (const group of groups) {
    const list = parseRuleList(group.rules);
    const held = list.ids.flatMap((id) => nameOf.get(id) ?? []);
    if (!list.all && held.length > 0) grants[String(group.id)] = held;
  }
  const all = await trx
    .selectFrom(tables.rules as Rules)
    .select(['id', 'pid'])
    .execute();
  const ids = new Set(byName.values());
  for (const id of byName.values()) for (const child of descendantIds(all, id)) ids.add(child);
  await revokeFromGroups(trx, tables, [...ids]);
  await trx
    .deleteFrom(tables.rules as Rules)
    .where('id', 'in', [...ids])
    .execute();
  return grants;
}

export async function insertModuleRules(
  db: Db,
  trx: Trx,
  module: ModuleDefinition,
  grants: ModuleGrants,
): Promise<void> {
  // A built-in area's seeded rules belong to the install data: one missing was deleted on purpose.
  const seeded = module.builtIn ? SEEDED_ADMIN_RULE_NAMES : new Set<string>();
  await enableRules(db, trx, ADMIN_RULES, module.adminRules ?? [], grants.admin, seeded);
  await enableRules(db, trx, MEMBER_RULES, module.memberRules ?? [], grants.member, new Set());
}

export async function removeModuleRules(trx: Trx, module: ModuleDefinition): Promise<ModuleGrants> {
  return {
    admin: await disableRules(trx, ADMIN_RULES, module.adminRules ?? []),
    member: await disableRules(trx, MEMBER_RULES, module.memberRules ?? []),
  };
}
