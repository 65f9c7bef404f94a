/**
 * A built-in area whose menu rules the install data already seeds (with fixed ids) declares
 * the same rules to the contract as a tree built from those seeded rows, so the two cannot
 * drift apart; enabling finds them by name and inserts nothing.
 */
import type { Insertable } from 'kysely';
import type { AdminRuleTable } from '../db/schema.js';
import { SEEDED_ADMIN_RULES } from '../db/seed/admin-rules.js';
import { SEEDED_CONTENT_RULES } from '../db/seed/content-and-sms.js';
import type { Seeded } from '../db/seed/seeded.js';
import type { ModuleAdminRule } from './define.js';

export function adminRuleTree(seeded: readonly Seeded<Insertable<AdminRuleTable>>[]): ModuleAdminRule[] {
  const childrenOf = (pid: number): ModuleAdminRule[] =>
    seeded
      .filter(({ row }) => (row.pid ?? 0) === pid)
      .map(({ row, en }) => {
        const children = childrenOf(row.id ?? -1);
        return {
          type: row.type ?? 'menu',
          title: [row.title ?? '', en] as const,
          name: row.name ?? '',
          path: row.path ?? '',
          icon: row.icon ?? '',
          component: row.component ?? '',
          ...(row.menu_type ? { menuType: row.menu_type } : {}),
          keepalive: row.keepalive === 1,
          remark: row.remark ?? '',
          weigh: row.weigh ?? 0,
          ...(children.length > 0 ? { children } : {}),
        };
      });
  const ids = new Set(seeded.map(({ row }) => row.id));
  const roots = new Set(seeded.filter(({ row }) => !ids.has(row.pid ?? 0)).map(({ row }) => row.pid ?? 0));
  return [...roots].flatMap(childrenOf);
}

/**
 * The install data's menu rules from the one named `rootName` down, as a tree: how a built-in
 * area names the rules seeded for it without importing the install data. The export and import
 * buttons a later migration added under every list are left out: they belong to the list
 * engine, which checks them, not to the area.
 */
export function seededAdminRules(rootName: string): ModuleAdminRule[] {
  const seeded = [...SEEDED_ADMIN_RULES, ...SEEDED_CONTENT_RULES];
  const root = seeded.find(({ row }) => row.name === rootName);
  if (!root) throw new Error(`No seeded admin rule is named ${rootName}`);
  const ids = new Set([root.row.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { row } of seeded) {
      if (!ids.has(row.id) && ids.has(row.pid ?? 0)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return adminRuleTree(seeded.filter(({ row }) => ids.has(row.id)));
}

/**
 * Names of the back-office rules the core's install data seeds. A built-in area declares these
 * as its own, but never inserts one that is missing: an administrator deleted it (before the
 * area first recorded itself, too), and that choice stands.
 */
export const SEEDED_ADMIN_RULE_NAMES: ReadonlySet<string> = new Set(
  [...SEEDED_ADMIN_RULES, ...SEEDED_CONTENT_RULES].map(({ row }) => row.name ?? ''),
);
