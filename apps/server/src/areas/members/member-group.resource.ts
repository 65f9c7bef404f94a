/**
 * user.Group — member groups and the member rules they grant. A selection of every rule
 * is stored as `*`; a group that still has members cannot be deleted.
 */

import {
  ApiError,
  type AppContext,
  input,
  insertId,
  MEMBER_GROUP_NAMES,
  now,
  parseRuleList,
  type Row,
  registerResource,
  translate,
  updateFoundRow,
  type WriteContext,
} from '@portico/server-sdk';
import { AdminController, type MemberGroupRow } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MEMBERS_MESSAGES } from './lang.js';

const groupBody = z.object({
  name: z.string().trim().min(1).max(50),
  rules: input
    .ruleIds()
    .describe('The member rule ids granted (an array or a comma string); every rule is stored as *.'),
  status: z.enum(['0', '1']).default('1'),
});
/** A group as listed (with `rules_text`) and as loaded into the edit form (`rules` as leaf ids or '*'). */
const groupRow = z.looseObject({
  id: z.number(),
  name: z.string(),
  rules: z
    .union([z.string(), z.array(z.number())])
    .nullable()
    .describe("Listed: the stored '*' or comma list. Edit form: '*' or the checked leaf rule ids."),
  rules_text: z.string().optional().describe('Listed only: how many rules, or all of them.'),
  status: z.enum(['0', '1']),
  create_time: z.number().nullable(),
  update_time: z.number().nullable(),
}) satisfies z.ZodType<MemberGroupRow>;

export function registerMemberGroupResource(app: FastifyInstance, ctx: AppContext): void {
  const { kysely } = ctx.db;

  const ruleList = async (w: WriteContext, ids: number[]): Promise<string> => {
    const all = await w.trx.selectFrom('user_rule').select('id').execute();
    const known = new Set(all.map((r) => r.id));
    const wanted = [...new Set(ids)].filter((id) => known.has(id));
    if (wanted.length === 0) throw new ApiError(MEMBERS_MESSAGES.noRule);
    return wanted.length === known.size ? '*' : wanted.join(',');
  };

  registerResource(app, ctx, {
    controller: AdminController.memberGroup,
    table: 'user_group',
    list: {
      pk: 'id',
      fields: {
        id: { column: 'user_group.id', type: 'number' },
        name: { column: 'user_group.name', type: 'string' },
        status: { column: 'user_group.status', type: 'string' },
        create_time: { column: 'user_group.create_time', type: 'time' },
        update_time: { column: 'user_group.update_time', type: 'time' },
      },
      quickSearch: ['name'],
      seededLabel: { field: 'name', key: 'id', titles: MEMBER_GROUP_NAMES },
      defaultOrder: { field: 'id', direction: 'asc' },
    },
    listQuery: (db) => db.selectFrom('user_group').selectAll(),
    row: groupRow,
    localise: (rows, lang) => MEMBER_GROUP_NAMES.localise(rows, 'id', 'name', lang),
    present: async (rows: Row[], request) =>
      rows.map((row) => {
        const rules = parseRuleList(row.rules as string | null);
        const text = rules.all
          ? translate(MEMBERS_MESSAGES.allRules, request.lang)
          : String(rules.ids.length);
        return { ...row, rules_text: text };
      }),
    loadRow: async (id) => {
      const row = await kysely.selectFrom('user_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const rules = parseRuleList(row.rules);
      if (rules.all) return { ...row, rules: '*' };
      // Parents are left out: the permission tree derives their half-checked state.
      const parents = new Set(
        (
          await kysely
            .selectFrom('user_rule')
            .select('pid')
            .where('id', 'in', rules.ids.length ? rules.ids : [0])
            .execute()
        ).map((r) => r.pid),
      );
      return { ...row, rules: rules.ids.filter((id) => !parents.has(id)) };
    },
    addBody: groupBody,
    add: async (data, w) => {
      const rules = await ruleList(w, data.rules);
      const time = now();
      await insertId(
        ctx.db,
        w.trx.insertInto('user_group').values({ ...data, rules, create_time: time, update_time: time }),
      );
    },
    editBody: groupBody,
    edit: async (id, data, w) => {
      const rules = await ruleList(w, data.rules);
      await updateFoundRow(
        w.trx
          .updateTable('user_group')
          .set({ ...data, rules, update_time: now() })
          .where('id', '=', id),
      );
    },
    del: async (ids, w) => {
      const used = await w.trx
        .selectFrom('user')
        .select('id')
        .where('group_id', 'in', ids)
        .executeTakeFirst();
      if (used) throw new ApiError(MEMBERS_MESSAGES.groupInUse);
      const result = await w.trx.deleteFrom('user_group').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  });
}
