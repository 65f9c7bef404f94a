/**
 * The original's install data brought to Portico's 0002-install-data. The two agree on the
 * original's rows (0002 was modelled on them), so only Portico's additions go in: the rules
 * and settings it seeds that the database lacks, found by name (ids may be taken by the
 * site's own rows, and groups refer to rules by id, so existing rows keep theirs). Component
 * paths stay the original's (`…/index.vue`): Portico's web opens its own page by the same path,
 * and a site's customised copy of the original client keeps working until it is replaced.
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
