/**
 * Which back-office controllers a data-security rule may watch: the registered resources that
 * delete (recycle rules) or edit (sensitive-data rules), minus the logs themselves. The rule
 * stores the controller as `auth/Admin` and matches writes on its lower-case key `auth/admin`.
 */

import { ADMIN_RULE_TITLES, type Database, type Lang, registeredResources } from '@portico/server-sdk';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { controllerKey } from './audit.js';

export type RuleKind = 'recycle' | 'sensitive';

/**
 * The logs record deletes and edits themselves; watching them would only duplicate them. (Money
 * and points ledgers never delete or edit, so they are never offered.) Sensitive rules skip the
 * admin log and config items, as the original does.
 */
const NEVER = new Set(['security/datarecyclelog', 'security/sensitivedatalog']);
const NEVER_SENSITIVE = new Set(['auth/adminlog', 'routine/config']);

export interface ControllerOption {
  value: string;
  label: string;
  table: string;
}

export async function monitorableControllers(
  app: FastifyInstance,
  db: Kysely<Database>,
  kind: RuleKind,
  /** The language of the labels (the menu rules' titles). */
  lang: Lang = 'zh-cn',
): Promise<ControllerOption[]> {
  const titles = new Map(
    (await db.selectFrom('admin_rule').select(['name', 'title']).where('type', '=', 'menu').execute()).map(
      (rule) => [rule.name.toLowerCase(), ADMIN_RULE_TITLES.show(rule.name, rule.title, lang)],
    ),
  );
  return registeredResources(app)
    .filter((resource) => (kind === 'recycle' ? resource.deletes : resource.edits))
    .map((resource) => ({ key: controllerKey(resource.controller), resource }))
    .filter(({ key }) => !NEVER.has(key) && !(kind === 'sensitive' && NEVER_SENSITIVE.has(key)))
    .map(({ key, resource }) => {
      const value = resource.controller.replaceAll('.', '/');
      const title = titles.get(key);
      return { value, label: title ? `${value} - ${title}` : value, table: resource.table };
    })
    .sort((a, b) => a.value.localeCompare(b.value));
}
