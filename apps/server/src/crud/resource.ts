/**
 * The resource helper: a management screen's server side declared once — table, list
 * whitelist, how rows are shown, validated and saved — and turned into the generic
 * actions index, edit (GET and POST), add, del (POST or DELETE) and sortable. Each write
 * runs in one transaction, which is also where audit captures (recycle bin, sensitive
 * data) hook in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { routeRemark } from '../auth/rule-remarks.js';
import type { AppContext } from '../context.js';
import { idOrderIndex } from '../db/migrations/0017-id-order-indexes.js';
import type { Database, TableName } from '../db/schema.js';
import { ok } from '../http/envelope.js';
import { ApiError } from '../http/errors.js';
import { type ActionSpec, adminController, defineAction } from '../http/routes.js';
import { input, parseInput } from '../http/validate.js';
import type { Lang } from '../i18n/index.js';
import { fewTextMatches } from './few-matches.js';
import { blockStarts } from './id-block.js';
import { planIdSpan, withinSpan } from './id-span.js';
import { pageRows } from './list-page-rows.js';
import {
  applyListFilters,
  applyListOrder,
  type ListSpec,
  pageFromOtherIndex,
  parseListParams,
} from './list-query.js';
import {
  idQuery,
  idsInput,
  idsOf,
  listAnswer,
  listQuerySchema,
  sortBody,
  switchBody,
} from './list-schemas.js';
import { type ListTotal, listTotal } from './list-total.js';
import type { AnySelect } from './query-types.js';
import { pageFromSearchIndex, searchIndexMatches } from './search-index.js';
import { buildTree, type TreeRow, treeOptions } from './tree.js';
import { planTrigrams } from './trigram-search.js';
import type { WriteContext } from './write-context.js';

export type Row = Record<string, unknown>;

/** Runs a write in a transaction, then the tasks it left for after the commit. */
export async function runWrite<T>(
  kysely: Kysely<Database>,
  request: FastifyRequest,
  run: (w: WriteContext) => Promise<T>,
): Promise<T> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await kysely
    .transaction()
    .execute((trx) => run({ request, trx, afterCommit: (task) => tasks.push(task) }));
  for (const task of tasks) await task();
  return result;
}

export interface ResourceSpec<A extends z.ZodType = z.ZodType, E extends z.ZodType = z.ZodType> {
  /** Dotted controller as in the URL: `auth.Admin`. */
  controller: string;
  table: TableName;
  list: ListSpec;
  /** The list query with its joins and selected columns (never secrets). */
  listQuery(db: Kysely<Database>, request: FastifyRequest): AnySelect | Promise<AnySelect>;
  /** Adds or reshapes fields of listed rows (e.g. group names). */
  present?(rows: Row[], request: FastifyRequest): Promise<Row[]>;
  /**
   * Shows seeded labels (i18n/seeded-titles.ts) in the reader's language, after `present`. Lists
   * and selects only: never the edit form, which must save what is stored.
   */
  localise?(rows: Row[], lang: Lang): Row[];
  /** Tree resources answer every matching row nested under its parent (no paging). */
  tree?: { selectLabel: string; selectFilter?: (row: Row) => boolean };
  /**
   * A row as listed and as loaded into the edit form: the fields a client may rely on
   * (more may come). Under test every answer is checked against it.
   */
  row: z.ZodType;
  /** Loads one row for the edit form; undefined when missing or not the caller's to see. */
  loadRow?(id: number, request: FastifyRequest): Promise<Row | undefined>;
  /** The add form's fields, validated before `add` runs. */
  addBody?: A;
  add?(data: z.output<A>, w: WriteContext): Promise<void>;
  /** The edit form's fields (the row's `id` comes beside them), validated before `edit` runs. */
  editBody?: E;
  edit?(id: number, data: z.output<E>, w: WriteContext): Promise<void>;
  /**
   * Refuses an edit of a row out of the caller's reach (a super administrator, a group above
   * theirs) before the form is judged, so what they hear is "no permission", whatever they sent.
   * `edit` checks again inside its transaction.
   */
  assertReach?(id: number, request: FastifyRequest): Promise<void> | void;
  /** Deletes the rows (already limited to existing ids); returns how many went. */
  del?(ids: number[], w: WriteContext): Promise<number>;
  /** Sort by swapping `weigh` of two rows. */
  sortable?: boolean;
  /**
   * Fields the list toggles in place (switch cells post `{id, field}` alone). Such an edit
   * is completed with the stored row and goes through `edit`, so every rule still holds.
   */
  switchFields?: string[];
  /** Extra fields of the edit form's answer beside `row` (the original's `controllers`), declared. */
  editExtra?: { data: Record<string, z.ZodType>; load(request: FastifyRequest): Promise<Row> };
  /** Extra fields of the index answer (e.g. the caller's own groups). */
  indexExtra?(request: FastifyRequest): Promise<Row>;
  /** Extra actions of this controller. */
  actions?: ActionSpec[];
}

/** What the data-security rule screens may monitor: every resource, with what it can do. */
export interface RegisteredResource {
  controller: string;
  table: TableName;
  deletes: boolean;
  edits: boolean;
}

export const resourceRegistry = new WeakMap<FastifyInstance, RegisteredResource[]>();

/** Records a resource; controllers written by hand (routine.Config) call this themselves. */
export function rememberResource(app: FastifyInstance, resource: RegisteredResource): void {
  const registry = resourceRegistry.get(app) ?? [];
  resourceRegistry.set(app, registry);
  registry.push(resource);
}

export function registerResource<A extends z.ZodType, E extends z.ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: ResourceSpec<A, E>,
): void {
  const { kysely } = ctx.db;
  const resource = spec as unknown as ResourceSpec;
  const row = required(spec.row, spec.controller, 'row');
  const actions: ActionSpec[] = [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: { summary: 'List', query: listQuerySchema, data: listAnswer(row) },
      handler: async (request) => {
        const remark = await routeRemark(ctx, spec.controller, request.lang);
        const data = await listRows(ctx, resource, request);
        const extra = spec.indexExtra ? await spec.indexExtra(request) : {};
        return ok({ ...data, ...extra, remark });
      },
    }),
  ];

  if (spec.edit) {
    const edit = spec.edit;
    const editBody = required(spec.editBody, spec.controller, 'editBody');
    const form = z.object({ id: input.id() }).and(editBody);
    // A switch cell posts its field alone, else the full form comes (a refusal names the problem
    // of the shape the body came closer to: http/validate.ts).
    const switches = (spec.switchFields ?? []).map(switchBody);
    actions.push(
      defineAction({
        action: 'edit',
        method: 'GET',
        schema: {
          summary: 'Load a row for the edit form',
          query: idQuery,
          data: z.object({ row, ...spec.editExtra?.data }),
        },
        handler: async (request) => {
          const row = await (spec.loadRow ?? defaultLoadRow(ctx, resource))(request.query.id, request);
          if (!row) throw new ApiError('Record not found');
          return ok({ row, ...(await spec.editExtra?.load(request)) });
        },
      }),
      defineAction({
        action: 'edit',
        method: 'POST',
        guard: async (request) => {
          // The body is not validated yet: a malformed id is left for the schema to refuse.
          const id = idQuery.shape.id.safeParse(asObject(request.body).id);
          if (id.success) await spec.assertReach?.(id.data, request);
        },
        schema: {
          summary: 'Save a row',
          body: switches.length > 0 ? z.union([...switches, form]) : form,
          data: z.null(),
        },
        handler: async (request) => {
          const posted = request.body as Row & { id: number };
          const { id } = posted;
          const data = (await switchEdit(ctx, resource, editBody, posted, request)) ?? posted;
          await runWrite(kysely, request, (w) =>
            ctx.captures.edit(w, spec.controller, id, () => edit(id, data as z.output<E>, w)),
          );
          await forgetCachedRules(ctx);
          return ok(null, 'Update successful');
        },
      }),
    );
  }

  if (spec.add) {
    const add = spec.add;
    actions.push(
      defineAction({
        action: 'add',
        method: 'POST',
        schema: {
          summary: 'Add a row',
          body: required(spec.addBody, spec.controller, 'addBody'),
          data: z.null(),
        },
        handler: async (request) => {
          await runWrite(kysely, request, (w) => add(request.body as z.output<A>, w));
          await forgetCachedRules(ctx);
          return ok(null, 'Added successfully');
        },
      }),
    );
  }

  if (spec.del) {
    const del = spec.del;
    actions.push(
      defineAction({
        action: 'del',
        method: ['POST', 'DELETE'],
        schema: {
          summary: 'Delete rows (ids in the query or the body)',
          query: idsInput,
          body: idsInput,
          data: z.null(),
        },
        handler: async (request) => {
          const unique = idsOf(request);
          const count = await runWrite(kysely, request, (w) =>
            ctx.captures.deletes(w, spec.controller, unique, () => del(unique, w)),
          );
          await forgetCachedRules(ctx);
          if (count === 0) throw new ApiError('No rows were deleted');
          return ok(null, 'Deleted successfully');
        },
      }),
    );
  }

  if (spec.sortable) {
    actions.push(
      defineAction({
        action: 'sortable',
        method: 'POST',
        schema: { summary: 'Swap the order of two rows', body: sortBody, data: z.null() },
        handler: async (request) => {
          const { id, targetId } = request.body;
          await kysely.transaction().execute((trx) => swapWeigh(trx, spec.table, id, targetId));
          return ok(null);
        },
      }),
    );
  }

  adminController(app, ctx, spec.controller, [...actions, ...(spec.actions ?? [])]);
  rememberResource(app, {
    controller: spec.controller,
    table: spec.table,
    deletes: !!spec.del,
    edits: !!spec.edit,
  });
}

function required<T>(schema: T | undefined, controller: string, name: string): T {
  if (!schema) throw new Error(`${controller}: a resource declares its ${name} (see ResourceSpec)`);
  return schema;
}

async function listRows(ctx: AppContext, spec: ResourceSpec, request: FastifyRequest) {
  const query = asObject(request.query);
  const params = parseListParams(query, spec.list, spec.table);
  const unfiltered = await spec.listQuery(ctx.db.kysely, request);
  const present = async (rows: Row[]) => {
    const shown = spec.present ? await spec.present(rows, request) : rows;
    return spec.localise ? spec.localise(shown, request.lang) : shown;
  };
  if (!spec.tree) {
    const searched = await pageFromSearchIndex(ctx.db.kysely, ctx.db.dialect, spec.list, params, unfiltered);
    if (searched) {
      const { rows, ...total } = searched;
      return { list: await present(rows), ...total };
    }
  }
  const trigrams = await planTrigrams(ctx.db, spec.list, params);
  const timeZone = await ctx.settings.get('time_zone');
  const span = spec.tree ? null : await planIdSpan(ctx.db, spec.table, spec.list, params, timeZone);
  const matches = await searchIndexMatches(ctx.db.kysely, ctx.db.dialect, spec.list, params);
  const filtered = applyListFilters(unfiltered, spec.list, params, ctx.db.dialect, {
    timeZone,
    lang: request.lang,
    trigrams,
    matches,
  });
  const base = span ? filtered.where(withinSpan(spec.list, span)) : filtered;

  if (spec.tree) {
    const rows = await present((await applyListOrder(base, spec.list, params).execute()) as Row[]);
    const nodes = rows as TreeRow[];
    if (params.select) {
      const filter = spec.tree.selectFilter ?? (() => true);
      return { options: treeOptions(buildTree(nodes.filter(filter)), spec.tree.selectLabel) };
    }
    // A remote select asking for its current values, or `isTree=0`, wants a flat list.
    const flat = query.isTree === '0' || params.initValue.length > 0;
    return { list: flat ? rows : buildTree(nodes) };
  }
  // No condition from the request nor from the resource (a scope): the whole table is listed.
  const wholeTable =
    !params.quickSearch &&
    params.search.length === 0 &&
    params.initValue.length === 0 &&
    !unfiltered.toOperationNode().where;
  // A text search matching few rows: its page is taken from its index's matches, sorted.
  // Estimated without the span's `id between`, which repeats the time range's selectivity
  // (PostgreSQL multiplies the two and took a month's 54,000 matches for 1,563).
  const narrowed = await fewTextMatches(ctx.db, spec.list, params, filtered);
  // A window count walks the rows the way the page does, when the page walks the order.
  const ordered = pageFromOtherIndex(spec.list, params, { narrowed, spanned: !!span })
    ? undefined
    : applyListOrder(base, spec.list, params);
  const total = () => listTotal(ctx.db, spec.table, base, wholeTable, { ...params, ordered });
  const page = (known?: ListTotal) =>
    pageRows(base, spec.list, params, ctx.db.dialect, {
      narrowed,
      spanned: !!span,
      total: known,
      idIndex: ctx.db.dialect === 'mysql' ? idOrderIndex(ctx.db.prefix, spec.table) : undefined,
      blockStart: wholeTable ? blockStarts(ctx.db, spec.table, spec.list) : undefined,
    });
  // The whole table's kept count comes at once and lets its back half be read from the end.
  // A filtered list's count walks rows as its page does: both at once, on two connections
  // (its total is exact only when small, where reading from the end saves little).
  const [counted, rows] = wholeTable
    ? await total().then(async (known) => [known, await page(known)] as const)
    : await Promise.all([total(), page()]);
  return { list: await present(rows), ...counted };
}

function defaultLoadRow(ctx: AppContext, spec: ResourceSpec) {
  return async (id: number, request: FastifyRequest) => {
    const query = await spec.listQuery(ctx.db.kysely, request);
    const row = (await query.where(`${spec.table}.id`, '=', id).executeTakeFirst()) as Row | undefined;
    if (!row || !spec.present) return row;
    return (await spec.present([row], request))[0];
  };
}

/** Swaps the weigh of two rows, as the original's quick sort does. */
async function swapWeigh(
  trx: Transaction<Database>,
  table: TableName,
  id: number,
  targetId: number,
): Promise<void> {
  // Every sortable table has id and weigh; the cast narrows Kysely's table union.
  const t = table as 'admin_rule';
  const rows = await trx.selectFrom(t).select(['id', 'weigh']).where('id', 'in', [id, targetId]).execute();
  const row = rows.find((r) => r.id === id);
  const target = rows.find((r) => r.id === targetId);
  if (!row || !target) throw new ApiError('Record not found');
  if (row.weigh === target.weigh) {
    throw new ApiError('Invalid collation because the weights of the two targets are equal');
  }
  await trx.updateTable(t).set({ weigh: target.weigh }).where('id', '=', id).execute();
  await trx.updateTable(t).set({ weigh: row.weigh }).where('id', '=', targetId).execute();
}

export function asObject(value: unknown): Row {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
}

/**
 * Any back-office write may change groups, rules or memberships: drop what is cached from them,
 * here and in the other server processes on the database.
 */
function forgetCachedRules(ctx: AppContext): Promise<void> {
  return ctx.caches.changed('rules');
}

/**
 * A switch cell's `{id, field}` (switchBody), completed with the stored row and checked as
 * a full form; null for a full form.
 */
async function switchEdit(
  ctx: AppContext,
  spec: ResourceSpec,
  editBody: z.ZodType,
  posted: Row & { id: number },
  request: FastifyRequest,
): Promise<unknown> {
  const fields = Object.keys(posted).filter((key) => key !== 'id');
  const [field] = fields;
  if (fields.length !== 1 || !field || !spec.switchFields?.includes(field)) return null;
  const row = await (spec.loadRow ?? defaultLoadRow(ctx, spec))(posted.id, request);
  if (!row) throw new ApiError('Record not found');
  return parseInput(editBody, { ...row, [field]: String(posted[field]), id: posted.id });
}
