/**
 * The original's install data brought to Portico's 0002-install-data. The two agree on the
 * original's rows (0002 was modelled on them), so only Portico's additions go in: the rules
 * and settings it seeds that the database lacks, found by name (ids may be taken by the
 * site's own rows, and groups refer to rules by id, so existing rows keep theirs). Seeded
 * rules still naming the original's Vue pages get Portico's page for the same screen.
 * Groups, their grants and everything the site wrote stay as they are.
 */
import type { Insertable } from 'kysely';
import type { AnyDb } from '../migrations/columns.js';
import type { AdminRuleTable, UserRuleTable } from '../schema.js';
import { ADMIN_RULES } from '../seed/admin-rules.js';
import { CONFIG_ROWS } from '../seed/config-rows.js';
import { USER_RULES } from '../seed/user-rules.js';

type RuleRow = Insertable<AdminRuleTable> | Insertable<UserRuleTable>;

export async function bringDataToPortico(trx: AnyDb, time: number): Promise<void> {
  await addMissingRules(trx, 'admin_rule', ADMIN_RULES, time);
  await addMissingRules(trx, 'user_rule', USER_RULES, time);
  await usePorticoPages(trx, 'admin_rule', ADMIN_RULES);
  await usePorticoPages(trx, 'user_rule', USER_RULES);
  const names = new Set((await trx.selectFrom('config').select('name').execute()).map((row) => row.name));
  for (const { id: _seededId, ...row } of CONFIG_ROWS) {
    if (!names.has(row.name)) await trx.insertInto('config').values(row).execute();
  }
}

/** Seeded rules missing by name, under the parent of the same name, with fresh ids. */
async function addMissingRules(trx: AnyDb, table: string, seeded: RuleRow[], time: number) {
  const idByName = new Map<string, number>(
    (await trx.selectFrom(table).select(['id', 'name']).execute()).map((row) => [row.name, Number(row.id)]),
  );
  const nameById = new Map(seeded.map((rule) => [rule.id, rule.name]));
  for (const { id: _seededId, pid, ...rule } of seeded) {
    const name = rule.name ?? '';
    if (idByName.has(name)) continue;
    const parent = pid ? idByName.get(nameById.get(pid) ?? '') : 0;
    // A parent the site deleted: the rule has no place in its menu, so it is left out.
    if (parent === undefined) continue;
    const result = await trx
      .insertInto(table)
      .values({ ...rule, pid: parent, create_time: time, update_time: time })
      .executeTakeFirst();
    idByName.set(name, Number(result.insertId));
  }
}

/**
 * `/src/views/backend/auth/admin/index.vue` → `…/index.tsx` where that is the seeded rule's
 * page: Portico's web app finds its pages by these paths. Pages of the site's own (CRUD-generated
 * Vue files) have no Portico counterpart and keep their paths.
 */
async function usePorticoPages(trx: AnyDb, table: string, seeded: RuleRow[]) {
  for (const rule of seeded) {
    if (!rule.name || !rule.component?.endsWith('.tsx')) continue;
    await trx
      .updateTable(table)
      .set({ component: rule.component })
      .where('name', '=', rule.name)
      .where('component', '=', rule.component.replace(/\.tsx$/, '.vue'))
      .execute();
  }
}
