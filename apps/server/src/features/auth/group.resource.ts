/**
 * auth.Group — administrator groups and the rules they grant. A group's parent is never
 * itself or a descendant; non-super administrators manage only groups below their own,
 * never their own group, and can grant only rules they hold.
 */
import { AdminController, type AdminGroupRow } from '@portico/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { signedInAdmin } from '../../auth/admin-auth.js';
import { parseRuleList } from '../../auth/permissions.js';
import { now } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { type Row, registerResource } from '../../crud/resource.js';
import type { WriteContext } from '../../crud/write-context.js';
import { insertId } from '../../db/insert-id.js';
import type { Database } from '../../db/schema.js';
import { ApiError, Code } from '../../http/errors.js';
import { input } from '../../http/validate.js';
import { type Lang, translate } from '../../i18n/index.js';
import { ADMIN_GROUP_NAMES, ADMIN_RULE_TITLES } from '../../i18n/seeded-titles.js';
import { descendantIds } from '../../util/tree.js';
import { manageableGroupIds } from './admin-scope.js';

const groupBody = z.object({
  pid: input.id().default(0),
  name: z.string().trim().min(1).max(100),
  rules: input.ruleIds().describe('The ids of the rules the group grants (an array or a comma list).'),
  status: z.enum(['0', '1']).default('1'),
});
const twoFactorFlag = z
  .enum(['0', '1'])
  .describe("'1': the group's administrators sign in with a second factor (TOTP).");
// An edit without the flag (the original's client has no such field) leaves it as it is.
const addGroupBody = groupBody.extend({ two_factor: twoFactorFlag.default('0') });
const editGroupBody = groupBody.extend({ two_factor: twoFactorFlag.optional() });
/**
 * A group as listed (a tree: `children` nests its subgroups) and as loaded into the edit
 * form. `rules` says what it grants in words in the list, and is its rule ids in the form.
 */
const groupRow = z.looseObject({
  id: z.number(),
  pid: z.number(),
  name: z.string(),
  rules: z
    .union([z.string(), z.array(z.number())])
    .describe(
      "The list: what the group grants, in words. The edit form: the ids of the granted rules that have no granted child (the tree checks their parents), or '*' for every rule.",
    ),
  status: z.enum(['0', '1']),
  two_factor: z.enum(['0', '1']),
  update_time: z.number().nullable(),
  create_time: z.number().nullable(),
}) satisfies z.ZodType<AdminGroupRow>;

export function registerGroupResource(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;

  /** Groups the caller may see: all for super; else those below them plus their own. */
  const visibleIds = async (db: Kysely<Database>, request: FastifyRequest): Promise<Set<number> | 'all'> => {
    const me = signedInAdmin(request);
    if (me.super) return 'all';
    const ids = await manageableGroupIds(db, me);
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query.absoluteAuth !== '1') for (const id of me.groupIds) ids.add(id);
    return ids;
  };

  /** Stored form of a rule selection: '*' when it covers every rule, else a comma list. */
  const ruleList = async (w: WriteContext, ids: number[]): Promise<string> => {
    const me = signedInAdmin(w.request);
    const all = await w.trx.selectFrom('admin_rule').select('id').execute();
    const known = new Set(all.map((r) => r.id));
    const wanted = [...new Set(ids)].filter((id) => known.has(id));
    if (wanted.length === known.size && known.size > 0) {
      if (!me.super) throw new ApiError('You have no permission', [], Code.noPermission);
      return '*';
    }
    if (!me.super) {
      if (wanted.some((id) => !me.ruleIds.has(id)))
        throw new ApiError('You have no permission', [], Code.noPermission);
      if ([...me.ruleIds].every((id) => wanted.includes(id))) {
        throw new ApiError(
          'Role group has all your rights, please contact the upper administrator to add or it does not need to be added!',
        );
      }
    }
    return wanted.join(',');
  };

  const assertParent = async (w: WriteContext, pid: number, selfId: number | null) => {
    const me = signedInAdmin(w.request);
    if (pid === 0) {
      if (!me.super) throw new ApiError('You have no permission', [], Code.noPermission);
      return;
    }
    const all = await w.trx.selectFrom('admin_group').select(['id', 'pid']).execute();
    if (!all.some((g) => g.id === pid)) throw new ApiError('The parent group does not exist');
    if (selfId !== null && (pid === selfId || descendantIds(all, selfId).has(pid))) {
      throw new ApiError('The parent group cannot be itself or its child');
    }
    const visible = await visibleIds(w.trx, w.request);
    if (visible !== 'all' && !visible.has(pid))
      throw new ApiError('You have no permission', [], Code.noPermission);
  };

  /** Only groups below the caller may change; their own never. */
  const assertManageable = async (db: Kysely<Database>, request: FastifyRequest, id: number) => {
    const me = signedInAdmin(request);
    if (me.groupIds.includes(id)) throw new ApiError('You cannot modify your own management group!');
    if (me.super) return;
    if (!(await manageableGroupIds(db, me)).has(id))
      throw new ApiError('You have no permission', [], Code.noPermission);
  };

  registerResource(app, ctx, {
    controller: AdminController.adminGroup,
    table: 'admin_group',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'admin_group.id', type: 'number' },
        pid: { column: 'admin_group.pid', type: 'number' },
        name: { column: 'admin_group.name', type: 'string' },
        status: { column: 'admin_group.status', type: 'string' },
        create_time: { column: 'admin_group.create_time', type: 'time' },
        update_time: { column: 'admin_group.update_time', type: 'time' },
      },
      quickSearch: ['name'],
      seededLabel: { field: 'name', key: 'id', titles: ADMIN_GROUP_NAMES },
      defaultOrder: { field: 'id', direction: 'asc' },
    },
    listQuery: async (db, request) => {
      const query = db.selectFrom('admin_group').selectAll();
      const visible = await visibleIds(db, request);
      if (visible === 'all') return query;
      return query.where('admin_group.id', 'in', visible.size ? [...visible] : [0]);
    },
    row: groupRow,
    present: (rows, request) => describeRules(ctx, rows, request.lang),
    localise: (rows, lang) => ADMIN_GROUP_NAMES.localise(rows, 'id', 'name', lang),
    tree: { selectLabel: 'name', selectFilter: (row) => row.status === '1' },
    indexExtra: async (request) => ({ group: signedInAdmin(request).groupIds }),
    loadRow: async (id, request) => {
      const visible = await visibleIds(kysely, request);
      if (visible !== 'all' && !visible.has(id)) return undefined;
      const row = await kysely.selectFrom('admin_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { ...row, rules: await leafRuleIds(ctx, row.rules) };
    },
    addBody: addGroupBody,
    add: async (data, w) => {
      await assertParent(w, data.pid, null);
      const rules = await ruleList(w, data.rules);
      const time = now();
      await insertId(
        ctx.db,
        w.trx.insertInto('admin_group').values({ ...data, rules, create_time: time, update_time: time }),
      );
    },
    assertReach: (id, request) => assertManageable(ctx.db.kysely, request, id),
    editBody: editGroupBody,
    edit: async (id, data, w) => {
      await assertManageable(w.trx, w.request, id);
      const existing = await w.trx
        .selectFrom('admin_group')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw new ApiError('Record not found');
      await assertParent(w, data.pid, id);
      const rules = await ruleList(w, data.rules);
      await w.trx
        .updateTable('admin_group')
        .set({ ...data, rules, update_time: now() })
        .where('id', '=', id)
        .execute();
    },
    del: async (ids, w) => {
      for (const id of ids) await assertManageable(w.trx, w.request, id);
      const all = await w.trx.selectFrom('admin_group').select(['id', 'pid']).execute();
      const targets = ids.filter((id) => all.some((g) => g.id === id));
      if (all.some((g) => targets.includes(g.pid) && !targets.includes(g.id))) {
        throw new ApiError('Please delete the child element first, or use batch deletion');
      }
      if (targets.length === 0) return 0;
      await w.trx.deleteFrom('admin_group_access').where('group_id', 'in', targets).execute();
      const result = await w.trx.deleteFrom('admin_group').where('id', 'in', targets).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  });
}

/** The list shows what a group grants in words: super, nothing, or its first rule and a count. */
async function describeRules(ctx: AppContext, rows: Row[], lang: Lang): Promise<Row[]> {
  const firstIds = rows
    .map((row) => parseRuleList(row.rules as string | null))
    .flatMap((rules) => (rules.all ? [] : rules.ids.slice(0, 1)));
  const titles = firstIds.length
    ? await ctx.db.kysely
        .selectFrom('admin_rule')
        .select(['id', 'name', 'title'])
        .where('id', 'in', firstIds)
        .execute()
    : [];
  return rows.map((row) => {
    const rules = parseRuleList(row.rules as string | null);
    if (rules.all) return { ...row, rules: translate('Super administrator', lang) };
    if (rules.ids.length === 0) return { ...row, rules: translate('No permission', lang) };
    const rule = titles.find((t) => t.id === rules.ids[0]);
    const first = rule ? ADMIN_RULE_TITLES.show(rule.name, rule.title, lang) : '';
    return { ...row, rules: rules.ids.length > 1 ? `${first} (+${rules.ids.length - 1})` : first };
  });
}

/**
 * The edit form gets the selected rules without their parents: the permission tree
 * derives a parent's (half-)checked state from its children.
 */
async function leafRuleIds(ctx: AppContext, rules: string | null): Promise<number[] | '*'> {
  const parsed = parseRuleList(rules);
  if (parsed.all) return '*';
  const selected = await ctx.db.kysely
    .selectFrom('admin_rule')
    .select(['id', 'pid'])
    .where('id', 'in', parsed.ids.length ? parsed.ids : [0])
    .execute();
  const parents = new Set(selected.map((rule) => rule.pid));
  return selected.map((rule) => rule.id).filter((id) => !parents.has(id));
}
