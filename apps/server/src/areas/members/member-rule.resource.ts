/**
 * user.Rule — the member centre's routes and menus, which are also member permissions.
 * Unlike the original, listing them needs a back-office permission like any other page.
 */

import {
  ApiError,
  type AppContext,
  assertParent,
  deleteRules,
  input,
  insertRule,
  MEMBER_RULE_TITLES,
  MEMBER_RULES,
  now,
  registerResource,
  ruleName,
  SHARED_RULE_FIELDS,
  STORED_RULE_FIELDS,
  updateFoundRow,
} from '@portico/server-sdk';
import { AdminController, type MemberRuleRow } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const TYPES = ['route', 'menu_dir', 'menu', 'nav', 'button', 'nav_user_menu'] as const;

const ruleBody = z.object({
  ...SHARED_RULE_FIELDS,
  type: z.enum(TYPES),
  name: ruleName(),
  path: z.string().trim().max(100).default(''),
  menu_type: z.enum(['tab', 'link', 'iframe']).default('tab'),
  no_login_valid: input
    .flag()
    .default(false)
    .describe('Shown to visitors too (never for menus and the user dropdown).'),
});
type RuleInput = z.infer<typeof ruleBody>;

/** A rule as listed (a tree, `children` nested) and as loaded into the edit form. */
const ruleRow = z
  .looseObject(STORED_RULE_FIELDS)
  .extend({
    type: z.enum(TYPES),
    no_login_valid: z.number(),
    remark: z.string(),
    weigh: z.number(),
    status: z.enum(['0', '1']),
    create_time: z.number().nullable(),
    update_time: z.number().nullable(),
    get children(): z.ZodOptional<z.ZodArray<typeof ruleRow>> {
      return z.array(ruleRow).optional();
    },
  })
  .meta({ id: 'MemberRuleRow' });
// Checked apart: a `satisfies` on the recursive declaration would make its type circular.
ruleRow satisfies z.ZodType<MemberRuleRow>;

/** Routes are always tabs; menus and the user dropdown are never visible to guests. */
function toColumns(rule: RuleInput) {
  const guestsNever = rule.type === 'menu' || rule.type === 'menu_dir' || rule.type === 'nav_user_menu';
  if (rule.component && !rule.component.startsWith('/src'))
    throw new ApiError('The component path must start with /src');
  return {
    ...rule,
    menu_type: rule.type === 'route' ? ('tab' as const) : rule.menu_type,
    no_login_valid: guestsNever || !rule.no_login_valid ? 0 : 1,
  };
}

export function registerMemberRuleResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.memberRule,
    table: 'user_rule',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'user_rule.id', type: 'number' },
        pid: { column: 'user_rule.pid', type: 'number' },
        title: { column: 'user_rule.title', type: 'string' },
        name: { column: 'user_rule.name', type: 'string' },
        type: { column: 'user_rule.type', type: 'string' },
        status: { column: 'user_rule.status', type: 'string' },
        weigh: { column: 'user_rule.weigh', type: 'number' },
        create_time: { column: 'user_rule.create_time', type: 'time' },
        update_time: { column: 'user_rule.update_time', type: 'time' },
      },
      quickSearch: ['title'],
      seededLabel: { field: 'title', key: 'name', titles: MEMBER_RULE_TITLES },
      defaultOrder: { field: 'weigh', direction: 'desc' },
    },
    listQuery: (db) => db.selectFrom('user_rule').selectAll(),
    row: ruleRow,
    localise: (rows, lang) => MEMBER_RULE_TITLES.localise(rows, 'name', 'title', lang),
    tree: { selectLabel: 'title', selectFilter: (row) => row.status === '1' },
    switchFields: ['status'],
    sortable: true,
    addBody: ruleBody,
    add: async (data, w) => {
      await insertRule(ctx.db, w.trx, MEMBER_RULES, toColumns(data));
    },
    editBody: ruleBody,
    edit: async (id, data, w) => {
      const rule = toColumns(data);
      await assertParent(w.trx, MEMBER_RULES, rule.pid, id);
      await updateFoundRow(
        w.trx
          .updateTable('user_rule')
          .set({ ...rule, update_time: now() })
          .where('id', '=', id),
      );
    },
    del: (ids, w) => deleteRules(w.trx, MEMBER_RULES, ids),
  });
}
