/**
 * auth.Rule — the menu-rule tree, which is also the permission system: menu directories,
 * menu pages (tab, link or iframe) and page buttons. A rule's parent is never the rule
 * itself or one of its descendants; a parent with children is not deleted on its own.
 */
import { AdminController, type AdminRuleRow } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_RULES,
  assertParent,
  deleteRules,
  insertRule,
  ruleName,
  SHARED_RULE_FIELDS,
  STORED_RULE_FIELDS,
} from '../../auth/rule-tree.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { registerResource } from '../../crud/resource.js';
import { ApiError, Code } from '../../http/errors.js';
import { input } from '../../http/validate.js';
import { ADMIN_RULE_TITLES } from '../../i18n/seeded-titles.js';

const NO_ADMIN_PREFIX = (value: string) => !/^\/?admin(\/|$)/i.test(value);

const ruleBody = z
  .object({
    ...SHARED_RULE_FIELDS,
    type: z
      .enum(['menu_dir', 'menu', 'button'])
      .describe('A menu directory, a menu page, or a button (an action) of a page.'),
    name: ruleName()
      .refine(NO_ADMIN_PREFIX, 'The rule name does not need the /admin prefix')
      .describe('The permission key, e.g. auth/admin or auth/admin/edit.'),
    path: z
      .string()
      .trim()
      .max(100)
      .refine(NO_ADMIN_PREFIX, 'The route path does not need the /admin prefix')
      .default('')
      .describe("The page's route path in the back-office."),
    menu_type: z
      .enum(['tab', 'link', 'iframe'])
      .nullable()
      .default(null)
      .describe(
        'How a menu page opens (menus only; default tab): a component in a tab, a link, or an iframe.',
      ),
    keepalive: input.flag().default(false).describe('Keep the page alive while hidden.'),
  })
  .superRefine((rule, issues) => {
    if (rule.type !== 'menu') return;
    const menuType = rule.menu_type ?? 'tab';
    if (menuType === 'tab' && !rule.component.startsWith('/src')) {
      issues.addIssue({
        code: 'custom',
        path: ['component'],
        message: 'The component path must start with /src',
      });
    }
    if (menuType !== 'tab' && !/^(https?:\/\/|\/)/.test(rule.url)) {
      issues.addIssue({ code: 'custom', path: ['url'], message: 'Please enter the correct link address' });
    }
  });

type RuleInput = z.output<typeof ruleBody>;

/** A rule as listed (a tree: `children` nests the rules below it) and as loaded into the edit form. */
const ruleRow = z.looseObject({
  ...STORED_RULE_FIELDS,
  type: z.enum(['menu_dir', 'menu', 'button']),
  keepalive: z.number().describe('1: the page is kept alive while hidden.'),
  remark: z.string(),
  weigh: z.number(),
  status: z.enum(['0', '1']),
  update_time: z.number().nullable(),
  create_time: z.number().nullable(),
}) satisfies z.ZodType<AdminRuleRow>;

export function registerRuleResource(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    controller: AdminController.adminRule,
    table: 'admin_rule',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'admin_rule.id', type: 'number' },
        pid: { column: 'admin_rule.pid', type: 'number' },
        type: { column: 'admin_rule.type', type: 'string' },
        title: { column: 'admin_rule.title', type: 'string' },
        name: { column: 'admin_rule.name', type: 'string' },
        path: { column: 'admin_rule.path', type: 'string' },
        menu_type: { column: 'admin_rule.menu_type', type: 'string' },
        status: { column: 'admin_rule.status', type: 'string' },
        weigh: { column: 'admin_rule.weigh', type: 'number' },
        create_time: { column: 'admin_rule.create_time', type: 'time' },
        update_time: { column: 'admin_rule.update_time', type: 'time' },
      },
      quickSearch: ['title'],
      seededLabel: { field: 'title', key: 'name', titles: ADMIN_RULE_TITLES },
      defaultOrder: { field: 'weigh', direction: 'desc' },
    },
    row: ruleRow,
    localise: (rows, lang) => ADMIN_RULE_TITLES.localise(rows, 'name', 'title', lang),
    listQuery: (db, request) => {
      const query = db.selectFrom('admin_rule').selectAll();
      const admin = request.admin;
      if (!admin || admin.super) return query;
      return query.where('admin_rule.id', 'in', admin.ruleIds.size ? [...admin.ruleIds] : [0]);
    },
    switchFields: ['keepalive', 'status'],
    tree: {
      selectLabel: 'title',
      selectFilter: (row) => (row.type === 'menu_dir' || row.type === 'menu') && row.status === '1',
    },
    loadRow: async (id, request) => {
      assertOwns(request, id);
      return ctx.db.kysely.selectFrom('admin_rule').selectAll().where('id', '=', id).executeTakeFirst();
    },
    addBody: ruleBody,
    add: async (rule, w) => {
      await insertRule(ctx.db, w.trx, ADMIN_RULES, toColumns(rule));
    },
    assertReach: (id, request) => assertOwns(request, id),
    editBody: ruleBody,
    edit: async (id, rule, w) => {
      assertOwns(w.request, id);
      const existing = await w.trx
        .selectFrom('admin_rule')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw new ApiError('Record not found');
      await assertParent(w.trx, ADMIN_RULES, rule.pid, id);
      await w.trx
        .updateTable('admin_rule')
        .set({ ...toColumns(rule), update_time: now() })
        .where('id', '=', id)
        .execute();
    },
    del: async (ids, w) => {
      for (const id of ids) assertOwns(w.request, id);
      return deleteRules(w.trx, ADMIN_RULES, ids);
    },
    sortable: true,
  });
}

function toColumns(rule: RuleInput) {
  const isMenu = rule.type === 'menu';
  return {
    ...rule,
    menu_type: isMenu ? (rule.menu_type ?? 'tab') : null,
    keepalive: rule.keepalive ? 1 : 0,
  };
}

/** Non-super administrators manage only the rules they hold themselves. */
function assertOwns(request: FastifyRequest, id: number): void {
  const admin = request.admin;
  if (admin && !admin.super && !admin.ruleIds.has(id)) {
    throw new ApiError('You have no permission', [], Code.noPermission);
  }
}
