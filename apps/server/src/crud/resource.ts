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
import { type ActionSpec, adminController } from '../http/routes.js';
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

export interface ResourceSpec {
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
  /** Loads one row for the edit form; undefined when missing or not the caller's to see. */
  loadRow?(id: number, request: FastifyRequest): Promise<Row | undefined>;
  add?(body: unknown, w: WriteContext): Promise<void>;
  edit?(id: number, body: unknown, w: WriteContext): Promise<void>;
  /** Deletes the rows (already limited to existing ids); returns how many went. */
  del?(ids: number[], w: WriteContext): Promise<number>;
  /** Sort by swapping `weigh` of two rows. */
  sortable?: boolean;
  /**
   * Fields the list toggles in place (switch cells post `{id, field}` alone). Such an edit
   * is completed with the stored row and goes through `edit`, so every rule still holds.
   */
  switchFields?: string[];
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

const idQuery = z.object({ id: input.id() });
const delInput = z.object({ ids: input.ids() });
const sortInput = z.object({ id: input.id(), targetId: input.id() });

export function registerResource(app: FastifyInstance, ctx: AppContext, spec: ResourceSpec): void {
  const { kysely } = ctx.db;
  const actions: ActionSpec[] = [
    {
      action: 'index',
      method: 'GET',
      handler: async (request) => {
        const remark = await routeRemark(ctx, spec.controller, request.lang);
        const data = await listRows(ctx, spec, request);
        const extra = spec.indexExtra ? await spec.indexExtra(request) : {};
        return ok({ ...data, ...extra, remark });
      },
    },
  ];

  if (spec.edit) {
    const edit = spec.edit;
    actions.push({
      action: 'edit',
      method: ['GET', 'POST'],
      handler: async (request) => {
        if (request.method === 'GET') {
          const { id } = parseInput(idQuery, request.query);
          const row = await (spec.loadRow ?? defaultLoadRow(ctx, spec))(id, request);
          if (!row) throw new ApiError('Record not found');
          return ok({ row });
        }
        const posted = requireBody(request.body);
        const { id } = parseInput(idQuery, posted);
        const body = (await switchEdit(ctx, spec, id, posted, request)) ?? posted;
        await runWrite(kysely, request, (w) =>
          ctx.captures.edit(w, spec.controller, id, () => edit(id, body, w)),
        );
        await forgetCachedRules(ctx);
        return ok(null, 'Update successful');
      },
    });
  }

  if (spec.add) {
    const add = spec.add;
    actions.push({
      action: 'add',
      method: 'POST',
      handler: async (request) => {
        const body = requireBody(request.body);
        await runWrite(kysely, request, (w) => add(body, w));
        await forgetCachedRules(ctx);
        return ok(null, 'Added successfully');
      },
    });
  }

  if (spec.del) {
    const del = spec.del;
    actions.push({
      action: 'del',
      method: ['POST', 'DELETE'],
      handler: async (request) => {
        const { ids } = parseInput(delInput, { ...asObject(request.query), ...asObject(request.body) });
        const unique = [...new Set(ids)];
        const count = await runWrite(kysely, request, (w) =>
          ctx.captures.deletes(w, spec.controller, unique, () => del(unique, w)),
        );
        await forgetCachedRules(ctx);
        if (count === 0) throw new ApiError('No rows were deleted');
        return ok(null, 'Deleted successfully');
      },
    });
  }

  if (spec.sortable) {
    actions.push({
      action: 'sortable',
      method: 'POST',
      handler: async (request) => {
        const { id, targetId } = parseInput(sortInput, request.body);
        await kysely.transaction().execute((trx) => swapWeigh(trx, spec.table, id, targetId));
        return ok(null);
      },
    });
  }

  adminController(app, ctx, spec.controller, [...actions, ...(spec.actions ?? [])]);
  rememberResource(app, {
    controller: spec.controller,
    table: spec.table,
    deletes: !!spec.del,
    edits: !!spec.edit,
  });
}

async function listRows(ctx: AppContext, spec: ResourceSpec, request: FastifyRequest) {
  const query = asObject(request.query);
  const params = parseListParams(query, spec.list);
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

function requireBody(body: unknown): Row {
  const object = asObject(body);
  if (Object.keys(object).length === 0) throw new ApiError('Parameter %s can not be empty', ['data']);
  return object;
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

/** A switch cell's `{id, field: '0'|'1'}`, completed with the stored row; null for a full form. */
async function switchEdit(
  ctx: AppContext,
  spec: ResourceSpec,
  id: number,
  posted: Record<string, unknown>,
  request: FastifyRequest,
): Promise<Record<string, unknown> | null> {
  const fields = Object.keys(posted).filter((key) => key !== 'id');
  const [field] = fields;
  if (fields.length !== 1 || !field || !spec.switchFields?.includes(field)) return null;
  const value = posted[field];
  if (value !== '0' && value !== '1' && value !== 0 && value !== 1) {
    throw new ApiError('Parameter %s is invalid', [field]);
  }
  const row = await (spec.loadRow ?? defaultLoadRow(ctx, spec))(id, request);
  if (!row) throw new ApiError('Record not found');
  return { ...row, [field]: String(value), id };
}
