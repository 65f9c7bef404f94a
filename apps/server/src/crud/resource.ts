/**
 * The resource helper: a management screen's server side declared once — table, list
 * whitelist, how rows are shown, validated and saved — and turned into the generic
 * actions index, export, edit (GET and POST), add, del (POST or DELETE), sortable and import. Each write
 * runs in one transaction, which is also where audit captures (recycle bin, sensitive
 * data) hook in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { routeRemark } from '../auth/rule-remarks.js';
import type { Db } from '../db/connection.js';
import type { Database, TableName } from '../db/schema.js';
import { declareListIndexes, declareSearchIndex, searchSideTables } from '../db/search-registry.js';
import { ok } from '../http/envelope.js';
import { ApiError } from '../http/errors.js';
import { type ActionSpec, adminController, defineAction } from '../http/routes.js';
import { input, parseInput } from '../http/validate.js';
import { exportAction } from './export/export-action.js';
import { importActions } from './import/import-action.js';
import { listDialect } from './list-dialect.js';
import { asObject, listRows } from './list-rows.js';
import {
  idQuery,
  idsInput,
  idsOf,
  listAnswer,
  listQuerySchema,
  sortBody,
  switchBody,
} from './list-schemas.js';
import { withListTrace } from './list-trace.js';
import type { ListReader, ResourceServices, RowWriter } from './resource-services.js';
import { prepareAdd, type ResourceSpec, type Row } from './resource-spec.js';
import { runWrite } from './run-write.js';

export { asObject } from './list-rows.js';
export type { ResourceSpec, Row } from './resource-spec.js';
export { runWrite } from './run-write.js';

/** What the data-security rule screens may monitor: every resource, with what it can do. */
export interface RegisteredResource {
  controller: string;
  table: TableName;
  deletes: boolean;
  edits: boolean;
}

const resourceRegistry = new WeakMap<FastifyInstance, RegisteredResource[]>();

/** Records a resource; controllers written by hand (routine.Config) call this themselves. */
export function rememberResource(app: FastifyInstance, resource: RegisteredResource): void {
  const registry = resourceRegistry.get(app) ?? [];
  resourceRegistry.set(app, registry);
  registry.push(resource);
}

/**
 * A resource whose table has indexes of its module's (ResourceSpec.searchIndex, listIndexes):
 * they are declared to the list engine, the search index's side tables get the table prefix,
 * and the quick search reads it when it covers every quick-search text field.
 */
function withSearchIndex(db: Db, spec: ResourceSpec): ResourceSpec {
  declareListIndexes(spec.table, spec.listIndexes ?? []);
  const columns = spec.searchIndex ?? [];
  if (columns.length === 0 || spec.list.quickSearchIndex) return spec;
  const key = spec.list.fields[spec.list.pk]?.column.split('.').pop() ?? 'id';
  declareSearchIndex(spec.table, columns, key);
  db.addTables(searchSideTables(spec.table));
  // Its text fields, that is: a number field is searched beside it (crud/quick-fields.ts).
  const texts = spec.list.quickSearch.filter((name) => spec.list.fields[name]?.type === 'string');
  const covered = texts.every((name) => {
    const [table, column = ''] = spec.list.fields[name]?.column.split('.') ?? [];
    return table === spec.table && columns.includes(column);
  });
  if (!covered || texts.length === 0) return spec;
  return { ...spec, list: { ...spec.list, quickSearchIndex: `${spec.table}_search` } };
}

/** The resources registered so far on this app (read per request: installed modules come later). */
export function registeredResources(app: FastifyInstance): readonly RegisteredResource[] {
  return resourceRegistry.get(app) ?? [];
}

export function registerResource<A extends z.ZodType, E extends z.ZodType, P = z.output<A>>(
  app: FastifyInstance,
  ctx: ResourceServices,
  spec: ResourceSpec<A, E, P>,
): void {
  const { kysely } = ctx.db;
  // The database's list strategy, chosen here once for every request of this resource.
  const lists: ListReader = { db: ctx.db, dialect: listDialect(ctx.db.dialect), settings: ctx.settings };
  const resource = withSearchIndex(ctx.db, spec as unknown as ResourceSpec);
  const row = required(spec.row, spec.controller, 'row');
  const actions: ActionSpec[] = [
    defineAction({
      action: 'index',
      method: 'GET',
      schema: { summary: 'List', query: listQuerySchema, data: listAnswer(row) },
      handler: async (request, reply) => {
        const remark = await routeRemark(ctx, spec.controller, request.lang);
        const data = await withListTrace(ctx.db, request, reply, () => listRows(lists, resource, request));
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
          const typed = (await switchEdit(ctx, resource, editBody, posted, request)) ?? posted;
          const data = spec.prepareEdit ? await spec.prepareEdit(typed as z.output<E>) : typed;
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
          const data = (await prepareAdd(resource, request.body)) as P;
          await runWrite(kysely, request, (w) => add(data, w));
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

  actions.push(exportAction(lists, resource), ...importActions(ctx, resource));
  const permitted = actions.map((action) => {
    const permission = spec.permissions?.[action.action];
    return permission ? { ...action, permission } : action;
  });
  adminController(app, ctx, spec.controller, [...permitted, ...(spec.actions ?? [])]);
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

function defaultLoadRow(ctx: { db: Db }, spec: ResourceSpec) {
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

/**
 * Any back-office write may change groups, rules or memberships: drop what is cached from them,
 * here and in the other server processes on the database.
 */
function forgetCachedRules(ctx: RowWriter): Promise<void> {
  return ctx.caches.changed('rules');
}

/**
 * A switch cell's `{id, field}` (switchBody), completed with the stored row and checked as
 * a full form; null for a full form.
 */
async function switchEdit(
  ctx: { db: Db },
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
