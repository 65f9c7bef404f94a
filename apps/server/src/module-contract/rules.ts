/**
 * A module's menu rules in the database: inserted when it is enabled (ids allocated as for
 * any new rule), removed when it is disabled. Removing them also takes them out of every
 * group's rule list, so the groups that held them are remembered by rule name and given the
 * new ids when the module is enabled again.
 *
 * A module removes only the rules it inserted. A rule it declares that was already there by
 * name is used as it is and left at its disable: a taken-over site's rule for a table the
 * original generated (`test/build`, with its groups' grants) that a CRUD-generated module
 * declares again, or a directory another module made. A rule it inserted that now holds a rule
 * it did not insert (another module's, or one an administrator added) stays too, with it.
 */
import { originalComponentPath } from '@portico/shared';
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

/** Names of the rules a module inserted itself (and so may remove), per rule table. */
export interface CreatedRules {
  admin: string[];
  member: string[];
}

/**
 * What the module's record keeps of its rules (`module.grants`, as JSON): the groups' grants
 * while it is disabled, and the rules it created. A record from before `created` was kept has
 * none: every rule the module declares then counts as its own, as it did.
 */
export interface ModuleRuleRecord extends ModuleGrants {
  created?: CreatedRules;
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
    // The original's form (`.vue`), whatever ending the module wrote: both clients open it.
    component: originalComponentPath(rule.component ?? ''),
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
  inserted: string[],
): Promise<void> {
  for (const rule of rules) {
    let id = existing.get(rule.name);
    if (id === undefined) {
      // Deleted by an administrator, with whatever hung under it.
      if (neverInsert.has(rule.name)) continue;
      const row = rowOf(tables, rule, pid, time);
      id = await insertId(db, trx.insertInto(tables.rules as Rules).values(row as never));
      existing.set(rule.name, id);
      inserted.push(rule.name);
    }
    const children = (rule.children ?? []) as AnyRule[];
    await insertTree(db, trx, tables, children, id, existing, time, neverInsert, inserted);
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

/**
 * Inserts the rules not already there (matched by name) and gives the remembered groups theirs;
 * answers the names it inserted.
 */
async function enableRules(
  db: Db,
  trx: Trx,
  tables: RuleTables,
  rules: readonly AnyRule[],
  grants: GroupGrants,
  neverInsert: ReadonlySet<string>,
): Promise<string[]> {
  const names = flattenRules(rules).map((rule) => rule.name);
  const existing = await idsByName(trx, tables, names);
  const time = now();
  const inserted: string[] = [];
  for (const rule of rules) {
    const parent = rule.parent ? (await idsByName(trx, tables, [rule.parent])).get(rule.parent) : undefined;
    await insertTree(db, trx, tables, [rule], parent ?? 0, existing, time, neverInsert, inserted);
  }
  await changeGroupRules(trx, tables, (ids, groupId) => {
    const added = (grants[String(groupId)] ?? [])
      .map((name) => existing.get(name))
      .filter((id): id is number => id !== undefined);
    return added.length > 0 ? [...new Set([...ids, ...added])] : null;
  });
  return inserted;
}

/**
 * Deletes the rules of the module's own (`created`: every rule it declares when unknown) that
 * hold no rule of someone else's, and answers which groups held which of the deleted ones and
 * which of its own rules stay.
 */
async function disableRules(
  trx: Trx,
  tables: RuleTables,
  rules: readonly AnyRule[],
  created: readonly string[] | undefined,
): Promise<{ grants: GroupGrants; kept: string[] }> {
  const declared = flattenRules(rules).map((rule) => rule.name);
  const own = created === undefined ? declared : declared.filter((name) => created.includes(name));
  const byName = await idsByName(trx, tables, own);
  if (byName.size === 0) return { grants: {}, kept: [] };
  const all = await trx
    .selectFrom(tables.rules as Rules)
    .select(['id', 'pid'])
    .execute();
  const ownIds = new Set(byName.values());
  // A rule of its own still holding another's stays, so nothing it did not insert is lost.
  const ids = new Set(
    [...ownIds].filter((id) => [...descendantIds(all, id)].every((child) => ownIds.has(child))),
  );
  const nameOf = new Map([...byName].filter(([, id]) => ids.has(id)).map(([name, id]) => [id, name]));
  const kept = [...byName].filter(([, id]) => !ids.has(id)).map(([name]) => name);
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
  if (ids.size > 0) {
    await revokeFromGroups(trx, tables, [...ids]);
    await trx
      .deleteFrom(tables.rules as Rules)
      .where('id', 'in', [...ids])
      .execute();
  }
  return { grants, kept };
}

/** Inserts the module's rules not already there; answers the names it inserted. */
export async function insertModuleRules(
  db: Db,
  trx: Trx,
  module: ModuleDefinition,
  grants: ModuleGrants,
): Promise<CreatedRules> {
  // A built-in area's seeded rules belong to the install data: one missing was deleted on purpose.
  const seeded = module.builtIn ? SEEDED_ADMIN_RULE_NAMES : new Set<string>();
  return {
    admin: await enableRules(db, trx, ADMIN_RULES, module.adminRules ?? [], grants.admin, seeded),
    member: await enableRules(db, trx, MEMBER_RULES, module.memberRules ?? [], grants.member, new Set()),
  };
}

/** Removes the rules the module created (see the file comment); answers its record from then on. */
export async function removeModuleRules(
  trx: Trx,
  module: ModuleDefinition,
  created: CreatedRules | undefined,
): Promise<ModuleRuleRecord> {
  const admin = await disableRules(trx, ADMIN_RULES, module.adminRules ?? [], created?.admin);
  const member = await disableRules(trx, MEMBER_RULES, module.memberRules ?? [], created?.member);
  return {
    admin: admin.grants,
    member: member.grants,
    created: { admin: admin.kept, member: member.kept },
  };
}

/** The rules created earlier (and kept) together with those just inserted. */
export function joinCreated(earlier: CreatedRules | undefined, inserted: CreatedRules): CreatedRules {
  const join = (a: readonly string[] = [], b: readonly string[]) => [...new Set([...a, ...b])];
  return { admin: join(earlier?.admin, inserted.admin), member: join(earlier?.member, inserted.member) };
}
