/**
 * A built-in area whose menu rules the install data already seeds (with fixed ids) declares
 * the same rules to the contract as a tree built from those seeded rows, so the two cannot
 * drift apart; enabling finds them by name and inserts nothing.
 */
import type { Insertable } from 'kysely';
import type { AdminRuleTable } from '../db/schema.js';
import { SEEDED_ADMIN_RULES } from '../db/seed/admin-rules.js';
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
 * The seeded back-office rule named `name` (a menu directory) and everything under it, as a
 * tree: how a built-in area whose rules live in the core's install data declares them.
 */
export function seededAdminRulesUnder(name: string): ModuleAdminRule[] {
  const root = SEEDED_ADMIN_RULES.find(({ row }) => row.name === name);
  if (!root) throw new Error(`No seeded admin rule is named ${name}`);
  const branch = [root];
  for (let i = 0; i < branch.length; i++) {
    const id = branch[i]?.row.id;
    branch.push(...SEEDED_ADMIN_RULES.filter(({ row }) => row.pid === id));
  }
  return adminRuleTree(branch);
}
